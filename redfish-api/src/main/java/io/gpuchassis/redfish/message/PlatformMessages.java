package io.gpuchassis.redfish.message;

/**
 * The Platform registry messages the agent raises about devices in the chassis (DMTF Platform
 * 1.3.2).
 */
public final class PlatformMessages {

  public static final String REGISTRY = "Platform.1.3.2";

  public static final MessageDefinition DEVICE_MANAGEMENT_INTERFACE_UNRESPONSIVE =
      define(
          "DeviceManagementInterfaceUnresponsive",
          "The management interface for device '%1' is unresponsive.",
          "OK",
          1,
          "Check additional diagnostic data if available.");
  public static final MessageDefinition DEVICE_DISABLED =
      define(
          "DeviceDisabled",
          "Device '%1' was disabled or halted.",
          "Warning",
          1,
          "Check additional diagnostic data if available.");

  private PlatformMessages() {}

  private static MessageDefinition define(
      String key, String template, String severity, int args, String resolution) {
    return new MessageDefinition(REGISTRY, key, template, severity, args, resolution);
  }
}
