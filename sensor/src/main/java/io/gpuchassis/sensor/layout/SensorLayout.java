package io.gpuchassis.sensor.layout;

import io.gpuchassis.sensor.gpio.SlotSignal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Every sensor device of a chassis and where it sits. Validated on construction: ids unique, no two
 * devices at one bus address (a GPU behind an agent-driven mux channel must not share its address
 * with a device on the mux's trunk either, or both would answer once the channel is selected), no
 * two slot signals on one expander pin or one external line, no mux channel used twice, power
 * monitors feed existing slots.
 *
 * @param fanController empty on a board whose fans something else runs (the PCIe switch, a separate
 *     controller): no fan control and no fan sensors then
 * @param identifyLed the chassis's identify LED (output, high = lit), on an expander pin or an
 *     external line as slot signals are; empty on a board without one the agent drives
 */
public record SensorLayout(
    List<TemperatureSensorSpec> temperatureSensors,
    List<PowerMonitorSpec> powerMonitors,
    List<PsuSpec> psus,
    Optional<FanControllerSpec> fanController,
    List<SlotSpec> slots,
    Optional<SlotLine> identifyLed) {

  public SensorLayout {
    temperatureSensors = List.copyOf(temperatureSensors);
    powerMonitors = List.copyOf(powerMonitors);
    psus = List.copyOf(psus);
    slots = List.copyOf(slots);
    if (fanController == null) {
      throw new IllegalArgumentException(
          "fanController must be Optional.empty() when the board has none");
    }
    if (identifyLed == null) {
      throw new IllegalArgumentException(
          "identifyLed must be Optional.empty() when the board has none");
    }
    validate(temperatureSensors, powerMonitors, psus, fanController, slots, identifyLed);
  }

  /** A layout without a chassis identify LED. */
  public SensorLayout(
      List<TemperatureSensorSpec> temperatureSensors,
      List<PowerMonitorSpec> powerMonitors,
      List<PsuSpec> psus,
      Optional<FanControllerSpec> fanController,
      List<SlotSpec> slots) {
    this(temperatureSensors, powerMonitors, psus, fanController, slots, Optional.empty());
  }

  /** A layout with a fan controller. */
  public SensorLayout(
      List<TemperatureSensorSpec> temperatureSensors,
      List<PowerMonitorSpec> powerMonitors,
      List<PsuSpec> psus,
      FanControllerSpec fanController,
      List<SlotSpec> slots) {
    this(temperatureSensors, powerMonitors, psus, Optional.of(fanController), slots);
  }

  /** This layout with the chassis identify LED on {@code line}. */
  public SensorLayout withIdentifyLed(SlotLine line) {
    return new SensorLayout(
        temperatureSensors, powerMonitors, psus, fanController, slots, Optional.of(line));
  }

  public Optional<SlotSpec> slot(int number) {
    return slots.stream().filter(s -> s.slot() == number).findFirst();
  }

  /** The distinct agent-driven muxes in front of GPUs. */
  public List<I2cLocation> muxes() {
    return slots.stream()
        .flatMap(s -> s.gpu().stream())
        .flatMap(g -> g.mux().stream())
        .map(MuxChannel::mux)
        .distinct()
        .toList();
  }

  /** The distinct expanders holding slot signals (in slot order) or the identify LED (last). */
  public List<I2cLocation> expanders() {
    return lines()
        .filter(l -> l instanceof SlotLine.OnExpander)
        .map(l -> ((SlotLine.OnExpander) l).expander())
        .distinct()
        .toList();
  }

  /**
   * The names of the external lines: the slots' in slot and signal order, then the identify LED's.
   */
  public List<String> externalLines() {
    return lines()
        .filter(l -> l instanceof SlotLine.External)
        .map(l -> ((SlotLine.External) l).name())
        .toList();
  }

  /** Every line of the layout: the slots' signals, then the identify LED. */
  private Stream<SlotLine> lines() {
    return Stream.concat(
        slots.stream().flatMap(s -> s.lines().lines().values().stream()), identifyLed.stream());
  }

  /**
   * The reference 20-slot chassis: bus 1 carries four TMP75 (two inlet, two exhaust), four INA226
   * on the slot-group 12 V rails, two CRPS supplies and a MAX31790 with six fans; bus 2 five
   * PCA9555 with four slots each ({@link SlotLines#consecutive}); bus 3 three PCA9548 muxes with
   * every slot's GPU at 0x4F behind its own channel.
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
      monitors.add(
          new PowerMonitorSpec(
              "SlotRail" + (i + 1), new I2cLocation(1, 0x40 + i), 0.0005, 160.0, fed));
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
      MuxChannel channel = new MuxChannel(new I2cLocation(3, 0x70 + index / 8), index % 8);
      slots.add(
          new SlotSpec(
              slot,
              SlotLines.consecutive(new I2cLocation(2, 0x20 + index / 4), 4 * (index % 4)),
              Optional.of(GpuSidebandSpec.behind(channel, 0x4F))));
    }
    return new SensorLayout(
        temps, monitors, psus, new FanControllerSpec(new I2cLocation(1, 0x20), 2, fans), slots);
  }

  private static void validate(
      List<TemperatureSensorSpec> temps,
      List<PowerMonitorSpec> monitors,
      List<PsuSpec> psus,
      Optional<FanControllerSpec> fanController,
      List<SlotSpec> slots,
      Optional<SlotLine> identifyLed) {
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
    if (fanController.isPresent()) {
      claim(used, fanController.get().location(), "fan controller");
      for (FanSpec f : fanController.get().fans()) {
        unique(ids, f.id());
      }
    }
    Set<Integer> slotNumbers = new HashSet<>();
    Map<SlotLine, String> lines = new HashMap<>();
    Map<MuxChannel, Integer> channels = new HashMap<>();
    List<SlotSpec> muxedGpus = new ArrayList<>();
    for (SlotSpec s : slots) {
      if (!slotNumbers.add(s.slot())) {
        throw new IllegalArgumentException("slot " + s.slot() + " listed twice");
      }
      for (Map.Entry<SlotSignal, SlotLine> e : s.lines().lines().entrySet()) {
        String who = "slot " + s.slot() + " " + e.getKey().label();
        String previous = lines.putIfAbsent(e.getValue(), who);
        if (previous != null) {
          throw new IllegalArgumentException(
              who + " and " + previous + " are both on " + e.getValue());
        }
      }
      if (s.gpu().isEmpty()) {
        continue;
      }
      GpuSidebandSpec gpu = s.gpu().get();
      if (gpu.mux().isPresent()) {
        Integer previous = channels.putIfAbsent(gpu.mux().get(), s.slot());
        if (previous != null) {
          throw new IllegalArgumentException(
              "the GPUs of slots "
                  + previous
                  + " and "
                  + s.slot()
                  + " are both behind "
                  + gpu.mux().get());
        }
        muxedGpus.add(s);
      } else {
        claim(used, gpu.location(), "GPU of slot " + s.slot());
      }
    }
    if (identifyLed.isPresent()) {
      String previous = lines.putIfAbsent(identifyLed.get(), "the chassis identify LED");
      if (previous != null) {
        throw new IllegalArgumentException(
            "the chassis identify LED and " + previous + " are both on " + identifyLed.get());
      }
    }
    slots.stream()
        .flatMap(s -> s.gpu().stream())
        .flatMap(g -> g.mux().stream())
        .map(MuxChannel::mux)
        .distinct()
        .forEach(mux -> claim(used, mux, "mux"));
    lines.keySet().stream()
        .filter(l -> l instanceof SlotLine.OnExpander)
        .map(l -> ((SlotLine.OnExpander) l).expander())
        .distinct()
        .forEach(e -> claim(used, e, "expander"));
    for (SlotSpec s : muxedGpus) {
      I2cLocation at = s.gpu().get().location();
      if (used.containsKey(at)) {
        throw new IllegalArgumentException(
            "the GPU of slot "
                + s.slot()
                + " behind its mux and "
                + used.get(at)
                + " on the trunk both answer at "
                + at);
      }
    }
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
