package io.gpuchassis.redfish.message;

/**
 * The Fabric registry messages the agent raises as events about switches, ports, zones and
 * endpoints (DMTF Fabric 1.0.3).
 */
public final class FabricMessages {

  public static final String REGISTRY = "Fabric.1.0.3";

  public static final MessageDefinition UPSTREAM_LINK_ESTABLISHED =
      define(
          "UpstreamLinkEstablished",
          "Switch '%1' upstream link is established on port '%2'.",
          "OK",
          2,
          "None.");
  public static final MessageDefinition UPSTREAM_LINK_DROPPED =
      define(
          "UpstreamLinkDropped",
          "Switch '%1' upstream link has gone down on port '%2'.",
          "Warning",
          2,
          "Contact the network administrator for problem resolution.");
  public static final MessageDefinition DEGRADED_UPSTREAM_LINK_ESTABLISHED =
      define(
          "DegradedUpstreamLinkEstablished",
          "Switch '%1' upstream link is established on port '%2', but is running in a degraded state.",
          "Warning",
          2,
          "Contact the network administrator for problem resolution.");
  public static final MessageDefinition UPSTREAM_LINK_FLAP_DETECTED =
      define(
              "UpstreamLinkFlapDetected",
              "Switch '%1' upstream link on port '%2' was established and dropped %3 times in the last %4 minutes.",
              "Warning",
              4,
              "Contact the network administrator for problem resolution.")
          .withNumbers(3, 4);
  public static final MessageDefinition DOWNSTREAM_LINK_ESTABLISHED =
      define(
          "DownstreamLinkEstablished",
          "Switch '%1' downstream link is established on port '%2'.",
          "OK",
          2,
          "None.");
  public static final MessageDefinition DOWNSTREAM_LINK_DROPPED =
      define(
          "DownstreamLinkDropped",
          "Switch '%1' downstream link has gone down on port '%2'.",
          "Warning",
          2,
          "Contact the network administrator for problem resolution.");
  public static final MessageDefinition DEGRADED_DOWNSTREAM_LINK_ESTABLISHED =
      define(
          "DegradedDownstreamLinkEstablished",
          "Switch '%1' downstream link is established on port '%2', but is running in a degraded state.",
          "Warning",
          2,
          "Contact the network administrator for problem resolution.");
  public static final MessageDefinition DOWNSTREAM_LINK_FLAP_DETECTED =
      define(
              "DownstreamLinkFlapDetected",
              "Switch '%1' downstream link on port '%2' was established and dropped %3 times in the last %4 minutes.",
              "Warning",
              4,
              "Contact the network administrator for problem resolution.")
          .withNumbers(3, 4);
  public static final MessageDefinition INTERSWITCH_LINK_ESTABLISHED =
      define(
          "InterswitchLinkEstablished",
          "Switch '%1' interswitch link is established on port '%2'.",
          "OK",
          2,
          "None.");
  public static final MessageDefinition DEGRADED_INTERSWITCH_LINK_ESTABLISHED =
      define(
          "DegradedInterswitchLinkEstablished",
          "Switch '%1' interswitch link is established on port '%2', but is running in a degraded state.",
          "Warning",
          2,
          "Contact the network administrator for problem resolution.");
  public static final MessageDefinition INTERSWITCH_LINK_DROPPED =
      define(
          "InterswitchLinkDropped",
          "Switch '%1' interswitch link has gone down on port '%2'.",
          "Warning",
          2,
          "Contact the network administrator for problem resolution.");
  public static final MessageDefinition PORT_FAILED =
      define(
          "PortFailed",
          "Switch '%1' port '%2' has failed and is inoperative.",
          "Critical",
          2,
          "Contact the network administrator for problem resolution.");
  public static final MessageDefinition PORT_DEGRADED =
      define(
          "PortDegraded",
          "Switch '%1' port '%2' is in a degraded state.",
          "Warning",
          2,
          "Contact the network administrator for problem resolution.");
  public static final MessageDefinition PORT_OK =
      define(
          "PortOK", "Switch '%1' port '%2' has returned to a functional state.", "OK", 2, "None.");
  public static final MessageDefinition SWITCH_FAILED =
      define(
          "SwitchFailed",
          "Switch '%1' has failed and is inoperative.",
          "Critical",
          1,
          "Contact the network administrator for problem resolution.");
  public static final MessageDefinition SWITCH_DEGRADED =
      define(
          "SwitchDegraded",
          "Switch '%1' is in a degraded state.",
          "Warning",
          1,
          "Contact the network administrator for problem resolution.");
  public static final MessageDefinition SWITCH_OK =
      define("SwitchOK", "Switch '%1' has returned to a functional state.", "OK", 1, "None.");
  public static final MessageDefinition ZONE_CREATED =
      define("ZoneCreated", "Zone '%1' was created in fabric '%2'.", "OK", 2, "None.");
  public static final MessageDefinition ZONE_REMOVED =
      define("ZoneRemoved", "Zone '%1' was removed from fabric '%2'.", "OK", 2, "None.");
  public static final MessageDefinition ZONE_MODIFIED =
      define("ZoneModified", "Zone '%1' in fabric '%2' was modified.", "OK", 2, "None.");
  public static final MessageDefinition ENDPOINT_CREATED =
      define("EndpointCreated", "Endpoint '%1' was created in fabric '%2'.", "OK", 2, "None.");
  public static final MessageDefinition ENDPOINT_REMOVED =
      define("EndpointRemoved", "Endpoint '%1' was removed from fabric '%2'.", "OK", 2, "None.");
  public static final MessageDefinition ENDPOINT_MODIFIED =
      define("EndpointModified", "Endpoint '%1' in fabric '%2' was modified.", "OK", 2, "None.");

  public static final MessageDefinition CONNECTION_CREATED =
      define("ConnectionCreated", "Connection '%1' was created in fabric '%2'.", "OK", 2, "None.");
  public static final MessageDefinition CONNECTION_REMOVED =
      define(
          "ConnectionRemoved", "Connection '%1' was removed from fabric '%2'.", "OK", 2, "None.");
  public static final MessageDefinition CONNECTION_MODIFIED =
      define(
          "ConnectionModified", "Connection '%1' in fabric '%2' was modified.", "OK", 2, "None.");

  private FabricMessages() {}

  private static MessageDefinition define(
      String key, String template, String severity, int args, String resolution) {
    return new MessageDefinition(REGISTRY, key, template, severity, args, resolution);
  }
}
