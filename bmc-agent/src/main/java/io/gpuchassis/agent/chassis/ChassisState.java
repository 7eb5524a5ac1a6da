package io.gpuchassis.agent.chassis;

import java.util.List;
import java.util.Optional;

/**
 * One immutable snapshot of everything the agent knows about the chassis. Readers (Redfish GETs above all) render from
 * a snapshot and never touch hardware; {@link ChassisModel} is the only writer and bumps {@code generation} on every
 * change.
 */
public record ChassisState(
    long generation,
    ChassisIdentity identity,
    List<SwitchChip> switches,
    List<InterSwitchLink> interSwitchLinks,
    List<HostPort> hosts,
    List<Slot> slots,
    List<Fan> fans,
    List<PowerSupply> powerSupplies,
    List<TemperatureSensor> temperatureSensors) {

  public ChassisState {
    switches = List.copyOf(switches);
    interSwitchLinks = List.copyOf(interSwitchLinks);
    hosts = List.copyOf(hosts);
    slots = List.copyOf(slots);
    fans = List.copyOf(fans);
    powerSupplies = List.copyOf(powerSupplies);
    temperatureSensors = List.copyOf(temperatureSensors);
  }

  public Optional<Slot> slot(int number) {
    return slots.stream().filter(s -> s.number() == number).findFirst();
  }
}
