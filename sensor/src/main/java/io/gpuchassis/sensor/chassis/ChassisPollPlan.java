package io.gpuchassis.sensor.chassis;

import io.gpuchassis.sensor.device.Ina226PowerMonitor;
import io.gpuchassis.sensor.device.Lm75TemperatureSensor;
import io.gpuchassis.sensor.device.Max31790FanController;
import io.gpuchassis.sensor.device.Pca9555Expander;
import io.gpuchassis.sensor.device.PowerReading;
import io.gpuchassis.sensor.device.pmbus.PmbusPowerSupply;
import io.gpuchassis.sensor.device.pmbus.PsuReading;
import io.gpuchassis.sensor.gpio.SlotSignals;
import io.gpuchassis.sensor.layout.FanSpec;
import io.gpuchassis.sensor.layout.I2cLocation;
import io.gpuchassis.sensor.layout.PowerMonitorSpec;
import io.gpuchassis.sensor.layout.PsuSpec;
import io.gpuchassis.sensor.layout.SensorLayout;
import io.gpuchassis.sensor.layout.SlotSpec;
import io.gpuchassis.sensor.layout.TemperatureSensorSpec;
import io.gpuchassis.sensor.poll.PollTask;
import io.gpuchassis.sensor.poll.SensorDescriptor;
import io.gpuchassis.sensor.poll.SensorUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Turns a chassis's drivers into poll tasks, grouped by the I2C bus they use (one {@link
 * io.gpuchassis.sensor.poll.BusPoller} per group). One task per device access: a temperature sensor, a rail monitor's
 * voltage/current/power, a supply's telemetry, all fans with their fault flags, one expander's slot lines, one GPU's
 * temperature and power behind a single mux selection. Only the fine-resolution temperature sensors are judged for
 * stuck values ({@link TemperatureSensorSpec#dithers()}); the GPU's integer temperature, fan tachs and status words
 * legitimately repeat.
 *
 * <p>Building the plan touches no hardware; the tasks block on bus I/O and must run on their bus's {@link io.gpuchassis.sensor.poll.BusPoller}.
 */
public final class ChassisPollPlan {

  private ChassisPollPlan() {}

  /**
   * @param gpuSlots slots whose GPU post-box is polled (occupied, powered slots; an empty slot's post-box would only
   *     ever fail)
   * @return tasks by bus number
   */
  public static Map<Integer, List<PollTask>> build(
      ChassisSensors sensors, PollIntervals intervals, Set<Integer> gpuSlots) {
    SensorLayout layout = sensors.layout();
    Map<Integer, List<PollTask>> byBus = new TreeMap<>();

    for (TemperatureSensorSpec t : layout.temperatureSensors()) {
      Lm75TemperatureSensor sensor = sensors.temperatureSensor(t.id());
      PollTask task = PollTask.of(sensor(SensorIds.temperature(t.id()), SensorUnit.CELSIUS), intervals.temperature(),
          sensor::readCelsius);
      add(byBus, t.location(), t.dithers() ? task.dithering() : task);
    }

    for (PowerMonitorSpec m : layout.powerMonitors()) {
      Ina226PowerMonitor monitor = sensors.powerMonitor(m.id());
      add(byBus, m.location(),
          PollTask.group(m.id(), intervals.powerMonitor(),
              List.of(
                  sensor(SensorIds.railVolts(m.id()), SensorUnit.VOLTS),
                  sensor(SensorIds.railAmps(m.id()), SensorUnit.AMPS),
                  sensor(SensorIds.railWatts(m.id()), SensorUnit.WATTS)),
              () -> {
                PowerReading r = monitor.read();
                return new double[] {r.busVolts(), r.amps(), r.watts()};
              }));
    }

    for (PsuSpec p : layout.psus()) {
      PmbusPowerSupply psu = sensors.psu(p.id());
      String id = p.id();
      add(byBus, p.location(),
          PollTask.group(id, intervals.psu(),
              List.of(
                  sensor(SensorIds.psuInputVolts(id), SensorUnit.VOLTS),
                  sensor(SensorIds.psuOutputVolts(id), SensorUnit.VOLTS),
                  sensor(SensorIds.psuOutputAmps(id), SensorUnit.AMPS),
                  sensor(SensorIds.psuOutputWatts(id), SensorUnit.WATTS),
                  sensor(SensorIds.psuTemperature(id), SensorUnit.CELSIUS),
                  sensor(SensorIds.psuFanRpm(id), SensorUnit.RPM),
                  sensor(SensorIds.psuStatus(id), SensorUnit.STATE)),
              () -> {
                PsuReading r = psu.read();
                return new double[] {
                  r.inputVolts(), r.outputVolts(), r.outputAmps(), r.outputWatts(), r.temperatureCelsius(),
                  r.fanRpm(), r.status().raw()
                };
              }));
    }

    List<FanSpec> fans = layout.fanController().fans();
    if (!fans.isEmpty()) {
      Max31790FanController controller = sensors.fanController();
      List<SensorDescriptor> fanSensors = new ArrayList<>();
      fans.forEach(f -> fanSensors.add(sensor(SensorIds.fanRpm(f.id()), SensorUnit.RPM)));
      fanSensors.add(sensor(SensorIds.FAN_FAULTS, SensorUnit.STATE));
      add(byBus, layout.fanController().location(),
          PollTask.group("Fans", intervals.fans(), fanSensors,
              () -> {
                double[] v = new double[fans.size() + 1];
                for (int i = 0; i < fans.size(); i++) {
                  v[i] = controller.readRpm(fans.get(i).channel());
                }
                v[fans.size()] = controller.readFaultMask();
                return v;
              }));
    }

    for (I2cLocation e : layout.expanders()) {
      Pca9555Expander expander = sensors.expander(e);
      List<SlotSpec> slots = layout.slots().stream().filter(s -> s.expander().equals(e)).toList();
      List<SensorDescriptor> lines = new ArrayList<>();
      for (SlotSpec s : slots) {
        lines.add(sensor(SensorIds.slotPresent(s.slot()), SensorUnit.STATE));
        lines.add(sensor(SensorIds.slotPowerEnabled(s.slot()), SensorUnit.STATE));
        lines.add(sensor(SensorIds.slotInReset(s.slot()), SensorUnit.STATE));
        lines.add(sensor(SensorIds.slotAttention(s.slot()), SensorUnit.STATE));
      }
      add(byBus, e,
          PollTask.group("SlotLines " + e, intervals.slotSignals(), lines,
              () -> {
                int pins = expander.readPins();
                double[] v = new double[lines.size()];
                int i = 0;
                for (SlotSpec s : slots) {
                  SlotSignals signals = s.pins().decode(pins);
                  v[i++] = flag(signals.present());
                  v[i++] = flag(signals.powerEnabled());
                  v[i++] = flag(signals.inReset());
                  v[i++] = flag(signals.attention());
                }
                return v;
              }));
    }

    for (SlotSpec s : layout.slots()) {
      if (!gpuSlots.contains(s.slot())) {
        continue;
      }
      GpuSideband gpu = sensors.gpu(s.slot());
      add(byBus, s.gpu(),
          PollTask.group("GPU" + s.slot(), intervals.gpu(),
              List.of(
                  sensor(SensorIds.gpuTemperature(s.slot()), SensorUnit.CELSIUS),
                  sensor(SensorIds.gpuPower(s.slot()), SensorUnit.WATTS)),
              gpu::readTemperatureAndPower));
    }
    return byBus;
  }

  private static void add(Map<Integer, List<PollTask>> byBus, I2cLocation location, PollTask task) {
    byBus.computeIfAbsent(location.bus(), b -> new ArrayList<>()).add(task);
  }

  private static SensorDescriptor sensor(String id, SensorUnit unit) {
    return new SensorDescriptor(id, unit);
  }

  private static double flag(boolean b) {
    return b ? 1.0 : 0.0;
  }
}
