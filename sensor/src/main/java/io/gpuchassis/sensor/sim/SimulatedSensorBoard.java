package io.gpuchassis.sensor.sim;

import com.pi4j.context.Context;
import io.gpuchassis.sensor.gpio.SlotPins;
import io.gpuchassis.sensor.i2c.Pi4jContexts;
import io.gpuchassis.sensor.layout.FanSpec;
import io.gpuchassis.sensor.layout.I2cLocation;
import io.gpuchassis.sensor.layout.PowerMonitorSpec;
import io.gpuchassis.sensor.layout.PsuSpec;
import io.gpuchassis.sensor.layout.SensorLayout;
import io.gpuchassis.sensor.layout.SlotSpec;
import io.gpuchassis.sensor.layout.TemperatureSensorSpec;
import io.gpuchassis.sensor.sim.bus.SimI2cNetwork;
import io.gpuchassis.sensor.sim.bus.SimulatedI2CProvider;
import io.gpuchassis.sensor.sim.device.MeasurementNoise;
import io.gpuchassis.sensor.sim.device.SimDevice;
import io.gpuchassis.sensor.sim.device.SimIna226;
import io.gpuchassis.sensor.sim.device.SimLm75;
import io.gpuchassis.sensor.sim.device.SimMax31790;
import io.gpuchassis.sensor.sim.device.SimPca9548;
import io.gpuchassis.sensor.sim.device.SimPca9555;
import io.gpuchassis.sensor.sim.device.SimPmbusPowerSupply;
import io.gpuchassis.sensor.sim.device.SimSmbpbiGpu;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * A simulated chassis sensor board: the devices of a {@link SensorLayout} as register maps on simulated I2C buses,
 * the {@link ChassisPhysics} that moves their values, and fault controls. The agent reaches it only through
 * {@link #provider()} in a Pi4J context, with the real drivers.
 *
 * <p>Device names used by {@link #sensorStuck} and {@link #sensorI2cNak}: the ids of temperature sensors, power
 * monitors and supplies from the layout, {@code "GPU<slot>"} for a GPU's post-box and {@code "FanController"}.
 *
 * <p>Time: nothing moves until {@link #tick(Duration)} advances the physics (tests step simulated time), or
 * {@link #startClock(Duration)} ticks it in real time on a daemon thread. Thread-safety: all methods are safe to call
 * from any thread, concurrently with driver transfers.
 */
public final class SimulatedSensorBoard {

  public static final String FAN_CONTROLLER = "FanController";
  private static final double WARM_START_FAN_DUTY = 60.0;
  /**
   * A TMP75's conversion noise in a fan-cooled chassis: about one 12-bit LSB (0.0625 °C) rms, so successive reads
   * dither by an LSB or two (clamped at ±0.125 °C).
   */
  static final double TEMPERATURE_NOISE_CELSIUS = 0.0625;
  /** An INA226's noise without averaging: about one LSB rms on the shunt and the bus voltage. */
  static final double POWER_MONITOR_NOISE_LSB = 1.0;

  private final SimulatedSensorBoardConfig config;
  private final SimI2cNetwork network = new SimI2cNetwork();
  private final SimulatedI2CProvider provider = new SimulatedI2CProvider(network);
  private final Map<String, SimDevice> devicesByName = new LinkedHashMap<>();
  private final Map<String, ChassisPhysics.Fan> fans = new LinkedHashMap<>();
  private final Map<Integer, ChassisPhysics.Slot> slots = new TreeMap<>();
  private final Map<String, SimPmbusPowerSupply> psus = new LinkedHashMap<>();
  private final Map<SimDevice, Integer> nakCount = new HashMap<>();
  private final Map<SimDevice, Integer> frozenCount = new HashMap<>();
  private final Map<Integer, Integer> offBusCount = new HashMap<>();
  private final Map<String, Integer> fanFailCount = new HashMap<>();
  private final Map<String, Integer> psuFailCount = new HashMap<>();
  private final SimMax31790 fanController;
  private final ChassisPhysics physics;

  public SimulatedSensorBoard(SimulatedSensorBoardConfig config) {
    this.config = Objects.requireNonNull(config, "config");
    SensorLayout layout = config.layout();

    List<ChassisPhysics.TemperatureSensor> temperatureSensors = new ArrayList<>();
    for (TemperatureSensorSpec t : layout.temperatureSensors()) {
      SimLm75 device = place(t.id(), t.location(),
          new SimLm75(t.id(), t.resolutionBits(), MeasurementNoise.gaussian(TEMPERATURE_NOISE_CELSIUS, seed(t.id()))));
      temperatureSensors.add(new ChassisPhysics.TemperatureSensor(t, device));
    }
    List<ChassisPhysics.PowerMonitor> monitors = new ArrayList<>();
    for (PowerMonitorSpec m : layout.powerMonitors()) {
      SimIna226 device = new SimIna226(m.id(), MeasurementNoise.gaussian(POWER_MONITOR_NOISE_LSB, seed(m.id())));
      monitors.add(new ChassisPhysics.PowerMonitor(m, place(m.id(), m.location(), device)));
    }
    List<ChassisPhysics.Psu> psuList = new ArrayList<>();
    for (PsuSpec p : layout.psus()) {
      SimPmbusPowerSupply device = place(p.id(), p.location(), new SimPmbusPowerSupply(p.id(), "SIM-CRPS"));
      psus.put(p.id(), device);
      psuList.add(new ChassisPhysics.Psu(p, device));
    }
    fanController =
        place(FAN_CONTROLLER, layout.fanController().location(),
            new SimMax31790(FAN_CONTROLLER, layout.fanController().pulsesPerRevolution()));
    for (FanSpec f : layout.fanController().fans()) {
      fans.put(f.id(), new ChassisPhysics.Fan(f));
    }

    Map<I2cLocation, SimPca9548> muxes = new HashMap<>();
    for (I2cLocation mux : layout.muxes()) {
      SimPca9548 device = new SimPca9548("PCA9548 " + mux);
      network.bus(mux.bus()).attach(mux.address(), device);
      muxes.put(mux, device);
    }
    Map<I2cLocation, SimPca9555> expanders = new HashMap<>();
    for (I2cLocation e : layout.expanders()) {
      SimPca9555 device = new SimPca9555("PCA9555 " + e);
      network.bus(e.bus()).attach(e.address(), device);
      expanders.put(e, device);
    }
    Map<Integer, Integer> tdpBySlot = new HashMap<>();
    config.gpus().forEach(g -> tdpBySlot.put(g.slot(), g.tdpWatts()));
    for (SlotSpec s : layout.slots()) {
      SimPca9555 expander = expanders.get(s.expander());
      SimSmbpbiGpu gpu = null;
      if (tdpBySlot.containsKey(s.slot())) {
        gpu = new SimSmbpbiGpu("GPU" + s.slot(), config.thermal().gpuSlowdownCelsius());
        devicesByName.put(gpu.name(), gpu);
        if (s.gpuMux().isPresent()) {
          network.bus(s.gpu().bus()).attachBehind(
              muxes.get(s.gpuMux().get().mux()), s.gpuMux().get().channel(), s.gpu().address(), gpu);
        } else {
          network.bus(s.gpu().bus()).attach(s.gpu().address(), gpu);
        }
      }
      ChassisPhysics.Slot slot = new ChassisPhysics.Slot(s, expander, gpu, tdpBySlot.getOrDefault(s.slot(), 1));
      slot.load = config.gpuLoad();
      slots.put(s.slot(), slot);
      wireSlotPins(slot, config.warmStart());
    }
    if (config.warmStart()) {
      fanController.presetRunning(WARM_START_FAN_DUTY);
    }
    physics =
        new ChassisPhysics(
            config.thermal(), config.inletCelsius(), fanController, new ArrayList<>(fans.values()), slots,
            psuList, temperatureSensors, monitors);
    physics.settle();
  }

  /** The board's slot pins: presence from the card, pull-downs on the outputs, and a warm start's output state. */
  private static void wireSlotPins(ChassisPhysics.Slot slot, boolean warmStart) {
    SlotPins pins = slot.spec.pins();
    SimPca9555 e = slot.expander;
    e.setExternalLevel(pins.presentN(), slot.gpu == null); // PRSNT# pulled high, grounded by a seated card
    e.setExternalLevel(pins.powerEnable(), false); // pull-downs: slot off, in reset, LED off while undriven
    e.setExternalLevel(pins.perstN(), false);
    e.setExternalLevel(pins.attentionLed(), false);
    if (warmStart && slot.gpu != null) {
      // the previous run configured this slot's pins as outputs: power on, PERST# released
      e.presetOutput(pins.powerEnable(), true);
      e.presetOutput(pins.perstN(), true);
      e.presetOutput(pins.attentionLed(), false);
    }
  }

  /** Each device's noise has its own seed, fixed by its name, so every run of the same chassis reads the same. */
  private static long seed(String deviceName) {
    return deviceName.hashCode();
  }

  private <T extends SimDevice> T place(String name, I2cLocation location, T device) {
    if (devicesByName.putIfAbsent(name, device) != null) {
      throw new IllegalArgumentException("duplicate device name " + name);
    }
    network.bus(location.bus()).attach(location.address(), device);
    return device;
  }

  public SimulatedSensorBoardConfig config() {
    return config;
  }

  /** The Pi4J I2C provider to add to the agent's context. */
  public SimulatedI2CProvider provider() {
    return provider;
  }

  /** A new Pi4J context whose only I2C provider is this board's. */
  public Context newContext() {
    return Pi4jContexts.withI2c(provider);
  }

  public SimI2cNetwork network() {
    return network;
  }

  // --- time --------------------------------------------------------------------------------------------------------

  /** Advances the physics by {@code step} (in pieces of at most one second, so fast-forwarding stays accurate). */
  public synchronized void tick(Duration step) {
    double seconds = step.toNanos() / 1e9;
    if (seconds < 0) {
      throw new IllegalArgumentException("time does not run backwards: " + step);
    }
    while (seconds > 1.0) {
      physics.advance(1.0);
      seconds -= 1.0;
    }
    physics.advance(seconds);
  }

  /** Ticks the physics every {@code period} of real time on a daemon thread until the returned clock is closed. */
  public AutoCloseable startClock(Duration period) {
    AtomicBoolean running = new AtomicBoolean(true);
    Thread thread =
        new Thread(
            () -> {
              long last = System.nanoTime();
              while (running.get()) {
                try {
                  Thread.sleep(period.toMillis());
                } catch (InterruptedException e) {
                  return;
                }
                long now = System.nanoTime();
                tick(Duration.ofNanos(now - last));
                last = now;
              }
            },
            "sim-physics");
    thread.setDaemon(true);
    thread.start();
    return () -> {
      running.set(false);
      thread.interrupt();
      thread.join();
    };
  }

  // --- operating conditions ----------------------------------------------------------------------------------------

  public synchronized void setInletCelsius(double celsius) {
    physics.inletCelsius = celsius;
  }

  /** Utilisation of the GPU in {@code slot}, 0-1. */
  public synchronized void setGpuLoad(int slot, double load) {
    if (load < 0 || load > 1) {
      throw new IllegalArgumentException("load must be 0-1: " + load);
    }
    occupied(slot).load = load;
  }

  // --- what the simulation "really" has (for tests; the agent must read through the drivers) ------------------------

  public synchronized double gpuTemperature(int slot) {
    return occupied(slot).temperature;
  }

  public synchronized double gpuWatts(int slot) {
    return occupied(slot).watts;
  }

  public synchronized double fanRpm(String fan) {
    return fan(fan).rpm;
  }

  public synchronized double fanDutyPercent(String fan) {
    return fanController.dutyPercent(fan(fan).spec.channel());
  }

  public synchronized double airflowFraction() {
    return physics.airflowFraction();
  }

  /** GPU power plus the chassis base load, as the supplies deliver it. */
  public synchronized double totalWatts() {
    return physics.dissipatedWatts();
  }

  /** True when the slot's power-enable line is high. */
  public synchronized boolean slotPowerEnabled(int slot) {
    ChassisPhysics.Slot s = slot(slot);
    return s.expander.level(s.spec.pins().powerEnable());
  }

  public synchronized boolean slotInReset(int slot) {
    ChassisPhysics.Slot s = slot(slot);
    return !s.expander.level(s.spec.pins().perstN());
  }

  public synchronized boolean slotAttentionLit(int slot) {
    ChassisPhysics.Slot s = slot(slot);
    return s.expander.level(s.spec.pins().attentionLed());
  }

  public Optional<SimDevice> device(String name) {
    return Optional.ofNullable(devicesByName.get(name));
  }

  // --- faults ------------------------------------------------------------------------------------------------------

  /** The GPU in {@code slot} overheats to 97 °C at once (a blocked heatsink) until cleared. */
  public FaultHandle gpuOverTemp(int slot) {
    return gpuOverTemp(slot, 97.0);
  }

  /** The GPU in {@code slot} runs at {@code celsius} until cleared, then relaxes back with its thermal lag. */
  public synchronized FaultHandle gpuOverTemp(int slot, double celsius) {
    ChassisPhysics.Slot s = occupied(slot);
    Double value = celsius;
    s.forcedTemperatures.add(value);
    physics.advance(0.0);
    return handle("GPU in slot " + slot + " overheats to " + celsius + " °C", () -> s.forcedTemperatures.remove(value));
  }

  /** The GPU's SMBus post-box stops answering (NAK); the card stays present and powered. */
  public synchronized FaultHandle gpuFellOffBus(int slot) {
    SimSmbpbiGpu gpu = occupied(slot).gpu;
    count(offBusCount, slot, +1, n -> gpu.setOffBus(n > 0));
    return handle("GPU in slot " + slot + " fell off the SMBus", () -> count(offBusCount, slot, -1,
        n -> gpu.setOffBus(n > 0)));
  }

  /** The fan stops: its tach reads zero and the controller flags it; airflow drops. */
  public synchronized FaultHandle fanFail(String fan) {
    ChassisPhysics.Fan f = fan(fan);
    count(fanFailCount, fan, +1, n -> f.failed = n > 0);
    f.rpm = 0.0; // a seized rotor stops at once; a repaired one spins up with inertia
    physics.advance(0.0);
    return handle(fan + " failed", () -> count(fanFailCount, fan, -1, n -> f.failed = n > 0));
  }

  /**
   * The supply fails: output off, STATUS_WORD shows VOUT / POWER_GOOD# / OFF, the others carry the load. Clearing
   * models a replaced supply, which comes up with its status clear.
   */
  public synchronized FaultHandle psuFail(String psu) {
    SimPmbusPowerSupply device = supply(psu);
    count(psuFailCount, psu, +1, n -> device.setFailed(n > 0));
    physics.advance(0.0);
    return handle(psu + " failed", () -> count(psuFailCount, psu, -1, n -> {
      device.setFailed(n > 0);
      if (n == 0) {
        device.resetStatus();
      }
    }));
  }

  /**
   * The device keeps reporting its present values, bit for bit: the physics no longer reaches it and it converts no
   * more, so its noise stops too.
   */
  public synchronized FaultHandle sensorStuck(String device) {
    SimDevice d = named(device);
    count(frozenCount, d, +1, n -> d.setFrozen(n > 0));
    return handle(device + " stuck", () -> count(frozenCount, d, -1, n -> d.setFrozen(n > 0)));
  }

  /** The device does not acknowledge any transfer. */
  public synchronized FaultHandle sensorI2cNak(String device) {
    SimDevice d = named(device);
    count(nakCount, d, +1, n -> d.setNak(n > 0));
    return handle(device + " does not acknowledge", () -> count(nakCount, d, -1, n -> d.setNak(n > 0)));
  }

  private <K> void count(Map<K, Integer> counts, K key, int delta, Consumer<Integer> apply) {
    int n = Math.max(0, counts.getOrDefault(key, 0) + delta);
    counts.put(key, n);
    apply.accept(n);
  }

  private FaultHandle handle(String description, Runnable undo) {
    AtomicBoolean active = new AtomicBoolean(true);
    return new FaultHandle() {
      @Override
      public String description() {
        return description;
      }

      @Override
      public void clear() {
        if (active.compareAndSet(true, false)) {
          synchronized (SimulatedSensorBoard.this) {
            undo.run();
            physics.advance(0.0);
          }
        }
      }

      @Override
      public boolean active() {
        return active.get();
      }

      @Override
      public String toString() {
        return description;
      }
    };
  }

  private ChassisPhysics.Slot slot(int slot) {
    ChassisPhysics.Slot s = slots.get(slot);
    if (s == null) {
      throw new NoSuchElementException("no slot " + slot);
    }
    return s;
  }

  private ChassisPhysics.Slot occupied(int slot) {
    ChassisPhysics.Slot s = slot(slot);
    if (s.gpu == null) {
      throw new NoSuchElementException("slot " + slot + " is empty");
    }
    return s;
  }

  private ChassisPhysics.Fan fan(String id) {
    ChassisPhysics.Fan f = fans.get(id);
    if (f == null) {
      throw new NoSuchElementException("no fan " + id + "; fans are " + fans.keySet());
    }
    return f;
  }

  private SimPmbusPowerSupply supply(String id) {
    SimPmbusPowerSupply p = psus.get(id);
    if (p == null) {
      throw new NoSuchElementException("no power supply " + id + "; supplies are " + psus.keySet());
    }
    return p;
  }

  private SimDevice named(String name) {
    SimDevice d = devicesByName.get(name);
    if (d == null) {
      throw new NoSuchElementException("no device " + name + "; devices are " + devicesByName.keySet());
    }
    return d;
  }
}
