package io.gpuchassis.agent.redfish.core;

import io.gpuchassis.redfish.message.MessageDefinition;
import io.gpuchassis.redfish.message.PublishedMessage;
import java.util.List;

/**
 * The agent's own message registry, {@code GpuChassisComposition}, for what no DMTF registry says
 * about a composition: how an attached GPU's link trained, against what it is capable of; what an
 * admission check found missing (power, logical bridges, memory window, an Ethernet host's device
 * limit), with both numbers; the compositions a lost power supply puts at risk. The agent publishes
 * it at {@code /redfish/v1/Registries/GpuChassisComposition.1.0}.
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

  public static final MessageDefinition HOST_SEES_GPU =
      new MessageDefinition(
          REGISTRY,
          "HostSeesGpu",
          "The host companion of '%2' reports the GPU in '%1' at PCI address %3.",
          "OK",
          3,
          "None.");

  public static final MessageDefinition HOST_DID_NOT_SEE_GPU =
      new MessageDefinition(
          REGISTRY,
          "HostDidNotSeeGpu",
          "The host companion of '%2' did not report the GPU in '%1' within the time allowed; the"
              + " GPU stays attached.",
          "Warning",
          2,
          "Run the host companion's attach command on the host, and check its hot-plug driver"
              + " (pciehp) and kernel log.");

  public static final MessageDefinition POWER_BUDGET_EXCEEDED =
      new MessageDefinition(
              REGISTRY,
              "PowerBudgetExceeded",
              "The GPUs requested for '%1' may draw %2 W, but only %3 W are left of what the"
                  + " chassis' power supplies carry with their redundancy.",
              "Critical",
              3,
              "Release GPUs from hosts that no longer need them, or add power supplies.")
          .withNumbers(2, 3);

  public static final MessageDefinition NO_FREE_LOGICAL_BRIDGE =
      new MessageDefinition(
              REGISTRY,
              "NoFreeLogicalBridge",
              "The GPUs requested for '%1' need %2 logical bridges of its switch partition, but"
                  + " %3 are free.",
              "Critical",
              3,
              "Release a GPU of the same host on the same switch, or choose a GPU on another"
                  + " switch.")
          .withNumbers(2, 3);

  public static final MessageDefinition MEMORY_WINDOW_TOO_SMALL =
      new MessageDefinition(
              REGISTRY,
              "MemoryWindowTooSmall",
              "The GPUs requested for '%1' need %2 MiB of memory windows (BARs), but %3 MiB are"
                  + " left of its host port's hot-plug window.",
              "Critical",
              3,
              "Release a GPU of the host, or enlarge the host's hot-plug memory window in its"
                  + " firmware and the board description.")
          .withNumbers(2, 3);

  public static final MessageDefinition DEVICE_LIMIT_REACHED =
      new MessageDefinition(
              REGISTRY,
              "DeviceLimitReached",
              "The GPUs requested for '%1' need %2 more places in the group of its ExpEther host"
                  + " engine, but %3 are left of the devices the engine may have.",
              "Critical",
              3,
              "Release a GPU of the host first.")
          .withNumbers(2, 3);

  public static final MessageDefinition COMPOSITIONS_AT_RISK =
      new MessageDefinition(
              REGISTRY,
              "CompositionsAtRisk",
              "Power supply '%1' was lost: the remaining supplies carry %2 W, which does not"
                  + " leave a supply to spare for the %3 W the chassis and its composed GPUs may"
                  + " draw; compositions at risk: %4.",
              "Warning",
              4,
              "Replace the supply, or release GPUs until the remaining supplies have one to"
                  + " spare.")
          .withNumbers(2, 3);

  public static final MessageDefinition LEASE_RELEASED =
      new MessageDefinition(
          REGISTRY,
          "LeaseReleased",
          "The GPU in '%1' was released from '%2' by the lease of '%3': %4.",
          "OK",
          4,
          "None.");

  public static final MessageDefinition LEASE_EXPIRED_GPU_BUSY =
      new MessageDefinition(
          REGISTRY,
          "LeaseExpiredGpuBusy",
          "The lease of '%3' on the GPU in '%1' expired at %4, but '%2' still holds the GPU: %5."
              + " The GPU is released once its host port's release policy lets it go.",
          "Warning",
          5,
          "Stop the host's work on the GPU, or set ReadyToRemove once the host has let go of it.");

  private static final String BLOCK = "The URI of the GPU's resource block.";
  private static final String HOST = "The host's Id, e.g. 'Host1'.";

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
              List.of(BLOCK, HOST)),
          new PublishedMessage(
              HOST_SEES_GPU,
              "The host companion of the host a GPU was attached to reported the GPU.",
              List.of(BLOCK, HOST, "The PCI address at which the host sees the GPU.")),
          new PublishedMessage(
              HOST_DID_NOT_SEE_GPU,
              "A host with a host companion did not report a GPU attached to it in time.",
              List.of(BLOCK, HOST)),
          new PublishedMessage(
              POWER_BUDGET_EXCEEDED,
              "A composition was refused before the switch was touched: its GPUs' power limits"
                  + " exceed what is left of the power the supplies carry with redundancy.",
              List.of(
                  "The host's Id, e.g. 'Host1'; the Ids of every host the request names, separated"
                      + " by commas, when it spans several.",
                  "The watts the GPUs requested may draw, a GPU that does not report its power"
                      + " limit counted at its slot's power ceiling.",
                  "The watts left.")),
          new PublishedMessage(
              NO_FREE_LOGICAL_BRIDGE,
              "A composition was refused before the switch was touched: a partition it needs has"
                  + " too few free logical downstream bridges.",
              List.of(HOST, "The logical bridges needed.", "The logical bridges free.")),
          new PublishedMessage(
              MEMORY_WINDOW_TOO_SMALL,
              "A composition was refused before the switch was touched: its GPUs' memory windows"
                  + " do not fit in what is left of the host port's hot-plug window.",
              List.of(HOST, "The MiB the GPUs' BARs need.", "The MiB left of the window.")),
          new PublishedMessage(
              DEVICE_LIMIT_REACHED,
              "A composition for an Ethernet host was refused before its ExpEther group was"
                  + " changed: the host engine already holds as many devices as its board may"
                  + " have (the manager's max_eeio_count).",
              List.of(HOST, "The devices needed.", "The devices left of the limit.")),
          new PublishedMessage(
              COMPOSITIONS_AT_RISK,
              "A power supply was lost and the remaining ones no longer have one to spare for the"
                  + " load of the chassis and its composed GPUs.",
              List.of(
                  "The supply's Id.",
                  "The watts the working supplies carry.",
                  "The watts the chassis and its composed GPUs may draw.",
                  "Each host with GPUs, its slots and their watts.")),
          new PublishedMessage(
              LEASE_RELEASED,
              "The agent released a leased GPU from its host because its lease expired or the GPU"
                  + " was idle for the lease's idle time; the host port's release policy allowed"
                  + " it.",
              List.of(
                  BLOCK,
                  HOST,
                  "The lease's owner.",
                  "Why: the lease expired at its time, or the GPU was idle for its idle time.")),
          new PublishedMessage(
              LEASE_EXPIRED_GPU_BUSY,
              "A GPU's lease expired while its host still held the GPU by the host port's release"
                  + " policy (busy, or ReadyToRemove not set); the agent releases it once the"
                  + " policy lets it go. Raised once per lease.",
              List.of(
                  BLOCK,
                  HOST,
                  "The lease's owner.",
                  "When the lease expired.",
                  "Why the host still holds the GPU.")));

  private CompositionCheckMessages() {}
}
