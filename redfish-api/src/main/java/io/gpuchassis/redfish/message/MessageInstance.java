package io.gpuchassis.redfish.message;

import java.util.List;

/**
 * A registry message with its arguments and the properties it is about (JSON pointers such as
 * {@code /UserName}).
 */
public record MessageInstance(
    MessageDefinition definition, List<String> args, List<String> relatedProperties) {

  public MessageInstance {
    args = List.copyOf(args);
    relatedProperties = List.copyOf(relatedProperties);
  }

  public MessageInstance about(String... jsonPointers) {
    return new MessageInstance(definition, args, List.of(jsonPointers));
  }

  public String text() {
    return definition.format(args);
  }
}
