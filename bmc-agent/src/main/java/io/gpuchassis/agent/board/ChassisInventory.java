package io.gpuchassis.agent.board;

import io.gpuchassis.agent.chassis.ChassisIdentity;
import io.gpuchassis.agent.chassis.Fan;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.agent.chassis.InterSwitchLink;
import io.gpuchassis.agent.chassis.PowerSupply;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.SwitchChip;
import io.gpuchassis.agent.chassis.TemperatureSensor;
import java.util.List;
import java.util.Objects;

/**
 * The chassis model's records for everything the board has, in file order: what a {@code
 * ChassisState} starts from before anything is observed.
 *
 * @param identity the chassis identity; its serial number is empty until read from the FRU EEPROM
 * @param switches the switch chips
 * @param interSwitchLinks the links between them, with their transit partitions
 * @param hosts the host connections, with their partitions
 * @param slots the GPU slots, all empty: what is seated is observed, not described
 * @param fans the fans of all fan controllers
 * @param powerSupplies the supplies with a PMBus interface
 * @param temperatureSensors the chassis temperature sensors
 */
public record ChassisInventory(
    ChassisIdentity identity,
    List<SwitchChip> switches,
    List<InterSwitchLink> interSwitchLinks,
    List<HostPort> hosts,
    List<Slot> slots,
    List<Fan> fans,
    List<PowerSupply> powerSupplies,
    List<TemperatureSensor> temperatureSensors) {

  public ChassisInventory {
    Objects.requireNonNull(identity, "identity");
    switches = List.copyOf(switches);
    interSwitchLinks = List.copyOf(interSwitchLinks);
    hosts = List.copyOf(hosts);
    slots = List.copyOf(slots);
    fans = List.copyOf(fans);
    powerSupplies = List.copyOf(powerSupplies);
    temperatureSensors = List.copyOf(temperatureSensors);
  }
}
