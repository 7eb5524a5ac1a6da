package io.gpuchassis.sensor.chassis;

import io.gpuchassis.sensor.device.Ina226PowerMonitor;
import io.gpuchassis.sensor.device.Lm75TemperatureSensor;
import io.gpuchassis.sensor.device.Max31790FanController;
import io.gpuchassis.sensor.device.Pca9555Expander;
import io.gpuchassis.sensor.device.PowerReading;
import io.gpuchassis.sensor.device.pmbus.PmbusPowerSupply;
import io.gpuchassis.sensor.device.pmbus.PsuReading;
import io.gpuchassis.sensor.gpio.GpioLine;
import io.gpuchassis.sensor.gpio.SlotSignal;
import io.gpuchassis.sensor.layout.FanSpec;
import io.gpuchassis.sensor.layout.I2cLocation;
import io.gpuchassis.sensor.layout.PowerMonitorSpec;
import io.gpuchassis.sensor.layout.PsuSpec;
import io.gpuchassis.sensor.layout.SensorLayout;
import io.gpuchassis.sensor.layout.SlotLine;
import io.gpuchassis.sensor.layout.SlotSpec;
import io.gpuchassis.sensor.layout.TemperatureSensorSpec;
import io.gpuchassis.sensor.poll.PollTask;
import io.gpuchassis.sensor.poll.SensorDescriptor;
import io.gpuchassis.sensor.poll.SensorUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;

/**
 * Turns a chassis's drivers into poll tasks, grouped by poller: one per I2C bus (keyed by bus
 * number) and one for the external slot lines (keyed {@link #EXTERNAL_LINES}), one {@link
 * io.gpuchassis.sensor.poll.BusPoller} each. One task per device access: a temperature sensor, a
 * rail monitor's voltage/current/power, a supply's telemetry, all fans with their fault flags, one
 * expander's slot lines (one read of its 16-bit pin word for every signal wired to it), one
 * external line (they are not on a bus, so each is read on its own), one GPU's temperature and
 * power behind a single mux selection. Only the fine-resolution temperature sensors are judged for
 * stuck values ({@link TemperatureSensorSpec#dithers()}); the GPU's integer temperature, fan tachs
 * and status words legitimately repeat.
 *
 * <p>A device that could not be opened still gets its tasks: they fail with the reason, so its
 * sensors show FAILED. Building the plan touches no hardware; the tasks block on I/O and must run
 * on their poller.
 */
public final class ChassisPollPlan {

  /**
   * The poller key of the external slot lines: negative, so it never collides with a bus number.
   * Their poller is called {@code "external-lines"}.
   */
  public static final int EXTERNAL_LINES = -1;

  private ChassisPollPlan() {}

  /** The poller that owns {@code line}: its expander's bus, or {@link #EXTERNAL_LINES}. */
  public static int pollerKey(SlotLine line) {
    return line instanceof SlotLine.OnExpander pin ? pin.expander().bus() : EXTERNAL_LINES;
  }

  /**
   * The poller to submit a slot's commands to: that of its PWR_EN line, else of its PERST# line,
   * else of its attention LED; empty when the slot has none of them. A command that moves a signal
   * on another poller's line is still safe (expander pins and external lines are thread-safe), it
   * only borrows that line for one transfer.
   */
  public static OptionalInt slotCommandPoller(SlotSpec slot) {
    for (SlotSignal s :
        List.of(SlotSignal.POWER_ENABLE, SlotSignal.PERST_N, SlotSignal.ATTENTION_LED)) {
      Optional<SlotLine> line = slot.line(s);
      if (line.isPresent()) {
        return OptionalInt.of(pollerKey(line.get()));
      }
    }
    return OptionalInt.empty();
  }

  /** The name of a poller: {@code "i2c-<bus>"}, or {@code "external-lines"}. */
  public static String pollerName(int key) {
    return key == EXTERNAL_LINES ? "external-lines" : "i2c-" + key;
  }

