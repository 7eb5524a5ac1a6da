package io.gpuchassis.agent.redfish.composition;

import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.MessageInstance;

/** The refusal of a property a PATCH may not change. */
final class PatchRefusals {

  private PatchRefusals() {}

  /** PropertyNotWritable for a property the resource shows, PropertyUnknown for one it does not. */
  static MessageInstance of(String name, boolean shown, String pointer) {
    return (shown
            ? BaseMessages.PROPERTY_NOT_WRITABLE.with(name)
            : BaseMessages.PROPERTY_UNKNOWN.with(name))
        .about(pointer);
  }
}
