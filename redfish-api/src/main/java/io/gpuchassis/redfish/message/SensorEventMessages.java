package io.gpuchassis.redfish.message;

import java.util.Optional;

/**
 * The SensorEvent registry messages the agent raises when a sensor crosses a threshold or fails
 * (SensorEvent 1.1.0).
 */
public final class SensorEventMessages {

  public static final String REGISTRY = "SensorEvent.1.1.0";

  public static final MessageDefinition READING_ABOVE_UPPER_CAUTION_THRESHOLD =
      define(
              "ReadingAboveUpperCautionThreshold",
              "Sensor '%1' reading of %2 (%3) is above the %4 upper caution threshold.",
              "Warning",
              4,
              "Check the condition of the resources listed in RelatedItem.")
          .withNumbers(2, 4);
  public static final MessageDefinition READING_ABOVE_UPPER_CRITICAL_THRESHOLD =
      define(
              "ReadingAboveUpperCriticalThreshold",
              "Sensor '%1' reading of %2 (%3) is above the %4 upper critical threshold.",
              "Critical",
              4,
              "Check the condition of the resources listed in RelatedItem.")
          .withNumbers(2, 4);
  public static final MessageDefinition READING_ABOVE_UPPER_FATAL_THRESHOLD =
      define(
              "ReadingAboveUpperFatalThreshold",
              "Sensor '%1' reading of %2 (%3) is above the %4 upper fatal threshold.",
              "Critical",
              4,
              "Check the condition of the resources listed in RelatedItem.")
          .withNumbers(2, 4);
  public static final MessageDefinition READING_BELOW_LOWER_CAUTION_THRESHOLD =
      define(
              "ReadingBelowLowerCautionThreshold",
              "Sensor '%1' reading of %2 (%3) is below the %4 lower caution threshold.",
              "Warning",
              4,
              "Check the condition of the resources listed in RelatedItem.")
          .withNumbers(2, 4);
  public static final MessageDefinition READING_BELOW_LOWER_CRITICAL_THRESHOLD =
      define(
              "ReadingBelowLowerCriticalThreshold",
              "Sensor '%1' reading of %2 (%3) is below the %4 lower critical threshold.",
              "Critical",
              4,
              "Check the condition of the resources listed in RelatedItem.")
          .withNumbers(2, 4);
  public static final MessageDefinition READING_BELOW_LOWER_FATAL_THRESHOLD =
      define(
              "ReadingBelowLowerFatalThreshold",
              "Sensor '%1' reading of %2 (%3) is below the %4 lower fatal threshold.",
              "Critical",
              4,
              "Check the condition of the resources listed in RelatedItem.")
          .withNumbers(2, 4);
  public static final MessageDefinition READING_BELOW_UPPER_FATAL_THRESHOLD =
      define(
              "ReadingBelowUpperFatalThreshold",
              "Sensor '%1' reading of %2 (%3) is now below the %4 upper fatal threshold but remains outside of normal range.",
              "Critical",
              4,
              "Check the condition of the resources listed in RelatedItem.")
          .withNumbers(2, 4);
  public static final MessageDefinition READING_BELOW_UPPER_CRITICAL_THRESHOLD =
      define(
              "ReadingBelowUpperCriticalThreshold",
              "Sensor '%1' reading of %2 (%3) is now below the %4 upper critical threshold but remains outside of normal range.",
              "Warning",
              4,
              "Check the condition of the resources listed in RelatedItem.")
          .withNumbers(2, 4);
  public static final MessageDefinition READING_ABOVE_LOWER_FATAL_THRESHOLD =
      define(
              "ReadingAboveLowerFatalThreshold",
              "Sensor '%1' reading of %2 (%3) is now above the %4 lower fatal threshold but remains outside of normal range.",
              "Critical",
              4,
              "Check the condition of the resources listed in RelatedItem.")
          .withNumbers(2, 4);
  public static final MessageDefinition READING_ABOVE_LOWER_CRITICAL_THRESHOLD =
      define(
              "ReadingAboveLowerCriticalThreshold",
              "Sensor '%1' reading of %2 (%3) is now above the %4 lower critical threshold but remains outside of normal range.",
              "Warning",
              4,
              "Check the condition of the resources listed in RelatedItem.")
          .withNumbers(2, 4);
  public static final MessageDefinition SENSOR_READING_NORMAL_RANGE =
      define(
              "SensorReadingNormalRange",
              "Sensor '%1' reading of %2 (%3) is within normal operating range.",
              "OK",
              3,
              "None.")
          .withNumbers(2);
  public static final MessageDefinition SENSOR_FAILURE =
      define(
          "SensorFailure",
          "Sensor '%1' failed.",
          "Warning",
          1,
          "Check the sensor hardware or connection.");

  /**
   * A sensor answers, but with values that cannot be trusted (e.g. a reading frozen at one value).
   */
  public static final MessageDefinition INVALID_SENSOR_READING =
      define(
          "InvalidSensorReading",
          "Invalid reading received from sensor '%1'.",
          "Warning",
          1,
          "Check the sensor hardware or connection.");

  public static final MessageDefinition SENSOR_RESTORED =
      define("SensorRestored", "Sensor '%1' was restored.", "OK", 1, "None.");

  private static final java.util.List<MessageDefinition> ALL =
      java.util.List.of(
          READING_ABOVE_UPPER_CAUTION_THRESHOLD,
          READING_ABOVE_UPPER_CRITICAL_THRESHOLD,
          READING_ABOVE_UPPER_FATAL_THRESHOLD,
          READING_BELOW_LOWER_CAUTION_THRESHOLD,
          READING_BELOW_LOWER_CRITICAL_THRESHOLD,
          READING_BELOW_LOWER_FATAL_THRESHOLD,
          READING_BELOW_UPPER_FATAL_THRESHOLD,
          READING_BELOW_UPPER_CRITICAL_THRESHOLD,
          READING_ABOVE_LOWER_FATAL_THRESHOLD,
          READING_ABOVE_LOWER_CRITICAL_THRESHOLD,
          SENSOR_READING_NORMAL_RANGE,
          SENSOR_FAILURE,
          INVALID_SENSOR_READING,
          SENSOR_RESTORED);

  private SensorEventMessages() {}

  /** The definition with this key (a threshold event's message name), if the agent raises it. */
  public static Optional<MessageDefinition> byKey(String key) {
    return ALL.stream().filter(d -> d.key().equals(key)).findFirst();
  }

  private static MessageDefinition define(
      String key, String template, String severity, int args, String resolution) {
    return new MessageDefinition(REGISTRY, key, template, severity, args, resolution);
  }
}
