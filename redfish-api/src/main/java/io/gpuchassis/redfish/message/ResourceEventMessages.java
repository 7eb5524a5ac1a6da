package io.gpuchassis.redfish.message;

/** The ResourceEvent registry messages the agent raises as events (DMTF ResourceEvent 1.4.3). */
public final class ResourceEventMessages {

  public static final String REGISTRY = "ResourceEvent.1.4.3";

  public static final MessageDefinition RESOURCE_CREATED =
      define("ResourceCreated", "The resource was created successfully.", "OK", 0, "None.");
  public static final MessageDefinition RESOURCE_REMOVED =
      define("ResourceRemoved", "The resource was removed successfully.", "OK", 0, "None.");
  public static final MessageDefinition RESOURCE_CHANGED =
      define("ResourceChanged", "One or more resource properties have changed.", "OK", 0, "None.");
  public static final MessageDefinition RESOURCE_STATE_CHANGED =
      define(
          "ResourceStateChanged",
          "The state of resource '%1' has changed to %2.",
          "OK",
          2,
          "None.");
  public static final MessageDefinition RESOURCE_POWERED_ON =
      define("ResourcePoweredOn", "The resource '%1' has powered on.", "OK", 1, "None.");
  public static final MessageDefinition RESOURCE_POWERING_OFF =
      define("ResourcePoweringOff", "The resource '%1' is powering off.", "OK", 1, "None.");
  public static final MessageDefinition RESOURCE_POWERED_OFF =
      define("ResourcePoweredOff", "The resource '%1' has powered off.", "OK", 1, "None.");
  public static final MessageDefinition RESOURCE_STATUS_CHANGED_OK =
      define(
          "ResourceStatusChangedOK",
          "The health of resource '%1' has changed to %2.",
          "OK",
          2,
          "None.");
  public static final MessageDefinition RESOURCE_STATUS_CHANGED_WARNING =
      define(
          "ResourceStatusChangedWarning",
          "The health of resource '%1' has changed to %2.",
          "Warning",
          2,
          "None.");
  public static final MessageDefinition RESOURCE_STATUS_CHANGED_CRITICAL =
      define(
          "ResourceStatusChangedCritical",
          "The health of resource '%1' has changed to %2.",
          "Critical",
          2,
          "None.");
  public static final MessageDefinition RESOURCE_ERRORS_DETECTED =
      define(
          "ResourceErrorsDetected",
          "The resource property %1 has detected errors of type '%2'.",
          "Warning",
          2,
          "Resolution is dependent upon error type.");
  public static final MessageDefinition RESOURCE_ERRORS_CORRECTED =
      define(
          "ResourceErrorsCorrected",
          "The resource property %1 has corrected errors of type '%2'.",
          "OK",
          2,
          "None.");
  public static final MessageDefinition RESOURCE_ERROR_THRESHOLD_EXCEEDED =
      define(
              "ResourceErrorThresholdExceeded",
              "The resource property %1 has exceeded error threshold of value %2.",
              "Critical",
              2,
              "None.")
          .withNumbers(2);
  public static final MessageDefinition RESOURCE_ERROR_THRESHOLD_CLEARED =
      define(
              "ResourceErrorThresholdCleared",
              "The resource property %1 has cleared the error threshold of value %2.",
              "OK",
              2,
              "None.")
          .withNumbers(2);
  public static final MessageDefinition RESOURCE_WARNING_THRESHOLD_EXCEEDED =
      define(
              "ResourceWarningThresholdExceeded",
              "The resource property %1 has exceeded its warning threshold of value %2.",
              "Warning",
              2,
              "None.")
          .withNumbers(2);
  public static final MessageDefinition RESOURCE_WARNING_THRESHOLD_CLEARED =
      define(
              "ResourceWarningThresholdCleared",
              "The resource property %1 has cleared the warning threshold of value %2.",
              "OK",
              2,
              "None.")
          .withNumbers(2);
  public static final MessageDefinition AGGREGATION_SOURCE_DISCOVERED =
      define(
          "AggregationSourceDiscovered",
          "An aggregation source of connection method '%1' located at '%2' was discovered.",
          "OK",
          2,
          "The aggregation source is available to the service and can be identified using the"
              + " identified connection method.");
  public static final MessageDefinition TEST_MESSAGE =
      define("TestMessage", "Test message.", "OK", 0, "None.");

  private ResourceEventMessages() {}

  private static MessageDefinition define(
      String key, String template, String severity, int args, String resolution) {
    return new MessageDefinition(REGISTRY, key, template, severity, args, resolution);
  }
}