  /**
   * @param gpuSlots slots whose GPU post-box is polled (occupied, powered slots; an empty slot's
   *     post-box would only ever fail); a slot without a GPU sideband in the layout has no GPU
   *     sensors
   * @return tasks by poller key (bus number, or {@link #EXTERNAL_LINES})
   */
  public static Map<Integer, List<PollTask>> build(
      ChassisSensors sensors, PollIntervals intervals, Set<Integer> gpuSlots) {
    SensorLayout layout = sensors.layout();
    Map<Integer, List<PollTask>> byKey = new TreeMap<>();

    for (TemperatureSensorSpec t : layout.temperatureSensors()) {
      Lm75TemperatureSensor sensor = sensors.temperatureSensor(t.id());
      PollTask task =
          PollTask.of(
              sensor(SensorIds.temperature(t.id()), SensorUnit.CELSIUS),
              intervals.temperature(),
              sensor::readCelsius);
      add(byKey, t.location().bus(), t.dithers() ? task.dithering() : task);
    }

    for (PowerMonitorSpec m : layout.powerMonitors()) {
      Ina226PowerMonitor monitor = sensors.powerMonitor(m.id());
      add(
          byKey,
          m.location().bus(),
          PollTask.group(
              m.id(),
              intervals.powerMonitor(),
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
      add(
          byKey,
          p.location().bus(),
          PollTask.group(
              id,
              intervals.psu(),
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
                  r.inputVolts(),
                  r.outputVolts(),
                  r.outputAmps(),
                  r.outputWatts(),
                  r.temperatureCelsius(),
                  r.fanRpm(),
                  r.status().raw()
                };
              }));
    }

    layout
        .fanController()
        .ifPresent(
            spec -> {
              if (!spec.fans().isEmpty()) {
                add(
                    byKey,
                    spec.location().bus(),
                    fanTask(spec.fans(), sensors.fanController().orElseThrow(), intervals));
              }
            });

    for (I2cLocation e : layout.expanders()) {
      add(byKey, e.bus(), expanderTask(e, sensors.expander(e), layout, intervals));
    }

    for (SlotSpec s : layout.slots()) {
      s.lines()
          .lines()
          .forEach(
              (signal, line) -> {
                if (line instanceof SlotLine.External external) {
                  GpioLine gpio = sensors.externalLine(external.name());
                  add(
                      byKey,
                      EXTERNAL_LINES,
                      PollTask.group(
                          "Line " + external.name(),
                          intervals.slotSignals(),
                          List.of(sensor(SensorIds.slotSignal(s.slot(), signal), SensorUnit.STATE)),
                          () -> new double[] {flag(signal.asserted(gpio.isHigh()))}));
                }
              });
    }

    layout
        .identifyLed()
        .filter(line -> line instanceof SlotLine.External)
        .ifPresent(
            line -> {
              GpioLine gpio = sensors.identifyLed().orElseThrow();
              add(
                  byKey,
                  EXTERNAL_LINES,
                  PollTask.group(
                      "Line " + ((SlotLine.External) line).name(),
                      intervals.slotSignals(),
                      List.of(sensor(SensorIds.CHASSIS_IDENTIFY, SensorUnit.STATE)),
                      () -> new double[] {flag(gpio.isHigh())}));
            });

    for (SlotSpec s : layout.slots()) {
      if (s.gpu().isEmpty() || !gpuSlots.contains(s.slot())) {
        continue;
      }
      GpuSideband gpu = sensors.gpu(s.slot());
      add(
          byKey,
          s.gpu().get().location().bus(),
          PollTask.group(
              "GPU" + s.slot(),
              intervals.gpu(),
              List.of(
                  sensor(SensorIds.gpuTemperature(s.slot()), SensorUnit.CELSIUS),
                  sensor(SensorIds.gpuPower(s.slot()), SensorUnit.WATTS)),
              gpu::readTemperatureAndPower));
    }
    return byKey;
  }

  private static PollTask fanTask(
      List<FanSpec> fans, Max31790FanController controller, PollIntervals intervals) {
    List<SensorDescriptor> fanSensors = new ArrayList<>();
    fans.forEach(f -> fanSensors.add(sensor(SensorIds.fanRpm(f.id()), SensorUnit.RPM)));
    fanSensors.add(sensor(SensorIds.FAN_FAULTS, SensorUnit.STATE));
    return PollTask.group(
        "Fans",
        intervals.fans(),
        fanSensors,
        () -> {
          double[] v = new double[fans.size() + 1];
          for (int i = 0; i < fans.size(); i++) {
            v[i] = controller.readRpm(fans.get(i).channel());
          }
          v[fans.size()] = controller.readFaultMask();
          return v;
        });
  }

  /**
   * One read of the expander's pin word gives every slot signal wired to it, in slot and signal
   * order.
   */
  private static PollTask expanderTask(
      I2cLocation location,
      Pca9555Expander expander,
      SensorLayout layout,
      PollIntervals intervals) {
    record Wired(SlotSignal signal, int pin) {}
    List<SensorDescriptor> sensors = new ArrayList<>();
    List<Wired> wired = new ArrayList<>();
    for (SlotSpec s : layout.slots()) {
      s.lines()
          .lines()
          .forEach(
              (signal, line) -> {
                if (line instanceof SlotLine.OnExpander pin && pin.expander().equals(location)) {
                  sensors.add(sensor(SensorIds.slotSignal(s.slot(), signal), SensorUnit.STATE));
                  wired.add(new Wired(signal, pin.pin()));
                }
              });
    }
    // the identify LED is active high, as an attention LED is
    layout
        .identifyLed()
        .filter(line -> line instanceof SlotLine.OnExpander pin && pin.expander().equals(location))
        .ifPresent(
            line -> {
              sensors.add(sensor(SensorIds.CHASSIS_IDENTIFY, SensorUnit.STATE));
              wired.add(new Wired(SlotSignal.ATTENTION_LED, ((SlotLine.OnExpander) line).pin()));
            });
    return PollTask.group(
        "SlotLines " + location,
        intervals.slotSignals(),
        sensors,
        () -> {
          int pins = expander.readPins();
          double[] v = new double[wired.size()];
          for (int i = 0; i < v.length; i++) {
            Wired w = wired.get(i);
            v[i] = flag(w.signal().asserted(((pins >> w.pin()) & 1) != 0));
          }
          return v;
        });
  }

  private static void add(Map<Integer, List<PollTask>> byKey, int key, PollTask task) {
    byKey.computeIfAbsent(key, b -> new ArrayList<>()).add(task);
  }

  private static SensorDescriptor sensor(String id, SensorUnit unit) {
    return new SensorDescriptor(id, unit);
  }

  private static double flag(boolean b) {
    return b ? 1.0 : 0.0;
  }
}
