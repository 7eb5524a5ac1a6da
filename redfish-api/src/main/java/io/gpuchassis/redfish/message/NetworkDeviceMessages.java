package io.gpuchassis.redfish.message;

import java.util.List;

/**
 * The NetworkDevice registry messages (DMTF NetworkDevice 1.1.1): links of a network adapter's
 * ports coming up, dropping, flapping or running slow. Each message names the adapter, the port
 * and, except the cable messages, the network device function.
 */
public final class NetworkDeviceMessages {

  public static final String REGISTRY = "NetworkDevice.1.1.1";

  public static final MessageDefinition CABLE_INSERTED =
      define(
          "CableInserted",
          "A network cable was inserted into network adapter '%1' port '%2'.",
          "OK",
          2,
          "None.");
  public static final MessageDefinition CABLE_REMOVED =
      define(
          "CableRemoved",
          "A cable was removed from network adapter '%1' port '%2'.",
          "OK",
          2,
          "None.");
  public static final MessageDefinition CONNECTION_DROPPED =
      define(
          "ConnectionDropped",
          "The connection is no longer active for network adapter '%1' port '%2' function '%3'.",
          "OK",
          3,
          "None.");
  public static final MessageDefinition CONNECTION_ESTABLISHED =
      define(
          "ConnectionEstablished",
          "A network connection was established for network adapter '%1' port '%2' function '%3'.",
          "OK",
          3,
          "None.");
  public static final MessageDefinition DEGRADED_CONNECTION_ESTABLISHED =
      define(
          "DegradedConnectionEstablished",
          "A degraded network connection was established for network adapter '%1' port '%2' function '%3'.",
          "Warning",
          3,
          "None.");
  public static final MessageDefinition CONNECTION_SPEED_LOW =
      define(
              "ConnectionSpeedLow",
              "The network adapter '%1' port '%2' function '%3' is operating at a link speed of %4 Gbps which is below the specified threshold of %5 Gbps.",
              "Warning",
              5,
              "Check the network equipment and cabling for this connection.")
          .withNumbers(4, 5);
  public static final MessageDefinition LINK_FLAP_DETECTED =
      define(
              "LinkFlapDetected",
              "The network connection for network adapter '%1' port '%2' function '%3' was established and dropped '%4' times in the last '%5' minutes.",
              "Warning",
              5,
              "Contact the network administrator for problem resolution.")
          .withNumbers(4, 5);

  /** Every message of the registry, in its file's order. */
  public static final List<MessageDefinition> ALL =
      List.of(
          CABLE_INSERTED,
          CABLE_REMOVED,
          CONNECTION_DROPPED,
          CONNECTION_ESTABLISHED,
          DEGRADED_CONNECTION_ESTABLISHED,
          CONNECTION_SPEED_LOW,
          LINK_FLAP_DETECTED);

  private NetworkDeviceMessages() {}

  private static MessageDefinition define(
      String key, String template, String severity, int args, String resolution) {
    return new MessageDefinition(REGISTRY, key, template, severity, args, resolution);
  }
}
