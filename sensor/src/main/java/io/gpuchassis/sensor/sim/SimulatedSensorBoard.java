package io.gpuchassis.sensor.sim;

import com.pi4j.context.Context;
import io.gpuchassis.sensor.gpio.GpioLine;
import io.gpuchassis.sensor.gpio.SlotSignal;
import io.gpuchassis.sensor.i2c.Pi4jContexts;
import io.gpuchassis.sensor.layout.I2cLocation;
import io.gpuchassis.sensor.layout.PowerMonitorSpec;
import io.gpuchassis.sensor.layout.PsuSpec;
import io.gpuchassis.sensor.layout.SensorLayout;
import io.gpuchassis.sensor.layout.SlotSpec;
import io.gpuchassis.sensor.layout.TemperatureSensorSpec;
import io.gpuchassis.sensor.sim.bus.SimI2cNetwork;
import io.gpuchassis.sensor.sim.bus.SimulatedI2CProvider;
import io.gpuchassis.sensor.sim.bus.TargetKind;
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
 * A simulated chassis sensor board: the devices of a {@link SensorLayout} as register maps on
 * simulated I2C buses, the {@link ChassisPhysics} that moves their values, and fault controls. The
 * agent reaches it only through {@link #provider()} in a Pi4J context, with the real drivers.
 *
 * <p>Slot signals are simulated wherever the layout wires them: on the simulated PCA9555s, or as
 * external lines the agent gets from {@link #externalLine} (use {@code board::externalLine} as the
 * chassis's line resolver). A signal the layout does not wire behaves as the board would without
 * it: no PWR_EN means always powered, no PERST# never in reset. GPUs sit where the layout's
 * sideband puts them, as SMBus command devices (a read is answered only within its command's
 * transaction); a GPU in a slot without a sideband draws power but is on no bus. Without a fan
 * controller the chassis is cooled at a fixed airflow.
 *
 * <p>Device names used by {@link #sensorStuck} and {@link #sensorI2cNak}: the ids of temperature
 * sensors, power monitors and supplies from the layout, {@code "GPU<slot>"} for a GPU's post-box
 * and {@code "FanController"}.
 *
 * <p>Time: nothing moves until {@link #tick(Duration)} advances the physics (tests step simulated
 * time), or {@link #startClock(Duration)} ticks it in real time on a daemon thread. Thread-safety:
 * all methods are safe to call from any thread, concurrently with driver transfers.
 */
public final class SimulatedSensorBoard {

  public static final String FAN_CONTROLLER = "FanController";
  private static final double WARM_START_FAN_DUTY = 60.0;

  /**
   * A TMP75's conversion noise in a fan-cooled chassis: about one 12-bit LSB (0.0625 °C) rms, so
   * successive reads dither by an LSB or two (clamped at ±0.125 °C).
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
  private final Map<Integer, Integer> missingBusCount = new HashMap<>();
  private final Map<I2cLocation, SimPca9548> muxes = new HashMap<>();
  private final Map<Integer, SlotConnector> connectors = new HashMap<>();
  private final Map<Integer, SimulatedGpu> cards = new HashMap<>();
  private final Optional<SimMax31790> fanController;
  private final SimulatedSensorBoardLines lines;
  private final ChassisPhysics physics;

  public SimulatedSensorBoard(SimulatedSensorBoardConfig config) {
    this.config = Objects.requireNonNull(config, "config");
    SensorLayout layout = config.layout();

    List<ChassisPhysics.TemperatureSensor> temperatureSensors = new ArrayList<>();
    for (TemperatureSensorSpec t : layout.temperatureSensors()) {
      SimLm75 device =
          place(
              t.id(),
              t.location(),
              new SimLm75(
                  t.id(),
                  t.resolutionBits(),
                  MeasurementNoise.gaussian(TEMPERATURE_NOISE_CELSIUS, seed(t.id()))));
      temperatureSensors.add(new ChassisPhysics.TemperatureSensor(t, device));
    }
    List<ChassisPhysics.PowerMonitor> monitors = new ArrayList<>();
    for (PowerMonitorSpec m : layout.powerMonitors()) {
      SimIna226 device =
          new SimIna226(m.id(), MeasurementNoise.gaussian(POWER_MONITOR_NOISE_LSB, seed(m.id())));
      monitors.add(new ChassisPhysics.PowerMonitor(m, place(m.id(), m.location(), device)));
    }
    List<ChassisPhysics.Psu> psuList = new ArrayList<>();
    for (PsuSpec p : layout.psus()) {
      SimPmbusPowerSupply device =
          place(p.id(), p.location(), new SimPmbusPowerSupply(p.id(), "SIM-CRPS"));
      psus.put(p.id(), device);
      psuList.add(new ChassisPhysics.Psu(p, device));
    }
    fanController =
        layout
            .fanController()
            .map(
                f ->
                    place(
                        FAN_CONTROLLER,
                        f.location(),
                        new SimMax31790(FAN_CONTROLLER, f.pulsesPerRevolution())));
    layout
        .fanController()
        .ifPresent(f -> f.fans().forEach(fan -> fans.put(fan.id(), new ChassisPhysics.Fan(fan))));

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
    lines = new SimulatedSensorBoardLines(layout, expanders);
    Map<Integer, SimulatedGpu> gpuBySlot = new HashMap<>();
    config.gpus().forEach(g -> gpuBySlot.put(g.slot(), g));
    for (SlotSpec s : layout.slots()) {
      SimulatedGpu seated = gpuBySlot.get(s.slot());
      SimSmbpbiGpu gpu = null;
      if (seated != null) {
        gpu = seated.newSmbpbiGpu(config.thermal().gpuSlowdownCelsius());
        devicesByName.put(gpu.name(), gpu);
        cards.put(s.slot(), seated);
        final SimSmbpbiGpu card = gpu;
        connector(s).ifPresent(c -> c.seat(card));
      }
      ChassisPhysics.Slot slot =
          new ChassisPhysics.Slot(
              s, lines.of(s.slot()), gpu, seated == null ? 1 : seated.tdpWatts());
      slot.load = config.gpuLoad();
      slots.put(s.slot(), slot);
      wireSlotLines(slot, config.warmStart());
    }
    if (config.warmStart()) {
      fanController.ifPresent(f -> f.presetRunning(WARM_START_FAN_DUTY));
    }
    physics =
        new ChassisPhysics(
            config.thermal(),
            config.inletCelsius(),
            fanController.orElse(null),
            new ArrayList<>(fans.values()),
            slots,
            psuList,
            temperatureSensors,
            monitors);
    physics.settle();
  }

  /**
   * The slot's sideband connector where the layout puts it, as an SMBus command device, attached on
   * first use (an empty slot's address stays free until a card is seated there); empty for a slot
   * without a sideband in the layout, whose card is on no bus.
   */
  private Optional<SlotConnector> connector(SlotSpec slot) {
    if (slot.gpu().isEmpty()) {
      return Optional.empty();
    }
    SlotConnector existing = connectors.get(slot.slot());
    if (existing != null) {
      return Optional.of(existing);
    }
    SlotConnector connector = new SlotConnector(slot.slot());
    var sideband = slot.gpu().get();
    I2cLocation at = sideband.location();
    if (sideband.mux().isPresent()) {
      network
          .bus(at.bus())
          .attachBehind(
              muxes.get(sideband.mux().get().mux()),
              sideband.mux().get().channel(),
              at.address(),
              connector,
              TargetKind.SMBUS_COMMAND);
    } else {
      network.bus(at.bus()).attach(at.address(), connector, TargetKind.SMBUS_COMMAND);
    }
    connectors.put(slot.slot(), connector);
    return Optional.of(connector);
  }

  /**
   * The board's side of the slot lines: a seated card grounds PRSNT#, pull-downs hold the outputs
   * low while undriven (slot off, in reset, LED off), and a warm start finds them as the previous
   * run left them.
   */
  private static void wireSlotLines(ChassisPhysics.Slot slot, boolean warmStart) {
    boolean seated = slot.gpu != null;
    slot.lines.forEach((signal, line) -> line.pull(signal.output() ? false : signal.level(seated)));
    if (warmStart && seated) {
      // the previous run configured this slot's outputs: power on, PERST# released, LED off
      leaveDriven(slot, SlotSignal.POWER_ENABLE, true);
      leaveDriven(slot, SlotSignal.PERST_N, false);
      leaveDriven(slot, SlotSignal.ATTENTION_LED, false);
    }
  }

  private static void leaveDriven(ChassisPhysics.Slot slot, SlotSignal signal, boolean asserted) {
    SimulatedSensorBoardLines.Line line = slot.lines.get(signal);
    if (line != null) {
      line.leaveDriven(signal.level(asserted));
    }
  }

  /**
   * Each device's noise has its own seed, fixed by its name, so every run of the same chassis reads
   * the same.
   */
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

  // --- time
  // --------------------------------------------------------------------------------------------------------

  /**
   * Advances the physics by {@code step} (in pieces of at most one second, so fast-forwarding stays
   * accurate).
   */
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

  /**
   * Ticks the physics every {@code period} of real time on a daemon thread until the returned clock
   * is closed.
   */
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

  // --- operating conditions
  // ----------------------------------------------------------------------------------------

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

  // --- cards taken out and put in, as a technician does
  // -------------------------------------------------------------------

  /**
   * Pulls the card out of {@code slot}: PRSNT# is released (the board's pull-up takes it high), the
   * slot's sideband acknowledges nothing and the slot draws no power. Its lines stay as the agent
   * drives them.
   *
   * @return the card, to seat again
   * @throws NoSuchElementException when the slot does not exist or is empty
   */
  public synchronized SimulatedGpu pullCard(int slot) {
    ChassisPhysics.Slot s = occupied(slot);
    SimulatedGpu card = cards.remove(slot);
    devicesByName.remove(s.gpu.name());
    Optional.ofNullable(connectors.get(slot)).ifPresent(SlotConnector::pull);
    s.gpu = null;
    presence(s, false);
    physics.advance(0.0);
    return card;
  }

  /**
   * Pushes {@code card} into its empty slot: PRSNT# grounded, its post-box answers on the slot's
   * sideband (once the slot is powered) with the card's identity, at room temperature.
   *
   * @throws IllegalStateException when the slot holds a card
   */
  public synchronized void seatCard(SimulatedGpu card) {
    ChassisPhysics.Slot s = slot(card.slot());
    if (s.gpu != null) {
      throw new IllegalStateException("slot " + card.slot() + " already holds a card");
    }
    SimSmbpbiGpu gpu = card.newSmbpbiGpu(config.thermal().gpuSlowdownCelsius());
    s.gpu = gpu;
    s.tdpWatts = card.tdpWatts();
    s.temperature = physics.inletCelsius;
    cards.put(card.slot(), card);
    devicesByName.put(gpu.name(), gpu);
    connector(s.spec).ifPresent(c -> c.seat(gpu));
    presence(s, true);
    physics.advance(0.0);
  }

  /** The card in {@code slot} now; empty when the slot is empty. */
  public synchronized Optional<SimulatedGpu> card(int slot) {
    slot(slot); // no such slot: refused
    return Optional.ofNullable(cards.get(slot));
  }

  /** A seated card grounds PRSNT#; without one the board pulls it high. */
  private static void presence(ChassisPhysics.Slot s, boolean seated) {
    SimulatedSensorBoardLines.Line line = s.lines.get(SlotSignal.PRESENT_N);
    if (line != null) {
      line.pull(SlotSignal.PRESENT_N.level(seated));
    }
  }

  // --- what the simulation "really" has (for tests; the agent must read through the drivers)
  // ------------------------

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
    ChassisPhysics.Fan f = fan(fan);
    return fanController.orElseThrow().dutyPercent(f.spec.channel());
  }

  public synchronized double airflowFraction() {
    return physics.airflowFraction();
  }

  /** GPU power plus the chassis base load, as the supplies deliver it. */
  public synchronized double totalWatts() {
    return physics.dissipatedWatts();
  }

  /**
   * True when the slot's PWR_EN line is asserted, or always when the layout wires no PWR_EN for it.
   */
  public synchronized boolean slotPowerEnabled(int slot) {
    return slot(slot).powerEnabled();
  }

  /** True while PERST# is asserted; never when the layout wires no PERST# for the slot. */
  public synchronized boolean slotInReset(int slot) {
    return slot(slot).inReset();
  }

  public synchronized boolean slotAttentionLit(int slot) {
    return slot(slot).attentionLit();
  }

  /**
   * True while the chassis identify LED's line is high (lit); never when the layout has no identify
   * LED.
   */
  public boolean identifyLit() {
    return lines.identifyLed().map(SimulatedSensorBoardLines.Line::level).orElse(false);
  }

  /**
   * The agent's side of the external slot line {@code name} of the layout: reads the board's level,
   * drives the slot's power, reset or LED as the physics sees them (PRSNT# is an input and refuses
   * to be driven). Usable as the chassis's {@link io.gpuchassis.sensor.gpio.ExternalLineResolver}:
   * {@code board::externalLine}.
   *
   * @throws NoSuchElementException when the layout has no external line of that name
   */
  public GpioLine externalLine(String name) {
    return lines.external(name);
  }

  public Optional<SimDevice> device(String name) {
    return Optional.ofNullable(devicesByName.get(name));
  }

  // --- faults
  // ------------------------------------------------------------------------------------------------------

  /** The GPU in {@code slot} overheats to 97 °C at once (a blocked heatsink) until cleared. */
  public FaultHandle gpuOverTemp(int slot) {
    return gpuOverTemp(slot, 97.0);
  }

  /**
   * The GPU in {@code slot} runs at {@code celsius} until cleared, then relaxes back with its
   * thermal lag.
   */
  public synchronized FaultHandle gpuOverTemp(int slot, double celsius) {
    ChassisPhysics.Slot s = occupied(slot);
    Double value = celsius;
    s.forcedTemperatures.add(value);
    physics.advance(0.0);
    return handle(
        "GPU in slot " + slot + " overheats to " + celsius + " °C",
        () -> s.forcedTemperatures.remove(value));
  }

  /** The GPU's SMBus post-box stops answering (NAK); the card stays present and powered. */
  public synchronized FaultHandle gpuFellOffBus(int slot) {
    SimSmbpbiGpu gpu = occupied(slot).gpu;
    count(offBusCount, slot, +1, n -> gpu.setOffBus(n > 0));
    return handle(
        "GPU in slot " + slot + " fell off the SMBus",
        () -> count(offBusCount, slot, -1, n -> gpu.setOffBus(n > 0)));
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
   * The supply fails: output off, STATUS_WORD shows VOUT / POWER_GOOD# / OFF, the others carry the
   * load. Clearing models a replaced supply, which comes up with its status clear.
   */
  public synchronized FaultHandle psuFail(String psu) {
    SimPmbusPowerSupply device = supply(psu);
    count(psuFailCount, psu, +1, n -> device.setFailed(n > 0));
    physics.advance(0.0);
    return handle(
        psu + " failed",
        () ->
            count(
                psuFailCount,
                psu,
                -1,
                n -> {
                  device.setFailed(n > 0);
                  if (n == 0) {
                    device.resetStatus();
                  }
                }));
  }

  /**
   * The device keeps reporting its present values, bit for bit: the physics no longer reaches it
   * and it converts no more, so its noise stops too.
   */
  public synchronized FaultHandle sensorStuck(String device) {
    SimDevice d = named(device);
    count(frozenCount, d, +1, n -> d.setFrozen(n > 0));
    return handle(device + " stuck", () -> count(frozenCount, d, -1, n -> d.setFrozen(n > 0)));
  }

  /**
   * The adapter of I2C bus {@code bus} is missing, as when its driver or device-tree node is
   * absent: devices on it cannot be opened (Pi4J's {@code context.create(...)} throws) while the
   * fault is active. Handles opened before keep working, so apply it before the agent opens its
   * devices.
   */
  public synchronized FaultHandle i2cBusMissing(int bus) {
    count(missingBusCount, bus, +1, n -> provider.setAdapterMissing(bus, n > 0));
    return handle(
        "I2C bus " + bus + " missing",
        () -> count(missingBusCount, bus, -1, n -> provider.setAdapterMissing(bus, n > 0)));
  }

  /** The device does not acknowledge any transfer. */
  public synchronized FaultHandle sensorI2cNak(String device) {
    SimDevice d = named(device);
    count(nakCount, d, +1, n -> d.setNak(n > 0));
    return handle(
        device + " does not acknowledge", () -> count(nakCount, d, -1, n -> d.setNak(n > 0)));
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
      throw new NoSuchElementException(
          "no device " + name + "; devices are " + devicesByName.keySet());
    }
    return d;
  }
}
