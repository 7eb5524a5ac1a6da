package io.gpuchassis.sensor.layout;

import io.gpuchassis.sensor.gpio.SlotPins;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Every sensor device of a chassis and where it sits. Validated on construction: ids unique, no two devices at one bus
 * address except GPUs behind different mux channels, power monitors feed existing slots.
 */
public record SensorLayout(
    List<TemperatureSensorSpec> temperatureSensors,
    List<PowerMonitorSpec> powerMonitors,
    List<PsuSpec> psus,
    FanControllerSpec fanController,
    List<SlotSpec> slots) {

  public SensorLayout {
    temperatureSensors = List.copyOf(temperatureSensors);
    powerMonitors = List.copyOf(powerMonitors);
    psus = List.copyOf(psus);
    slots = List.copyOf(slots);
    validate(temperatureSensors, powerMonitors, psus, fanController, slots);
  }

  public Optional<SlotSpec> slot(int number) {
    return slots.stream().filter(s -> s.slot() == number).findFirst();
  }

  /** The distinct muxes the slots go through. */
  public List<I2cLocation> muxes() {
    return slots.stream().flatMap(s -> s.gpuMux().stream()).map(MuxChannel::mux).distinct().toList();
  }

  /** The distinct expanders holding slot signals. */
  public List<I2cLocation> expanders() {
    return slots.stream().map(SlotSpec::expander).distinct().toList();
  }

  /**
   * The reference 20-slot chassis: bus 1 carries four TMP75 (two inlet, two exhaust), four INA226 on the slot-group
   * 12 V rails, two CRPS supplies and a MAX31790 with six fans; bus 2 five PCA9555 with four slots each; bus 3 three
   * PCA9548 muxes with every slot's GPU at 0x4F behind its own channel.
   */
  public static SensorLayout reference() {
    List<TemperatureSensorSpec> temps =
        List.of(
            new TemperatureSensorSpec("Inlet1", new I2cLocation(1, 0x48), Placement.INLET, 12),
            new TemperatureSensorSpec("Inlet2", new I2cLocation(1, 0x49), Placement.INLET, 12),
            new TemperatureSensorSpec("Exhaust1", new I2cLocation(1, 0x4A), Placement.EXHAUST, 12),
            new TemperatureSensorSpec("Exhaust2", new I2cLocation(1, 0x4B), Placement.EXHAUST, 12));
    List<PowerMonitorSpec> monitors = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      List<Integer> fed = new ArrayList<>();
      for (int s = 1 + 5 * i; s <= 5 + 5 * i; s++) {
        fed.add(s);
      }
      monitors.add(new PowerMonitorSpec("SlotRail" + (i + 1), new I2cLocation(1, 0x40 + i), 0.0005, 160.0, fed));
    }
    List<PsuSpec> psus =
        List.of(
            new PsuSpec("PSU1", new I2cLocation(1, 0x58), 3000.0),
            new PsuSpec("PSU2", new I2cLocation(1, 0x59), 3000.0));
    List<FanSpec> fans = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      fans.add(new FanSpec("Fan" + (i + 1), i, 16000));
    }
    List<SlotSpec> slots = new ArrayList<>();
    for (int slot = 1; slot <= 20; slot++) {
      int index = slot - 1;
      I2cLocation mux = new I2cLocation(3, 0x70 + index / 8);
      slots.add(
          new SlotSpec(
              slot,
              new I2cLocation(3, 0x4F),
              Optional.of(new MuxChannel(mux, index % 8)),
              new I2cLocation(2, 0x20 + index / 4),
              new SlotPins(SlotPins.PINS_PER_SLOT * (index % 4))));
    }
    return new SensorLayout(
        temps, monitors, psus, new FanControllerSpec(new I2cLocation(1, 0x20), 2, fans), slots);
  }

  private static void validate(
      List<TemperatureSensorSpec> temps,
      List<PowerMonitorSpec> monitors,
      List<PsuSpec> psus,
      FanControllerSpec fanController,
      List<SlotSpec> slots) {
    Set<String> ids = new HashSet<>();
    Map<I2cLocation, String> used = new HashMap<>();
    for (TemperatureSensorSpec t : temps) {
      unique(ids, t.id());
      claim(used, t.location(), t.id());
    }
    for (PowerMonitorSpec m : monitors) {
      unique(ids, m.id());
      claim(used, m.location(), m.id());
    }
    for (PsuSpec p : psus) {
      unique(ids, p.id());
      claim(used, p.location(), p.id());
    }
    claim(used, fanController.location(), "fan controller");
    for (FanSpec f : fanController.fans()) {
      unique(ids, f.id());
    }
    Set<Integer> slotNumbers = new HashSet<>();
    Map<I2cLocation, Set<Integer>> pinsByExpander = new HashMap<>();
    Set<MuxChannel> channels = new HashSet<>();
    for (SlotSpec s : slots) {
      if (!slotNumbers.add(s.slot())) {
        throw new IllegalArgumentException("slot " + s.slot() + " listed twice");
      }
      if (!pinsByExpander.computeIfAbsent(s.expander(), e -> new HashSet<>()).add(s.pins().firstPin())) {
        throw new IllegalArgumentException("slot " + s.slot() + " reuses expander pins at " + s.expander());
      }
      if (s.gpuMux().isPresent()) {
        if (!channels.add(s.gpuMux().get())) {
          throw new IllegalArgumentException("slot " + s.slot() + " reuses a mux channel");
        }
      } else {
        claim(used, s.gpu(), "GPU of slot " + s.slot());
      }
    }
    slots.stream().flatMap(s -> s.gpuMux().stream()).map(MuxChannel::mux).distinct()
        .forEach(mux -> claim(used, mux, "mux"));
    slots.stream().map(SlotSpec::expander).distinct().forEach(e -> claim(used, e, "expander"));
    for (PowerMonitorSpec m : monitors) {
      for (int slot : m.slotsFed()) {
        if (!slotNumbers.contains(slot)) {
          throw new IllegalArgumentException(m.id() + " feeds unknown slot " + slot);
        }
      }
    }
  }

  private static void unique(Set<String> ids, String id) {
    if (!ids.add(id)) {
      throw new IllegalArgumentException("duplicate id " + id);
    }
  }

  private static void claim(Map<I2cLocation, String> used, I2cLocation location, String who) {
    String previous = used.putIfAbsent(location, who);
    if (previous != null) {
      throw new IllegalArgumentException(who + " and " + previous + " both at " + location);
    }
  }
}
