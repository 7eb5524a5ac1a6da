package io.gpuchassis.sensor.sim;

import io.gpuchassis.sensor.gpio.SlotSignal;
import io.gpuchassis.sensor.layout.FanSpec;
import io.gpuchassis.sensor.layout.PowerMonitorSpec;
import io.gpuchassis.sensor.layout.PsuSpec;
import io.gpuchassis.sensor.layout.SlotSpec;
import io.gpuchassis.sensor.layout.TemperatureSensorSpec;
import io.gpuchassis.sensor.sim.device.SimIna226;
import io.gpuchassis.sensor.sim.device.SimLm75;
import io.gpuchassis.sensor.sim.device.SimMax31790;
import io.gpuchassis.sensor.sim.device.SimPmbusPowerSupply;
import io.gpuchassis.sensor.sim.device.SimSmbpbiGpu;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The chassis's physics, advanced in steps: fans follow their PWM duty with inertia; airflow is the
 * fans' speed as a fraction of their maximum; each powered GPU draws idle plus load power and its
 * temperature follows, with a first-order lag, the equilibrium {@code inlet + riseAtTdp × (power /
 * TDP) / airflow}; the rail monitors see the current of the slots they feed; the healthy supplies
 * share the total load; exhaust air warms with the dissipated power. Results are written into the
 * simulated devices' registers, where the drivers read them. A chassis without a fan controller is
 * cooled at a fixed {@value #UNMANAGED_AIRFLOW} of full airflow. A slot's power and reset come from
 * its PWR_EN and PERST# lines, wherever the layout wires them.
 *
 * <p>Not thread-safe; {@link SimulatedSensorBoard} serialises access.
 */
final class ChassisPhysics {

  private static final double RAIL_VOLTS = 12.0;
  private static final double RAIL_PATH_OHMS = 0.001;
  private static final double STANDBY_AMPS = 1.0;
  private static final double AC_INPUT_VOLTS = 230.0;

  /**
   * Airflow of a chassis whose fans something other than the agent runs (no fan controller in the
   * layout).
   */
  static final double UNMANAGED_AIRFLOW = 0.6;

  static final class Fan {
    final FanSpec spec;
    double rpm;
    boolean failed;

    Fan(FanSpec spec) {
      this.spec = spec;
    }
  }

  static final class Slot {
    final SlotSpec spec;
    final Map<SlotSignal, SimulatedSensorBoardLines.Line> lines;
    // null: empty slot; present but on no bus when the layout gives the slot no sideband. A card
    // pulled or seated while the chassis runs changes both.
    SimSmbpbiGpu gpu;
    int tdpWatts;
    double load;
    double temperature;
    double watts;
    final List<Double> forcedTemperatures = new ArrayList<>();

    Slot(
        SlotSpec spec,
        Map<SlotSignal, SimulatedSensorBoardLines.Line> lines,
        SimSmbpbiGpu gpu,
        int tdpWatts) {
      this.spec = spec;
      this.lines = lines;
      this.gpu = gpu;
      this.tdpWatts = tdpWatts;
    }

    /**
     * The slot's power switch is on; a slot without a PWR_EN line is powered whenever the chassis
     * is.
     */
    boolean powerEnabled() {
      return asserted(SlotSignal.POWER_ENABLE, true);
    }

    /** The card is held in reset; without a PERST# line the agent cannot hold it there. */
    boolean inReset() {
      return asserted(SlotSignal.PERST_N, false);
    }

    boolean attentionLit() {
      return asserted(SlotSignal.ATTENTION_LED, false);
    }

    private boolean asserted(SlotSignal signal, boolean unwired) {
      SimulatedSensorBoardLines.Line line = lines.get(signal);
      return line == null ? unwired : signal.asserted(line.level());
    }

    OptionalDouble forcedTemperature() {
      return forcedTemperatures.stream().mapToDouble(Double::doubleValue).max();
    }
  }

  record Psu(PsuSpec spec, SimPmbusPowerSupply device) {}

  record TemperatureSensor(TemperatureSensorSpec spec, SimLm75 device) {}

  record PowerMonitor(PowerMonitorSpec spec, SimIna226 device) {}

  private final ThermalParameters thermal;
  private final SimMax31790 fanController; // null: the layout has none
  private final List<Fan> fans;
  private final Map<Integer, Slot> slots;
  private final List<Psu> psus;
  private final List<TemperatureSensor> temperatureSensors;
  private final List<PowerMonitor> powerMonitors;
  double inletCelsius;
  private double airflow;
  private double dissipatedWatts;

  ChassisPhysics(
      ThermalParameters thermal,
      double inletCelsius,
      SimMax31790 fanController,
      List<Fan> fans,
      Map<Integer, Slot> slots,
      List<Psu> psus,
      List<TemperatureSensor> temperatureSensors,
      List<PowerMonitor> powerMonitors) {
    this.thermal = thermal;
    this.inletCelsius = inletCelsius;
    this.fanController = fanController;
    this.fans = fans;
    this.slots = slots;
    this.psus = psus;
    this.temperatureSensors = temperatureSensors;
    this.powerMonitors = powerMonitors;
  }

  /**
   * Puts every lagging quantity at its equilibrium for the current inputs, as after a long steady
   * run.
   */
  void settle() {
    for (Fan f : fans) {
      f.rpm = commandedRpm(f);
    }
    airflow = airflow();
    for (Slot s : slots.values()) {
      if (s.gpu != null) {
        s.watts = gpuWatts(s);
        s.temperature = equilibrium(s);
      }
    }
    advance(0.0);
  }

  void advance(double seconds) {
    double fanStep = lag(seconds, thermal.fanTimeConstant().toMillis() / 1000.0);
    for (Fan f : fans) {
      f.rpm += (commandedRpm(f) - f.rpm) * fanStep;
      fanController.setRpm(f.spec.channel(), f.rpm);
    }
    airflow = airflow();

    double gpuStep = lag(seconds, thermal.gpuTimeConstant().toMillis() / 1000.0);
    double gpuWatts = 0.0;
    for (Slot s : slots.values()) {
      if (s.gpu == null) {
        s.watts = 0.0; // an empty slot draws nothing, also once its card is pulled
        continue;
      }
      s.gpu.setPowered(slotPowered(s));
      s.watts = gpuWatts(s);
      OptionalDouble forced = s.forcedTemperature();
      if (forced.isPresent()) {
        s.temperature = forced.getAsDouble();
      } else {
        s.temperature += (equilibrium(s) - s.temperature) * gpuStep;
      }
      s.gpu.setTelemetry(s.temperature, s.watts);
      gpuWatts += s.watts;
    }
    dissipatedWatts = gpuWatts + thermal.chassisBaseWatts();

    for (PowerMonitor m : powerMonitors) {
      double amps =
          m.spec().slotsFed().stream().mapToDouble(n -> slots.get(n).watts).sum() / RAIL_VOLTS;
      m.device().setRail(RAIL_VOLTS - RAIL_PATH_OHMS * amps, amps, m.spec().shuntOhms());
    }

    long healthy = psus.stream().filter(p -> !p.device().failed()).count();
    double share = healthy == 0 ? 0.0 : dissipatedWatts / healthy;
    for (Psu p : psus) {
      double loadFraction = share / p.spec().ratedWatts();
      double temperature = inletCelsius + 5.0 + 20.0 * loadFraction;
      double fanRpm = 4000.0 + 14000.0 * Math.min(1.0, loadFraction);
      p.device().setOutput(0, AC_INPUT_VOLTS, RAIL_VOLTS, share / RAIL_VOLTS, temperature, fanRpm);
      p.device().setOutput(1, AC_INPUT_VOLTS, RAIL_VOLTS, STANDBY_AMPS, temperature, fanRpm);
    }

    for (TemperatureSensor t : temperatureSensors) {
      t.device().setTemperature(sensorTemperature(t.spec()));
    }
  }

  double airflowFraction() {
    return airflow;
  }

  double dissipatedWatts() {
    return dissipatedWatts;
  }

  private double sensorTemperature(TemperatureSensorSpec spec) {
    switch (spec.placement()) {
      case EXHAUST:
        return inletCelsius + thermal.exhaustRisePerKilowatt() * dissipatedWatts / 1000.0 / airflow;
      case BOARD:
        return inletCelsius
            + 5.0
            + thermal.exhaustRisePerKilowatt() * dissipatedWatts / 2000.0 / airflow;
      case INLET:
      default:
        return inletCelsius;
    }
  }

  private double commandedRpm(Fan f) {
    return f.failed ? 0.0 : fanController.dutyPercent(f.spec.channel()) / 100.0 * f.spec.maxRpm();
  }

  private double airflow() {
    if (fanController == null) {
      return UNMANAGED_AIRFLOW;
    }
    double sum = 0.0;
    double max = 0.0;
    for (Fan f : fans) {
      sum += f.rpm;
      max += f.spec.maxRpm();
    }
    double fraction = max == 0.0 ? 0.0 : sum / max;
    return Math.max(thermal.minimumAirflow(), fraction);
  }

  private boolean slotPowered(Slot s) {
    boolean anySupply = psus.isEmpty() || psus.stream().anyMatch(p -> !p.device().failed());
    return anySupply && s.powerEnabled();
  }

  private double gpuWatts(Slot s) {
    if (!slotPowered(s)) {
      return 0.0;
    }
    double idle = thermal.idleFraction();
    double fraction = s.inReset() ? idle : idle + s.load * (1.0 - idle);
    return fraction * s.tdpWatts;
  }

  private double equilibrium(Slot s) {
    return inletCelsius + thermal.gpuRiseAtTdp() * (s.watts / s.tdpWatts) / airflow;
  }

  /** The fraction of the remaining distance a first-order lag covers in {@code seconds}. */
  private static double lag(double seconds, double timeConstant) {
    return timeConstant <= 0 ? 1.0 : 1.0 - Math.exp(-seconds / timeConstant);
  }
}
