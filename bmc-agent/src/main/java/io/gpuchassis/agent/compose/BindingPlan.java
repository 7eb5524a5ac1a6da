package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.WiredPort;
import java.util.List;
import java.util.Optional;

/**
 * Where a slot goes in the switch to reach a host: the switch chip, the host's partition on it (hosts are numbered in
 * topology order per chip: the first host of a chip is partition 0), the logical downstream port inside the partition
 * (the slot's position among the chip's slots, from 1), and the physical port of the slot, with the link it should
 * train to. A slot and a host on different chips have no plan: binding across inter-switch links is not supported.
 */
public record BindingPlan(
    int slot,
    String hostId,
    String switchId,
    int partition,
    int logicalPort,
    int physicalPort,
    int expectedWidth,
    int expectedGeneration) {

  /** The plan for {@code slot} and {@code hostId}, or empty when the two are not on the same switch chip. */
  public static Optional<BindingPlan> of(ChassisState state, int slotNumber, String hostId) {
    Optional<Slot> slot = state.slot(slotNumber);
    Optional<HostPort> host = state.hosts().stream().filter(h -> h.id().equals(hostId)).findFirst();
    if (slot.isEmpty() || host.isEmpty() || !slot.get().switchId().equals(host.get().switchId())) {
      return Optional.empty();
    }
    String switchId = slot.get().switchId();
    List<HostPort> hostsOnChip = state.hosts().stream().filter(h -> h.switchId().equals(switchId)).toList();
    List<Slot> slotsOnChip = state.slots().stream().filter(s -> s.switchId().equals(switchId)).toList();
    WiredPort port = WiredPort.find(state, switchId, slot.get().port()).orElseThrow();
    return Optional.of(
        new BindingPlan(
            slotNumber,
            hostId,
            switchId,
            hostsOnChip.indexOf(host.get()),
            slotsOnChip.indexOf(slot.get()) + 1,
            slot.get().port(),
            port.expectedWidth(),
            port.expectedGeneration()));
  }
}
