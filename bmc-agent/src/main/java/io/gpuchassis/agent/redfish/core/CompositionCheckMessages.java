package io.gpuchassis.agent.redfish.core;

import io.gpuchassis.redfish.message.MessageDefinition;
import io.gpuchassis.redfish.message.PublishedMessage;
import java.util.List;

/**
 * The agent's own message registry, {@code GpuChassisComposition}, for what no DMTF registry says
 * about a composition: how an attached GPU's link trained, against what it is capable of. The agent
 * publishes it at {@code /redfish/v1/Registries/GpuChassisComposition.1.0}.
 */
public final class CompositionCheckMessages {

  public static final String PREFIX = "GpuChassisComposition";
  public static final String VERSION = "1.0.0";
  public static final String REGISTRY = PREFIX + "." + VERSION;

  public static final MessageDefinition LINK_VERIFIED =
      new MessageDefinition(
          REGISTRY,
          "LinkVerified",
          "The link of the GPU in '%1' trained at %2, the rate the GPU and its slot are capable of.",
          "OK",
          2,
          "None.");

  public static final MessageDefinition LINK_BELOW_CAPABILITY =
      new MessageDefinition(
          REGISTRY,
          "LinkBelowCapability",
          "The link of the GPU in '%1' trained at %2, below the %3 the GPU and its slot are capable"
              + " of; the GPU stays attached at the lower rate.",
          "Warning",
          3,
          "Reseat the GPU and its slot's cable or riser at the next maintenance window, then attach"
              + " it again.");

  public static final MessageDefinition LINK_RETRAINED =
      new MessageDefinition(
          REGISTRY,
          "LinkRetrained",
          "The link of the GPU in '%1' trained at %2 and was retrained once through the switch's"
              + " port control; it trained at %3 afterwards.",
          "OK",
          3,
          "None.");

  public static final MessageDefinition HOST_LINK_DOWN =
      new MessageDefinition(
          REGISTRY,
          "HostLinkDown",
          "The GPU in '%1' is attached to '%2', whose host port link is down: the host sees the GPU"
              + " once its link is up.",
          "Warning",
          2,
          "Power the host on, or check the cable between the host and its port.");

  private static final String BLOCK = "The URI of the GPU's resource block.";

  /** Every message with its description, in the registry's order. */
  public static final List<PublishedMessage> PUBLISHED =
      List.of(
          new PublishedMessage(
              LINK_VERIFIED,
              "An attached GPU's link trained at the full rate of the GPU and its slot.",
              List.of(BLOCK, "The rate, e.g. 'Gen4 x16'.")),
          new PublishedMessage(
              LINK_BELOW_CAPABILITY,
              "An attached GPU's link trained, after one retrain, below the rate the GPU and its"
                  + " slot are capable of.",
              List.of(BLOCK, "The rate it trained at.", "The rate it is capable of.")),
          new PublishedMessage(
              LINK_RETRAINED,
              "An attached GPU's link trained below its capability and the agent retrained it"
                  + " once.",
              List.of(BLOCK, "The rate before the retrain.", "The rate after it.")),
          new PublishedMessage(
              HOST_LINK_DOWN,
              "A GPU was attached to a host whose port's link was down.",
              List.of(BLOCK, "The host's Id, e.g. 'Host1'.")));

  private CompositionCheckMessages() {}
}
