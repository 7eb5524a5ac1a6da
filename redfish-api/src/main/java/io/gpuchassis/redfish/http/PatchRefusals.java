package io.gpuchassis.redfish.http;

import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.MessageInstance;

/** The refusal of a property a request may not set. */
public final class PatchRefusals {

  private PatchRefusals() {}

  /** PropertyNotWritable for a property the resource shows, PropertyUnknown for one it does not. */
  public static MessageInstance of(String name, boolean shown, String pointer) {
    return (shown
            ? BaseMessages.PROPERTY_NOT_WRITABLE.with(name)
            : BaseMessages.PROPERTY_UNKNOWN.with(name))
        .about(pointer);
  }
}
