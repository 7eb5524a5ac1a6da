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
import io.gpuchassis.sensor.gpio.ExternalLineResolver;
import io.gpuchassis.sensor.gpio.GpioLine;
import io.gpuchassis.sensor.gpio.SlotControl;
import io.gpuchassis.sensor.gpio.SlotSignal;
import io.gpuchassis.sensor.i2c.DeviceException;
import io.gpuchassis.sensor.i2c.I2cDevices;
import io.gpuchassis.sensor.i2c.SmbusDevice;
import io.gpuchassis.sensor.layout.FanControllerSpec;
import io.gpuchassis.sensor.layout.GpuSidebandSpec;
import io.gpuchassis.sensor.layout.I2cLocation;
import io.gpuchassis.sensor.layout.PowerMonitorSpec;
import io.gpuchassis.sensor.layout.PsuSpec;
import io.gpuchassis.sensor.layout.SensorLayout;
import io.gpuchassis.sensor.layout.SlotLine;
import io.gpuchassis.sensor.layout.SlotSpec;
import io.gpuchassis.sensor.layout.TemperatureSensorSpec;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;

/**
 * The drivers of every device in a {@link SensorLayout}, opened from one Pi4J context, and the slot
 * lines resolved. Opening touches no hardware and never throws for one device: a device that cannot
 * be opened (its bus is missing, the native I2C library cannot load, an external line cannot be
 * resolved) is recorded as unavailable with the reason, and its driver fails every call with a
 * {@link io.gpuchassis.sensor.i2c.DeviceUnavailableException} carrying that reason, so its readings
 * are FAILED through the normal polling path. {@link #initialize()} does the one-time set-up of
 * every available device and reports the problems instead of stopping at the first; {@link
 * #devices()} lists every device with its status.
 *
 * <p>Thread-safety: the accessors are safe; driver calls block on their bus. On a running agent,
 * call drivers only from the owning poller ({@link ChassisPollPlan#pollerKey}): its tasks, jobs and
 * submitted commands.
 */
public final class ChassisSensors {

  private final SensorLayout layout;
  private final DeviceRegistry registry = new DeviceRegistry();
  private final Map<String, Lm75TemperatureSensor> temperatureSensors = new LinkedHashMap<>();
  private final Map<String, Ina226PowerMonitor> powerMonitors = new LinkedHashMap<>();
  private final Map<String, PmbusPowerSupply> psus = new LinkedHashMap<>();
  private final Optional<Max31790FanController> fanController;
  private final Map<I2cLocation, Pca9548Mux> muxes = new LinkedHashMap<>();
  private final Map<I2cLocation, Pca9555Expander> expanders = new LinkedHashMap<>();
  private final Map<String, GpioLine> externalLines = new LinkedHashMap<>();
  private final Optional<GpioLine> identifyLed;
  private final Map<Integer, GpuSideband> gpus = new LinkedHashMap<>();
  private final Map<Integer, SlotControl> slots = new LinkedHashMap<>();

  /** A chassis whose layout has no external lines (any it names are unavailable). */
  public ChassisSensors(Context context, SensorLayout layout, PostBoxTiming postBoxTiming) {
    this(context, layout, postBoxTiming, ExternalLineResolver.NONE);
  }

