package io.gpuchassis.sensor.chassis;

import com.pi4j.context.Context;
import io.gpuchassis.sensor.device.Ina226PowerMonitor;
import io.gpuchassis.sensor.device.Lm75TemperatureSensor;
import io.gpuchassis.sensor.device.Max31790FanController;
import io.gpuchassis.sensor.device.Pca9548Mux;
import io.gpuchassis.sensor.device.Pca9555Expander;
import io.gpuchassis.sensor.device.gpu.PostBoxTiming;
import io.gpuchassis.sensor.device.gpu.SmbpbiPostBox;
import io.gpuchassis.sensor.device.pmbus.PmbusPowerSupply;
import io.gpuchassis.sensor.gpio.ExpanderPin;
import io.gpuchassis.sensor.gpio.SlotControl;
import io.gpuchassis.sensor.gpio.SlotPins;
import io.gpuchassis.sensor.i2c.DeviceException;
import io.gpuchassis.sensor.i2c.I2cDevices;
import io.gpuchassis.sensor.i2c.SmbusDevice;
import io.gpuchassis.sensor.layout.I2cLocation;
import io.gpuchassis.sensor.layout.PowerMonitorSpec;
import io.gpuchassis.sensor.layout.PsuSpec;
import io.gpuchassis.sensor.layout.SensorLayout;
import io.gpuchassis.sensor.layout.SlotSpec;
import io.gpuchassis.sensor.layout.TemperatureSensorSpec;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;

/**
 * The drivers of every device in a {@link SensorLayout}, opened from one Pi4J context. Opening touches no hardware;
 * {@link #initialize()} does the one-time setup.
 *
 * <p>Thread-safety: the accessors are safe; driver calls block on their bus. On a running agent, call drivers only
 * from the owning bus's {@link io.gpuchassis.sensor.poll.BusPoller} (its tasks, jobs and submitted commands).
 */
public final class ChassisSensors {

  private final SensorLayout layout;
  private final Map<String, Lm75TemperatureSensor> temperatureSensors = new LinkedHashMap<>();
  private final Map<String, Ina226PowerMonitor> powerMonitors = new LinkedHashMap<>();
  private final Map<String, PmbusPowerSupply> psus = new LinkedHashMap<>();
  private final Max31790FanController fanController;
  private final Map<I2cLocation, Pca9555Expander> expanders = new LinkedHashMap<>();
  private final Map<Integer, GpuSideband> gpus = new LinkedHashMap<>();
  private final Map<Integer, SlotControl> slots = new LinkedHashMap<>();

  public ChassisSensors(Context context, SensorLayout layout, PostBoxTiming postBoxTiming) {
    this.layout = layout;
    I2cDevices devices = new I2cDevices(context);
    for (TemperatureSensorSpec t : layout.temperatureSensors()) {
      temperatureSensors.put(t.id(), new Lm75TemperatureSensor(open(devices, t.location()), t.resolutionBits()));
    }
    for (PowerMonitorSpec m : layout.powerMonitors()) {
      powerMonitors.put(m.id(), new Ina226PowerMonitor(open(devices, m.location()), m.shuntOhms(), m.maxAmps()));
    }
    for (PsuSpec p : layout.psus()) {
      psus.put(p.id(), new PmbusPowerSupply(open(devices, p.location()), 0));
    }
    fanController =
        new Max31790FanController(
            open(devices, layout.fanController().location()), layout.fanController().pulsesPerRevolution());
    Map<I2cLocation, Pca9548Mux> muxes = new LinkedHashMap<>();
    for (I2cLocation m : layout.muxes()) {
      muxes.put(m, new Pca9548Mux(open(devices, m)));
    }
    for (I2cLocation e : layout.expanders()) {
      expanders.put(e, new Pca9555Expander(open(devices, e)));
    }
    for (SlotSpec s : layout.slots()) {
      SmbpbiPostBox postBox = new SmbpbiPostBox(open(devices, s.gpu()), postBoxTiming);
      Optional<Pca9548Mux> mux = s.gpuMux().map(m -> muxes.get(m.mux()));
      gpus.put(s.slot(), new GpuSideband(s.slot(), postBox, mux, s.gpuMux().map(m -> m.channel()).orElse(0)));
      Pca9555Expander expander = expanders.get(s.expander());
      SlotPins pins = s.pins();
      slots.put(
          s.slot(),
          new SlotControl(
              s.slot(),
              new ExpanderPin(expander, pins.presentN()),
              new ExpanderPin(expander, pins.powerEnable()),
              new ExpanderPin(expander, pins.perstN()),
              new ExpanderPin(expander, pins.attentionLed())));
    }
  }

  private static SmbusDevice open(I2cDevices devices, I2cLocation location) {
    return devices.device(location.bus(), location.address());
  }

  /**
   * One-time setup, safe on a running chassis: enables the fan tach inputs (leaving the duty alone), programs the
   * power monitors' calibration, and takes over the expanders without glitching slot power — pins an earlier run
   * already drives keep their level; slot pins still floating after a power-on are made outputs at the levels their
   * pull-downs hold (power off, PERST# asserted, LED off).
   */
  public void initialize() throws DeviceException {
    fanController.initialize();
    for (Ina226PowerMonitor m : powerMonitors.values()) {
      m.initialize();
    }
    for (Map.Entry<I2cLocation, Pca9555Expander> e : expanders.entrySet()) {
      Pca9555Expander expander = e.getValue();
      expander.adoptCurrentState();
      int pins = expander.readPins();
      for (SlotSpec s : layout.slots()) {
        if (s.expander().equals(e.getKey())) {
          SlotPins p = s.pins();
          takeOverOutput(expander, p.powerEnable(), pins);
          takeOverOutput(expander, p.perstN(), pins);
          takeOverOutput(expander, p.attentionLed(), pins);
        }
      }
    }
  }

  private static void takeOverOutput(Pca9555Expander expander, int pin, int levels) throws DeviceException {
    if (!expander.isOutput(pin)) {
      expander.makeOutput(pin, ((levels >> pin) & 1) != 0);
    }
  }

  public SensorLayout layout() {
    return layout;
  }

  public Lm75TemperatureSensor temperatureSensor(String id) {
    return find(temperatureSensors, id, "temperature sensor");
  }

  public Ina226PowerMonitor powerMonitor(String id) {
    return find(powerMonitors, id, "power monitor");
  }

  /** Page 0 (main output) of the supply. */
  public PmbusPowerSupply psu(String id) {
    return find(psus, id, "power supply");
  }

  public Max31790FanController fanController() {
    return fanController;
  }

  public GpuSideband gpu(int slot) {
    return find(gpus, slot, "slot");
  }

  public SlotControl slot(int slot) {
    return find(slots, slot, "slot");
  }

  public Pca9555Expander expander(I2cLocation location) {
    return find(expanders, location, "expander");
  }

  private static <K, V> V find(Map<K, V> map, K key, String what) {
    V v = map.get(key);
    if (v == null) {
      throw new NoSuchElementException("no " + what + " " + key);
    }
    return v;
  }
}
