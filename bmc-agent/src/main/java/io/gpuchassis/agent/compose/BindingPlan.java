package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.agent.chassis.InterSwitchLink;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.chassis.WiredPort;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where a slot goes in the switches to reach a host. The chips are cascaded (docs/TOPOLOGY.md,
 * "Partitions"): on each chip the hosts' partitions come first, in topology order, then one transit
 * partition per inter-switch link arriving at the chip, whose upstream port is that link's {@code
 * b} end. A slot on the host's own chip is bound into the host's partition; a slot on another chip
 * is bound into the transit partition at the end of a chain of links, each link's {@code a} end
 * bound as a downstream port into the partition before it ({@link #hops}, host side first).
 *
 * <p>Logical downstream ports inside any partition: each partition of a chip has the chip's {@code
 * logicalBridges} (its configuration); the links leaving the chip keep the top ones (the first link
 * the highest), and a GPU takes the lowest free one of the rest, chosen on the switch when it is
 * bound ({@link #gpuBridges}). The record's own fields describe the last step: the slot's chip,
 * partition and port, with the link it should train to.
 */
public record BindingPlan(
    int slot,
    String hostId,
    String switchId,
    int partition,
    int gpuBridges,
    int physicalPort,
    int expectedWidth,
    int expectedGeneration,
    List<Hop> hops) {

  /**
   * One inter-switch link of the chain: its {@code a} end ({@code switchId}, {@code physicalPort})
   * is bound into {@code partition} at {@code logicalPort}.
   */
  public record Hop(
      InterSwitchLink link, String switchId, int partition, int logicalPort, int physicalPort) {}

  public BindingPlan {
    hops = List.copyOf(hops);
  }

  /** Every chip the binding programs: the slot's own and the a end of each link on the way. */
  public java.util.Set<String> switches() {
    java.util.Set<String> ids = new java.util.TreeSet<>();
    ids.add(switchId);
    hops.forEach(h -> ids.add(h.switchId()));
    return ids;
  }

  /** Whether the slot is reached across inter-switch links rather than on the host's own chip. */
  public boolean crossesSwitches() {
    return !hops.isEmpty();
  }

  /**
   * The plan for {@code slot} and {@code hostId} when the slot can be bound to the host now: a path
   * of links leads there and none of its links carries another host's GPUs. Empty otherwise.
   */
  public static Optional<BindingPlan> of(ChassisState state, int slotNumber, String hostId) {
    return route(state, slotNumber, hostId)
        .filter(
            plan ->
                plan.hops().stream()
                    .allMatch(
                        hop ->
                            owner(state, hop.link(), slotNumber).map(hostId::equals).orElse(true)));
  }

  /**
   * The plan for {@code slot} and {@code hostId} from the wiring alone, whoever uses the links: how
   * an existing binding was made. Empty when no path of links leads from the host's chip to the
   * slot's.
   */
  public static Optional<BindingPlan> route(ChassisState state, int slotNumber, String hostId) {
    Optional<Slot> slot = state.slot(slotNumber);
    Optional<HostPort> host = state.hosts().stream().filter(h -> h.id().equals(hostId)).findFirst();
    if (slot.isEmpty() || host.isEmpty()) {
      return Optional.empty();
    }
    Optional<List<InterSwitchLink>> path =
        path(state, host.get().switchId(), slot.get().switchId());
    if (path.isEmpty()) {
      return Optional.empty();
    }
    List<Hop> hops = new ArrayList<>();
    int partition = host.get().partition();
    for (InterSwitchLink link : path.get()) {
      hops.add(
          new Hop(link, link.switchA(), partition, linkLogicalPort(state, link), link.portA()));
      partition = link.transitPartition();
    }
    String switchId = slot.get().switchId();
    WiredPort port = WiredPort.find(state, switchId, slot.get().port()).orElseThrow();
    return Optional.of(
        new BindingPlan(
            slotNumber,
            hostId,
            switchId,
            partition,
            gpuBridges(state, switchId),
            slot.get().port(),
            port.expectedWidth(),
            port.expectedGeneration(),
            hops));
  }

  /**
   * The host whose GPUs the link carries, from the slots' bindings (a slot being bound or released,
   * or failed, still counts); {@code except} is left out, so a slot's own binding never blocks it.
   */
  public static Optional<String> owner(ChassisState state, InterSwitchLink link, int except) {
    for (SlotBinding b : state.bindings().values()) {
      if (b.slot() == except || b.state() == SlotBinding.State.UNBOUND || b.host().isEmpty()) {
        continue;
      }
      Optional<BindingPlan> plan = route(state, b.slot(), b.host().get());
      if (plan.isPresent() && plan.get().hops().stream().anyMatch(h -> h.link().equals(link))) {
        return b.host();
      }
    }
    return Optional.empty();
  }

  /**
   * The links chained from {@code from} to {@code to}, shortest first (breadth-first, from a ends
   * to b ends).
   */
  static Optional<List<InterSwitchLink>> path(ChassisState state, String from, String to) {
    Map<String, InterSwitchLink> arrivedBy = new HashMap<>();
    Deque<String> queue = new ArrayDeque<>(List.of(from));
    arrivedBy.put(from, null);
    while (!queue.isEmpty()) {
      String chip = queue.poll();
      if (chip.equals(to)) {
        List<InterSwitchLink> links = new ArrayList<>();
        for (InterSwitchLink l = arrivedBy.get(to); l != null; l = arrivedBy.get(l.switchA())) {
          links.add(0, l);
        }
        return Optional.of(links);
      }
      for (InterSwitchLink link : state.interSwitchLinks()) {
        if (link.switchA().equals(chip) && !arrivedBy.containsKey(link.switchB())) {
          arrivedBy.put(link.switchB(), link);
          queue.add(link.switchB());
        }
      }
    }
    return Optional.empty();
  }

  /**
   * The logical port a link's {@code a} end takes in a partition: the top bridges are the links',
   * the first link leaving the chip the highest.
   */
  static int linkLogicalPort(ChassisState state, InterSwitchLink link) {
    String chip = link.switchA();
    return logicalBridges(state, chip) - leaving(state, chip).indexOf(link);
  }

  /**
   * How many logical bridges of each partition of {@code switchId} GPUs may take: the chip's, less
   * one per link leaving it. A GPU takes one of logical ports 1 to this.
   */
  public static int gpuBridges(ChassisState state, String switchId) {
    return logicalBridges(state, switchId) - leaving(state, switchId).size();
  }

  private static int logicalBridges(ChassisState state, String switchId) {
    return state
        .switchChip(switchId)
        .map(io.gpuchassis.agent.chassis.SwitchChip::logicalBridges)
        .orElse(io.gpuchassis.agent.chassis.SwitchChip.MAX_LOGICAL_BRIDGES);
  }

  private static List<InterSwitchLink> leaving(ChassisState state, String chip) {
    return state.interSwitchLinks().stream().filter(l -> l.switchA().equals(chip)).toList();
  }
}