  /**
   * @param externalLines resolves the names of the layout's external slot lines
   */
  public ChassisSensors(
      Context context,
      SensorLayout layout,
      PostBoxTiming postBoxTiming,
      ExternalLineResolver externalLines) {
    this.layout = layout;
    I2cDevices devices = new I2cDevices(context);
    // muxes first, so their set-up has deselected every channel before anything behind them is read
    for (I2cLocation m : layout.muxes()) {
      SmbusDevice device = devices.open(m.bus(), m.address());
      Pca9548Mux mux = new Pca9548Mux(device);
      muxes.put(m, mux);
      register(LayoutDevice.onBus(DeviceKind.MUX, Optional.empty(), m), device, mux::deselectAll);
    }
    for (TemperatureSensorSpec t : layout.temperatureSensors()) {
      SmbusDevice device = open(devices, t.location());
      Lm75TemperatureSensor sensor = new Lm75TemperatureSensor(device, t.resolutionBits());
      temperatureSensors.put(t.id(), sensor);
      register(
          LayoutDevice.onBus(DeviceKind.TEMPERATURE_SENSOR, Optional.of(t.id()), t.location()),
          device,
          sensor::readCelsius);
    }
    for (PowerMonitorSpec m : layout.powerMonitors()) {
      SmbusDevice device = open(devices, m.location());
      Ina226PowerMonitor monitor = new Ina226PowerMonitor(device, m.shuntOhms(), m.maxAmps());
      powerMonitors.put(m.id(), monitor);
      register(
          LayoutDevice.onBus(DeviceKind.POWER_MONITOR, Optional.of(m.id()), m.location()),
          device,
          monitor::initialize);
    }
    for (PsuSpec p : layout.psus()) {
      SmbusDevice device = open(devices, p.location());
      PmbusPowerSupply psu = new PmbusPowerSupply(device, 0);
      psus.put(p.id(), psu);
      register(
          LayoutDevice.onBus(DeviceKind.POWER_SUPPLY, Optional.of(p.id()), p.location()),
          device,
          psu::readStatusWord);
    }
    fanController = layout.fanController().map(f -> openFanController(devices, f));
    for (I2cLocation e : layout.expanders()) {
      SmbusDevice device = open(devices, e);
      Pca9555Expander expander = new Pca9555Expander(device);
      expanders.put(e, expander);
      register(
          LayoutDevice.onBus(DeviceKind.EXPANDER, Optional.empty(), e),
          device,
          () -> takeOver(e, expander));
    }
    for (SlotSpec s : layout.slots()) {
      slots.put(s.slot(), new SlotControl(s.slot(), lines(s, externalLines)));
      s.gpu().ifPresent(g -> gpus.put(s.slot(), openGpu(devices, s.slot(), g, postBoxTiming)));
    }
    identifyLed =
        layout
            .identifyLed()
            .map(
                line ->
                    line instanceof SlotLine.OnExpander pin
                        ? new ExpanderPin(expanders.get(pin.expander()), pin.pin())
                        : resolve(
                            LayoutDevice.chassisLine(((SlotLine.External) line).name()),
                            externalLines));
  }

  private Max31790FanController openFanController(I2cDevices devices, FanControllerSpec spec) {
    SmbusDevice device = open(devices, spec.location());
    Max31790FanController controller =
        new Max31790FanController(device, spec.pulsesPerRevolution());
    register(
        LayoutDevice.onBus(DeviceKind.FAN_CONTROLLER, Optional.empty(), spec.location()),
        device,
        controller::initialize);
    return controller;
  }

  private GpuSideband openGpu(
      I2cDevices devices, int slot, GpuSidebandSpec spec, PostBoxTiming timing) {
    SmbusDevice device = open(devices, spec.location());
    Optional<Pca9548Mux> mux = spec.mux().map(m -> muxes.get(m.mux()));
    Optional<String> unavailable =
        device.unavailableReason().or(() -> mux.flatMap(m -> m.device().unavailableReason()));
    registry.add(LayoutDevice.gpuSideband(slot, spec), unavailable, DeviceRegistry.NONE);
    SmbpbiPostBox postBox =
        mux.isPresent()
            ? SmbpbiPostBox.behind(mux.get(), spec.mux().get().channel(), device, timing)
            : new SmbpbiPostBox(device, timing);
    return new GpuSideband(slot, postBox);
  }

  private Map<SlotSignal, GpioLine> lines(SlotSpec slot, ExternalLineResolver resolver) {
    Map<SlotSignal, GpioLine> lines = new EnumMap<>(SlotSignal.class);
    slot.lines()
        .lines()
        .forEach(
            (signal, line) -> {
              if (line instanceof SlotLine.OnExpander pin) {
                lines.put(signal, new ExpanderPin(expanders.get(pin.expander()), pin.pin()));
              } else {
                String name = ((SlotLine.External) line).name();
                lines.put(signal, resolve(LayoutDevice.externalLine(slot.slot(), name), resolver));
              }
            });
    return lines;
  }

