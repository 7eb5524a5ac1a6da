package io.gpuchassis.redfish.message;

import java.util.List;
import java.util.Optional;

/**
 * The Environmental registry messages the agent raises for temperatures and fans (DMTF
 * Environmental 1.4.0).
 */
public final class EnvironmentalMessages {

  public static final String REGISTRY = "Environmental.1.4.0";

  public static final MessageDefinition TEMPERATURE_ABOVE_UPPER_CAUTION_THRESHOLD =
      define(
              "TemperatureAboveUpperCautionThreshold",
              "Temperature '%1' reading of %2 degrees (C) is above the %3 upper caution threshold.",
              "Warning",
              3,
              "Check the condition of the resource listed in OriginOfCondition.")
          .withNumbers(2, 3);
  public static final MessageDefinition TEMPERATURE_ABOVE_UPPER_CRITICAL_THRESHOLD =
      define(
              "TemperatureAboveUpperCriticalThreshold",
              "Temperature '%1' reading of %2 degrees (C) is above the %3 upper critical threshold.",
              "Critical",
              3,
              "Check the condition of the resource listed in OriginOfCondition.")
          .withNumbers(2, 3);
  public static final MessageDefinition TEMPERATURE_ABOVE_UPPER_FATAL_THRESHOLD =
      define(
              "TemperatureAboveUpperFatalThreshold",
              "Temperature '%1' reading of %2 degrees (C) is above the %3 upper fatal threshold.",
              "Critical",
              3,
              "Check the condition of the resource listed in OriginOfCondition.")
          .withNumbers(2, 3);
  public static final MessageDefinition TEMPERATURE_BELOW_LOWER_CAUTION_THRESHOLD =
      define(
              "TemperatureBelowLowerCautionThreshold",
              "Temperature '%1' reading of %2 degrees (C) is below the %3 lower caution threshold.",
              "Warning",
              3,
              "Check the condition of the resource listed in OriginOfCondition.")
          .withNumbers(2, 3);
  public static final MessageDefinition TEMPERATURE_BELOW_LOWER_CRITICAL_THRESHOLD =
      define(
              "TemperatureBelowLowerCriticalThreshold",
              "Temperature '%1' reading of %2 degrees (C) is below the %3 lower critical threshold.",
              "Critical",
              3,
              "Check the condition of the resource listed in OriginOfCondition.")
          .withNumbers(2, 3);
  public static final MessageDefinition TEMPERATURE_BELOW_LOWER_FATAL_THRESHOLD =
      define(
              "TemperatureBelowLowerFatalThreshold",
              "Temperature '%1' reading of %2 degrees (C) is below the %3 lower fatal threshold.",
              "Critical",
              3,
              "Check the condition of the resource listed in OriginOfCondition.")
          .withNumbers(2, 3);
  public static final MessageDefinition TEMPERATURE_BELOW_UPPER_FATAL_THRESHOLD =
      define(
              "TemperatureBelowUpperFatalThreshold",
              "Temperature '%1' reading of %2 degrees (C) is now below the %3 upper fatal threshold but remains outside of normal range.",
              "Critical",
              3,
              "Check the condition of the resource listed in OriginOfCondition.")
          .withNumbers(2, 3);
  public static final MessageDefinition TEMPERATURE_BELOW_UPPER_CRITICAL_THRESHOLD =
      define(
              "TemperatureBelowUpperCriticalThreshold",
              "Temperature '%1' reading of %2 degrees (C) is now below the %3 upper critical threshold but remains outside of normal range.",
              "Warning",
              3,
              "Check the condition of the resource listed in OriginOfCondition.")
          .withNumbers(2, 3);
  public static final MessageDefinition TEMPERATURE_ABOVE_LOWER_FATAL_THRESHOLD =
      define(
              "TemperatureAboveLowerFatalThreshold",
              "Temperature '%1' reading of %2 degrees (C) is now above the %3 lower fatal threshold but remains outside of normal range.",
              "Critical",
              3,
              "Check the condition of the resource listed in OriginOfCondition.")
          .withNumbers(2, 3);
  public static final MessageDefinition TEMPERATURE_ABOVE_LOWER_CRITICAL_THRESHOLD =
      define(
              "TemperatureAboveLowerCriticalThreshold",
              "Temperature '%1' reading of %2 degrees (C) is now above the %3 lower critical threshold but remains outside of normal range.",
              "Warning",
              3,
              "Check the condition of the resource listed in OriginOfCondition.")
          .withNumbers(2, 3);
  public static final MessageDefinition TEMPERATURE_NORMAL =
      define(
              "TemperatureNormal",
              "Temperature '%1' reading of %2 degrees (C) is within normal operating range.",
              "OK",
              2,
              "None.")
          .withNumbers(2);
  public static final MessageDefinition FAN_FAILED =
      define(
          "FanFailed",
          "Fan '%1' has failed.",
          "Critical",
          1,
          "Check the fan hardware and replace any faulty component.");
  public static final MessageDefinition FAN_WARNING =
      define(
          "FanWarning",
          "Fan '%1' has a warning condition.",
          "Warning",
          1,
          "Check the fan hardware and replace any faulty component.");
  public static final MessageDefinition FAN_RESTORED =
      define("FanRestored", "Fan '%1' was restored.", "OK", 1, "None.");

  private static final List<MessageDefinition> ALL =
      List.of(
          TEMPERATURE_ABOVE_UPPER_CAUTION_THRESHOLD,
          TEMPERATURE_ABOVE_UPPER_CRITICAL_THRESHOLD,
          TEMPERATURE_ABOVE_UPPER_FATAL_THRESHOLD,
          TEMPERATURE_BELOW_LOWER_CAUTION_THRESHOLD,
          TEMPERATURE_BELOW_LOWER_CRITICAL_THRESHOLD,
          TEMPERATURE_BELOW_LOWER_FATAL_THRESHOLD,
          TEMPERATURE_BELOW_UPPER_FATAL_THRESHOLD,
          TEMPERATURE_BELOW_UPPER_CRITICAL_THRESHOLD,
          TEMPERATURE_ABOVE_LOWER_FATAL_THRESHOLD,
          TEMPERATURE_ABOVE_LOWER_CRITICAL_THRESHOLD,
          TEMPERATURE_NORMAL,
          FAN_FAILED,
          FAN_WARNING,
          FAN_RESTORED);

  private EnvironmentalMessages() {}

  /** The definition with this key, if the agent raises it. */
  public static Optional<MessageDefinition> byKey(String key) {
    return ALL.stream().filter(d -> d.key().equals(key)).findFirst();
  }

  private static MessageDefinition define(
      String key, String template, String severity, int args, String resolution) {
    return new MessageDefinition(REGISTRY, key, template, severity, args, resolution);
  }
}
