package io.gpuchassis.redfish.message;

import java.util.List;

/**
 * One message of a DMTF message registry, as the agent emits it: {@code registry} is the registry's
 * prefix and version ({@code Base.1.22.1}), {@code key} the message's name in it. Texts are the
 * registry's own; a test compares them with the registry files so they cannot drift.
 */
public record MessageDefinition(
    String registry,
    String key,
    String template,
    String severity,
    int numberOfArgs,
    String resolution,
    List<String> paramTypes) {

  public MessageDefinition {
    paramTypes = List.copyOf(paramTypes);
    if (paramTypes.size() != numberOfArgs) {
      throw new IllegalArgumentException(
          registry
              + "."
              + key
              + " has "
              + numberOfArgs
              + " arguments but "
              + paramTypes.size()
              + " parameter types");
    }
  }

  /** A message whose arguments are all strings (the registries' {@code ParamTypes}). */
  public MessageDefinition(
      String registry,
      String key,
      String template,
      String severity,
      int numberOfArgs,
      String resolution) {
    this(
        registry,
        key,
        template,
        severity,
        numberOfArgs,
        resolution,
        java.util.Collections.nCopies(numberOfArgs, "string"));
  }

  /**
   * This message with the arguments at {@code positions} (1-based, as in {@code %1}) typed {@code
   * number}, as the registry's {@code ParamTypes} say.
   */
  public MessageDefinition withNumbers(int... positions) {
    List<String> types = new java.util.ArrayList<>(paramTypes);
    for (int position : positions) {
      types.set(position - 1, "number");
    }
    return new MessageDefinition(
        registry, key, template, severity, numberOfArgs, resolution, types);
  }

  /** The full MessageId, e.g. {@code Base.1.22.1.ResourceNotFound}. */
  public String messageId() {
    return registry + "." + key;
  }

  /** This message with its arguments filled in. */
  public MessageInstance with(Object... args) {
    if (args.length != numberOfArgs) {
      throw new IllegalArgumentException(
          messageId() + " takes " + numberOfArgs + " arguments, got " + args.length);
    }
    List<String> strings = java.util.Arrays.stream(args).map(String::valueOf).toList();
    return new MessageInstance(this, strings, List.of());
  }

  /** Substitutes {@code %1}, {@code %2}, ... in the template. */
  public String format(List<String> args) {
    String text = template;
    for (int i = args.size(); i >= 1; i--) {
      text = text.replace("%" + i, args.get(i - 1));
    }
    return text;
  }
}
