package io.gpuchassis.redfish.message;

/**
 * The HeartbeatEvent registry messages the agent sends (DMTF HeartbeatEvent 1.1.1): a Sunfish core
 * is told with {@code RedfishServiceStarted} that an agent it knew has restarted.
 */
public final class HeartbeatEventMessages {

  public static final String REGISTRY = "HeartbeatEvent.1.1.1";

  public static final MessageDefinition REDFISH_SERVICE_STARTED =
      new MessageDefinition(
          REGISTRY, "RedfishServiceStarted", "Redfish service started.", "OK", 0, "None.");

  private HeartbeatEventMessages() {}
}