  private GpioLine resolve(LayoutDevice device, ExternalLineResolver resolver) {
    String name = device.id().orElseThrow();
    GpioLine line;
    Optional<String> problem;
    try {
      line = resolver.resolve(name);
      problem = line == null ? Optional.of("the resolver has no line " + name) : Optional.empty();
    } catch (DeviceException | RuntimeException | LinkageError e) {
      // LinkageError: a GPIO library whose native part cannot load on this machine
      line = null;
      problem = Optional.of(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
    }
    if (problem.isPresent()) {
      line = GpioLine.unavailable("external line " + name, problem.get());
    }
    externalLines.put(name, line);
    registry.add(device, problem, line::isHigh);
    return line;
  }

  private static SmbusDevice open(I2cDevices devices, I2cLocation location) {
    return devices.open(location.bus(), location.address());
  }

  private void register(LayoutDevice device, SmbusDevice smbus, DeviceRegistry.Setup setup) {
    registry.add(device, smbus.unavailableReason(), setup);
  }

  /**
   * One-time set-up of every available device, safe on a running chassis: deselects the muxes,
   * checks that each temperature sensor and supply answers, enables the fan tach inputs (leaving
   * the duty alone), programs the power monitors' calibration, checks each external line reads, and
   * takes over the expanders without glitching slot power — output pins an earlier run already
   * drives keep their level; slot output pins still floating after a power-on are made outputs at
   * the levels their pull-downs hold (power off, PERST# asserted, LED off). GPU sidebands need no
   * set-up (a GPU in an unpowered slot legitimately does not answer).
   *
   * <p>A device that fails does not stop the others. May be called again to retry.
   *
   * @return the devices that are not ready (unavailable, or whose set-up failed), with the reason;
   *     empty when every device is ready
   */
  public List<DeviceStatus> initialize() {
    return registry.initializeAll();
  }

  /** Every device of the layout with its status, muxes first, then in layout order. */
  public List<DeviceStatus> devices() {
    return registry.list();
  }

  private void takeOver(I2cLocation location, Pca9555Expander expander) throws DeviceException {
    expander.adoptCurrentState();
    int pins = expander.readPins();
    List<SlotLine> outputs = new ArrayList<>();
    for (SlotSpec s : layout.slots()) {
      for (Map.Entry<SlotSignal, SlotLine> e : s.lines().lines().entrySet()) {
        if (e.getKey().output()) {
          outputs.add(e.getValue());
        }
      }
    }
    layout.identifyLed().ifPresent(outputs::add);
    for (SlotLine line : outputs) {
      if (line instanceof SlotLine.OnExpander pin
          && pin.expander().equals(location)
          && !expander.isOutput(pin.pin())) {
        expander.makeOutput(pin.pin(), ((pins >> pin.pin()) & 1) != 0);
      }
    }
  }

  public SensorLayout layout() {
    return layout;
  }

  /**
   * The chassis identify LED's line, by electrical level (high = lit); empty when the layout has
   * none.
   */
  public Optional<GpioLine> identifyLed() {
    return identifyLed;
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

  /** Empty when the layout has no fan controller. */
  public Optional<Max31790FanController> fanController() {
    return fanController;
  }

  /**
   * @throws NoSuchElementException when the slot does not exist or has no GPU sideband in the
   *     layout
   */
  public GpuSideband gpu(int slot) {
    GpuSideband gpu = gpus.get(slot);
    if (gpu == null) {
      throw new NoSuchElementException(
          layout.slot(slot).isPresent()
              ? "slot " + slot + " has no GPU sideband in the layout"
              : "no slot " + slot);
    }
    return gpu;
  }

  public SlotControl slot(int slot) {
    return find(slots, slot, "slot");
  }

  public Pca9555Expander expander(I2cLocation location) {
    return find(expanders, location, "expander");
  }

  /**
   * The resolved external line called {@code name} (a stand-in that fails every call if it was
   * unavailable).
   */
  public GpioLine externalLine(String name) {
    return find(externalLines, name, "external line");
  }

  private static <K, V> V find(Map<K, V> map, K key, String what) {
    V v = map.get(key);
    if (v == null) {
      throw new NoSuchElementException(
          "no " + what + " " + key + "; there are " + new ArrayList<>(map.keySet()));
    }
    return v;
  }
}
