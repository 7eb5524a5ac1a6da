package io.gpuchassis.redfish.message;

import java.util.List;

/**
 * A message of a registry a service publishes itself, as its registry file describes it: what it
 * records and what each argument means.
 */
public record PublishedMessage(
    MessageDefinition definition, String description, List<String> arguments) {

  public PublishedMessage {
    arguments = List.copyOf(arguments);
    if (arguments.size() != definition.numberOfArgs()) {
      throw new IllegalArgumentException(
          definition.messageId()
              + " describes "
              + arguments.size()
              + " arguments of its "
              + definition.numberOfArgs());
    }
  }
}
