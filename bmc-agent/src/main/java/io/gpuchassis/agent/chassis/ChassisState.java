package io.gpuchassis.agent.chassis;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One immutable snapshot of everything the agent knows about the chassis. Readers (Redfish GETs
 * above all) render from a snapshot and never touch hardware; {@link ChassisModel} is the only
 * writer and bumps {@code generation} on every change.
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
    List<ProgrammablePart> programmableParts,
    List<TemperatureSensor> temperatureSensors,
    Map<String, SwitchObservation> switchObservations,
    Map<Integer, SlotBinding> bindings) {

  public ChassisState {
    switches = List.copyOf(switches);
    interSwitchLinks = List.copyOf(interSwitchLinks);
    hosts = List.copyOf(hosts);
    slots = List.copyOf(slots);
    fans = List.copyOf(fans);
    powerSupplies = List.copyOf(powerSupplies);
    programmableParts = List.copyOf(programmableParts);
    temperatureSensors = List.copyOf(temperatureSensors);
    switchObservations = Map.copyOf(switchObservations);
    bindings = Map.copyOf(bindings);
  }

  /** This state as generation {@code next}. */
  public ChassisState withGeneration(long next) {
    return new ChassisState(
        next,
        identity,
        switches,
        interSwitchLinks,
        hosts,
        slots,
        fans,
        powerSupplies,
        programmableParts,
        temperatureSensors,
        switchObservations,
        bindings);
  }

  /**
   * This state with what the hardware says about the chassis: its identity (serial number), its
   * slots' GPUs, its supplies' firmware and its programmable parts' firmware.
   */
  public ChassisState withInventory(
      ChassisIdentity readIdentity,
      List<Slot> readSlots,
      List<PowerSupply> readSupplies,
      List<ProgrammablePart> readParts) {
    return new ChassisState(
        generation,
        readIdentity,
        switches,
        interSwitchLinks,
        hosts,
        readSlots,
        fans,
        readSupplies,
        readParts,
        temperatureSensors,
        switchObservations,
        bindings);
  }

  /** This state with the chassis's identity replaced (an operator set its asset tag). */
  public ChassisState withIdentity(ChassisIdentity next) {
    return new ChassisState(
        generation,
        next,
        switches,
        interSwitchLinks,
        hosts,
        slots,
        fans,
        powerSupplies,
        programmableParts,
        temperatureSensors,
        switchObservations,
        bindings);
  }

  /** This state with {@code observation} replacing the previous one of its switch. */
  public ChassisState withSwitchObservation(SwitchObservation observation) {
    Map<String, SwitchObservation> next = new java.util.HashMap<>(switchObservations);
    next.put(observation.switchId(), observation);
    return new ChassisState(
        generation,
        identity,
        switches,
        interSwitchLinks,
        hosts,
        slots,
        fans,
        powerSupplies,
        programmableParts,
        temperatureSensors,
        next,
        bindings);
  }

  /** This state with {@code binding} replacing the previous one of its slot. */
  public ChassisState withBinding(SlotBinding binding) {
    Map<Integer, SlotBinding> next = new java.util.HashMap<>(bindings);
    next.put(binding.slot(), binding);
    return new ChassisState(
        generation,
        identity,
        switches,
        interSwitchLinks,
        hosts,
        slots,
        fans,
        powerSupplies,
        programmableParts,
        temperatureSensors,
        switchObservations,
        next);
  }

  /** The binding of {@code slot}: unbound when the engine has said nothing of it yet. */
  public SlotBinding binding(int slot) {
    SlotBinding b = bindings.get(slot);
    return b != null ? b : SlotBinding.unbound(slot, java.time.Instant.EPOCH);
  }

  public Optional<SwitchObservation> switchObservation(String switchId) {
    return Optional.ofNullable(switchObservations.get(switchId));
  }

  public Optional<SwitchChip> switchChip(String switchId) {
    return switches.stream().filter(s -> s.id().equals(switchId)).findFirst();
  }

  /** The hosts cabled to switch ports: the PCIe fabric's, without the Ethernet hosts. */
  public List<HostPort> pcieHosts() {
    return hosts.stream().filter(h -> !h.overEthernet()).toList();
  }

  public Optional<Slot> slot(int number) {
    return slots.stream().filter(s -> s.number() == number).findFirst();
  }
}
