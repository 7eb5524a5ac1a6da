package io.gpuchassis.agent.health;

import io.gpuchassis.sensor.chassis.ChassisPollPlan;
import io.gpuchassis.sensor.chassis.ChassisPolling;
import io.gpuchassis.sensor.chassis.ChassisSensors;
import io.gpuchassis.sensor.chassis.PollIntervals;
import io.gpuchassis.sensor.chassis.SensorIds;
import io.gpuchassis.sensor.fan.FanControlLoop;
import io.gpuchassis.sensor.fan.FanControlSettings;
import io.gpuchassis.sensor.fan.FanDecision;
import io.gpuchassis.sensor.fan.FanStatus;
import io.gpuchassis.sensor.fan.FanZoneController;
import io.gpuchassis.sensor.fan.ThermalInput;
import io.gpuchassis.sensor.gpio.SlotControl;
import io.gpuchassis.sensor.i2c.DeviceAction;
import io.gpuchassis.sensor.i2c.DeviceException;
import io.gpuchassis.sensor.layout.FanControllerSpec;
import io.gpuchassis.sensor.layout.FanSpec;
import io.gpuchassis.sensor.layout.SensorLayout;
import io.gpuchassis.sensor.layout.TemperatureSensorSpec;
import io.gpuchassis.sensor.policy.FanOverrides;
import io.gpuchassis.sensor.policy.OverTempPolicy;
import io.gpuchassis.sensor.policy.OverTempSettings;
import io.gpuchassis.sensor.policy.PolicyAction;
import io.gpuchassis.sensor.poll.BusPoller;
import io.gpuchassis.sensor.poll.PollerSettings;
import io.gpuchassis.sensor.poll.ReadingCache;
import io.gpuchassis.sensor.poll.ReadingStatus;
import io.gpuchassis.sensor.poll.SensorReading;
import io.gpuchassis.sensor.threshold.Health;
import io.gpuchassis.sensor.threshold.Severity;
import io.gpuchassis.sensor.threshold.ThresholdEngine;
import io.gpuchassis.sensor.threshold.ThresholdEvent;
import io.gpuchassis.sensor.threshold.Thresholds;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntConsumer;
import java.util.function.IntPredicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches the chassis's sensors and protects it: one poller per I2C bus reads every device through
 * the real drivers, the threshold engine turns readings into severities, the fan loop runs on the
 * fan controller's bus, and the over-temperature policy warns, raises the fans, and powers a slot
 * off (always announced first, and a GPU bound to a host only after its drain grace or at a fatal
 * temperature). Readings and severities are kept for the Redfish views.
 */
public final class HealthMonitor implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(HealthMonitor.class);

  private final SensorLayout layout;
  private final ChassisSensors sensors;
  private final ReadingCache readings = new ReadingCache();
  private final ThresholdEngine thresholds = new ThresholdEngine();
  private final Map<String, Thresholds> watched;
  private final OverTempPolicy policy;
  private final FanOverrides fanOverrides = new FanOverrides();
  private final FanZoneController fanZone;
  private final FanControlLoop fanLoop;
  private final ChassisPolling polling;
  private final HealthEvents events;

  /**
   * The supply each STATUS_WORD sensor belongs to, so a reading finds its supply without a search.
   */
  private final Map<String, String> supplyOfStatus = new HashMap<>();

  /**
   * The sensors announced as frozen (InvalidSensorReading) and not yet restored; the bus threads
   * share it.
   */
  private final Set<String> frozen = ConcurrentHashMap.newKeySet();

  private final Clock clock;

  /**
   * The poller the fan loop and the policy's clock run on: the fan controller's bus, else any
   * poller; empty when the chassis has no sensor at all.
   */
  private final Optional<BusPoller> control;

  private final SlotPower slotPower;
  private final IdentifyLed identifyLed;
  private final SlotCardReader cards;
  private final CardPresence presence = new CardPresence();

  /** Told of every slot whose card may have changed (see {@link #onCardChange}). */
  private volatile IntConsumer cardChanges = slot -> {};

  /**
   * Counts the changes the Redfish views can see (readings, severities, latches), each counted
   * after it is made: see {@link #version()}.
   */
  private final java.util.concurrent.atomic.AtomicLong changes =
      new java.util.concurrent.atomic.AtomicLong();

  /**
   * Moves with {@link #changes} only when what a status shows may have changed: a sensor's reading
   * status or severity, whether it has a value, a supply's health, a policy decision. Readings that
   * only change value leave it.
   */
  private final java.util.concurrent.atomic.AtomicLong statusChanges =
      new java.util.concurrent.atomic.AtomicLong();

  HealthMonitor(
      ChassisSensors sensors,
      Set<Integer> gpuSlots,
      IntPredicate boundToHost,
      HealthEvents events,
      Clock clock,
      PollIntervals intervals,
      PollerSettings pollerSettings) {
    this.layout = sensors.layout();
    this.events = events;
    layout.psus().forEach(p -> supplyOfStatus.put(SensorIds.psuStatus(p.id()), p.id()));
    this.clock = clock;
    this.sensors = sensors;
    this.watched = SensorThresholds.of(layout, gpuSlots);
    watched.forEach(
        (id, t) -> thresholds.watch(id, t, SensorThresholds.DEBOUNCE, SensorThresholds.DEBOUNCE));
    this.policy = new OverTempPolicy(OverTempSettings.defaults(), boundToHost);
    this.polling =
        new ChassisPolling(
            ChassisPollPlan.build(sensors, intervals, gpuSlots),
            pollerSettings,
            clock,
            this::onReading);
    this.slotPower =
        new SlotPower(
            new PolledSlotCommands(),
            boundToHost,
            this::latched,
            events,
            readings::get,
            clock,
            slot -> cardChanges.accept(slot));
    this.cards = new SlotCardReader(sensors);
    this.identifyLed =
        new IdentifyLed(
            sensors.identifyLed(),
            new IdentifyLed.OnLine() {
              @Override
              public <T> CompletableFuture<T> submit(DeviceAction<T> command) {
                return polling
                    .poller(ChassisPollPlan.pollerKey(layout.identifyLed().orElseThrow()))
                    .submit(command);
              }
            },
            readings::get,
            clock);

    List<FanSpec> fans = layout.fanController().map(FanControllerSpec::fans).orElse(List.of());
    this.fanZone = new FanZoneController(FanControlSettings.defaults(), currentDuty(sensors));
    this.fanLoop =
        new FanControlLoop(
            fanZone,
            () -> thermalInputs(gpuSlots),
            () -> fanStatuses(fans),
            duty -> {
              for (FanSpec f : fans) {
                sensors.fanController().orElseThrow().setDutyPercent(f.channel(), duty);
              }
            },
            System::nanoTime);
    this.control =
        layout
            .fanController()
            .map(f -> polling.poller(f.location().bus()))
            .or(() -> polling.pollers().stream().findFirst());
    control.ifPresent(
        control -> {
          if (sensors.fanController().isPresent()) {
            control.every(intervals.fans(), fanLoop);
          }
          control.every(Duration.ofSeconds(1), this::tickPolicy);
        });
  }

  /**
   * Opens every device of {@code layout} in {@code pi4j} and starts polling.
   *
   * @param gpuSlots the slots whose GPU sideband is read (the occupied ones)
   * @param boundToHost whether a slot's GPU is bound to a host now: the policy gives its host time
   *     to drain it
   * @param pollerSettings when a sensor counts as failed, stale or frozen
   */
  public static HealthMonitor start(
      ChassisSensors sensors,
      Set<Integer> gpuSlots,
      IntPredicate boundToHost,
      HealthEvents events,
      Clock clock,
      PollIntervals intervals,
      PollerSettings pollerSettings) {
    HealthMonitor monitor =
        new HealthMonitor(sensors, gpuSlots, boundToHost, events, clock, intervals, pollerSettings);
    monitor.polling.start();
    return monitor;
  }

  /** The latest reading of a sensor (see {@link SensorIds}), if it was read at least once. */
  public Optional<SensorReading> reading(String sensorId) {
    return readings.get(sensorId);
  }

  public Map<String, SensorReading> readings() {
    return readings.snapshot();
  }

  /** The thresholds watched on a sensor, if any. */
  public Optional<Thresholds> thresholds(String sensorId) {
    return Optional.ofNullable(watched.get(sensorId));
  }

  /** The sensor's threshold severity now (OK when it is not watched). */
  public Severity severity(String sensorId) {
    return watched.containsKey(sensorId) ? thresholds.severity(sensorId) : Severity.OK;
  }

  /**
   * A number that moves whenever anything read through this monitor may have changed: a reading
   * (with its severity), a latch, an attention LED. Read it before reading the monitor, and a view
   * rendered from what follows is at least as new as it.
   */
  public long version() {
    return changes.get() + slotPower.version() + identifyLed.version();
  }

  /**
   * As {@link #version()} for views that show statuses and health but no reading's value (a
   * rollup): it stays while readings only change value.
   */
  public long statusVersion() {
    return statusChanges.get() + slotPower.version() + identifyLed.version();
  }

  public SensorLayout layout() {
    return layout;
  }

  /** What the fan loop decided last: duty, mode, and why. */
  public Optional<FanDecision> fanDecision() {
    return fanLoop.lastDecision();
  }

  /**
   * Whether the policy powered the slot off for over-temperature and keeps it off until an operator
   * clears it.
   */
  public synchronized boolean latched(int slot) {
    return policy.isLatched(slot);
  }

  /**
   * An operator clears a slot's over-temperature latch and powers the slot on again, in the CEM's
   * sequence ({@link SlotPower}). If the GPU is still too hot, the policy trips again.
   *
   * @return completes with false when the slot was not latched (nothing done), true once it is
   *     powered on
   */
  public CompletableFuture<Boolean> clearLatch(int slot, String operator) {
    synchronized (this) {
      if (!policy.isLatched(slot)) {
        return CompletableFuture.completedFuture(false);
      }
      execute(policy.clearLatch(slot, operator, clock.instant()));
    }
    return slotPower
        .sequenceOn(slot)
        .thenApply(v -> true)
        .whenComplete(
            (on, error) -> {
              if (error == null) {
                events.slotPoweredOn(slot);
                cardChanges.accept(slot);
              }
            });
  }

  /**
   * Slot power and the attention (locate) LED for operators (console and Redfish): the same lines
   * and sequences the policy uses, refused where they would hurt a host or undo the policy's latch.
   */
  public SlotPower slotPower() {
    return slotPower;
  }

  /**
   * From now on, {@code changes} is told of every slot whose card may have changed: its presence
   * line read otherwise than before (a card pulled out or pushed in), or an operator powered it on
   * or cycled it, or cleared its over-temperature latch (a card swapped while the slot was off). It
   * is called on a poller thread and must not block.
   */
  public void onCardChange(IntConsumer changes) {
    this.cardChanges = changes;
  }

  /**
   * Reads the slot's card again (presence, power, identity over the sideband) on the poller that
   * owns its sideband, between that bus's reads.
   */
  public CompletableFuture<SlotCard> readCard(int slot) {
    OptionalInt key =
        layout
            .slot(slot)
            .map(
                s ->
                    s.gpu().isPresent()
                        ? OptionalInt.of(s.gpu().get().location().bus())
                        : s.line(io.gpuchassis.sensor.gpio.SlotSignal.PRESENT_N)
                            .map(line -> OptionalInt.of(ChassisPollPlan.pollerKey(line)))
                            .orElse(ChassisPollPlan.slotCommandPoller(s)))
            .orElse(OptionalInt.empty());
    if (key.isEmpty()) {
      return CompletableFuture.failedFuture(
          new SlotOperationRefused("slot " + slot + " has no line or sideband the agent reads"));
    }
    return polling.poller(key.getAsInt()).submit(() -> cards.read(slot));
  }

  /** The chassis identify LED, for operators (console and Redfish). */
  public IdentifyLed identifyLed() {
    return identifyLed;
  }

  /**
   * The fan loop's inputs: every powered GPU's margin to its caution threshold, and every chassis
   * air sensor that is lost. The GPUs steer the fans; the air sensors do not (more airflow does not
   * cool the intake air), but one that is failed, stale or frozen sends the zone to failsafe like
   * any lost input: without it the fans can no longer be shown to keep the chassis cool. A slot the
   * policy powered off has no temperature to read, which must not count as a lost sensor (that
   * would hold the fans at full speed).
   */
  private List<ThermalInput> thermalInputs(Set<Integer> gpuSlots) {
    double limit = SensorThresholds.GPU_TEMPERATURE.upperCaution().orElseThrow();
    List<ThermalInput> inputs = new ArrayList<>();
    for (TemperatureSensorSpec t : layout.temperatureSensors()) {
      String id = SensorIds.temperature(t.id());
      ReadingStatus status =
          readings.get(id).map(SensorReading::status).orElse(ReadingStatus.STALE);
      if (status != ReadingStatus.OK) {
        inputs.add(new ThermalInput(id, status, Double.NaN));
      }
    }
    for (int slot : gpuSlots) {
      boolean off =
          readings
              .get(SensorIds.slotPowerEnabled(slot))
              .flatMap(
                  r ->
                      r.value().isPresent()
                          ? Optional.of(r.value().getAsDouble() == 0)
                          : Optional.empty())
              .orElse(false);
      if (off || presence.pulled(slot)) {
        continue; // nothing there to cool: not a lost sensor
      }
      String id = SensorIds.gpuTemperature(slot);
      inputs.add(
          readings
              .get(id)
              .map(r -> ThermalInput.of(r, limit))
              .orElse(new ThermalInput(id, ReadingStatus.STALE, Double.NaN)));
    }
    return inputs;
  }

  private List<FanStatus> fanStatuses(List<FanSpec> fans) {
    return fans.stream()
        .map(f -> SensorIds.fanRpm(f.id()))
        .map(
            id ->
                readings
                    .get(id)
                    .map(r -> FanStatus.of(id, r, SensorThresholds.FAN_STALL_RPM))
                    .orElse(new FanStatus(id, true)))
        .toList();
  }

  void onReading(SensorReading reading) {
    SensorReading before = readings.get(reading.sensorId()).orElse(null);
    readings.onReading(reading);
    boolean statusMoved =
        before == null
            || before.status() != reading.status()
            || before.value().isPresent() != reading.value().isPresent();
    Optional<ThresholdEvent> crossed = thresholds.accept(reading);
    crossed.ifPresent(this::onThreshold);
    statusMoved |= crossed.isPresent();
    boolean failed = reading.status() == ReadingStatus.FAILED;
    if (before != null && (before.status() == ReadingStatus.FAILED) != failed) {
      events.sensorFailed(reading.sensorId(), failed);
    }
    onFrozenOrNot(reading);
    presence.changed(reading).ifPresent(this::cardMoved);
    String psu = supplyOfStatus.get(reading.sensorId());
    if (psu != null) {
      Health was = before == null ? Health.OK : SupplyHealth.of(before);
      Health is = SupplyHealth.of(reading);
      if (was != is) {
        events.supplyHealthChanged(psu, is);
        statusMoved = true;
      }
    }
    changes.incrementAndGet();
    if (statusMoved) {
      statusChanges.incrementAndGet();
    }
  }

  private void cardMoved(int slot) {
    LOG.info("Slot {}: its presence line changed: a card was pulled out or pushed in", slot);
    cardChanges.accept(slot);
  }

  /**
   * InvalidSensorReading once when a sensor freezes, SensorRestored once when its value moves
   * again; a brief stale spell in between changes neither. A frozen sensor that then fails is a
   * SensorFailure, restored as one.
   */
  private void onFrozenOrNot(SensorReading reading) {
    String id = reading.sensorId();
    switch (reading.status()) {
      case INVALID -> {
        if (frozen.add(id)) {
          events.sensorReadingInvalid(id, true);
        }
      }
      case OK -> {
        if (frozen.remove(id)) {
          events.sensorReadingInvalid(id, false);
        }
      }
      case FAILED -> frozen.remove(id);
      case STALE -> {}
    }
  }

  private synchronized void onThreshold(ThresholdEvent event) {
    events.thresholdCrossed(event);
    SensorIds.slotOfGpuTemperature(event.sensorId())
        .ifPresent(slot -> execute(policy.onSeverity(slot, event.to(), event.value(), event.at())));
  }

  private synchronized void tickPolicy() {
    execute(policy.tick(clock.instant()));
  }

  /**
   * Carries out the policy's actions in order: announcements reach the events before any power-off.
   */
  private void execute(List<PolicyAction> actions) {
    // the policy has decided (a latch may have moved), whether or not it acts
    changes.incrementAndGet();
    statusChanges.incrementAndGet();
    for (PolicyAction action : actions) {
      fanOverrides.apply(action);
      if (action instanceof PolicyAction.PowerOffSlot off) {
        powerOff(off.slot());
      }
      events.policyAction(action);
    }
    double floor = fanOverrides.floorPercent();
    controlBus()
        .submit(
            () -> {
              fanZone.setFloor(floor);
              return null;
            });
  }

  private void powerOff(int slot) {
    slotPower
        .sequenceOff(slot)
        .whenComplete(
            (ok, error) -> {
              if (error != null) {
                LOG.error("Could not power slot {} off: {}", slot, error.getMessage());
              } else {
                events.slotPoweredOff(slot);
              }
            });
  }

  /** A slot's lines as the sensors opened them, each command run on the poller that owns them. */
  private final class PolledSlotCommands implements SlotCommands {

    @Override
    public Optional<SlotControl> control(int slot) {
      return layout.slot(slot).map(s -> sensors.slot(slot));
    }

    /**
     * Fails when the board wires no line of the slot to the agent (its power is then not the
     * agent's to switch).
     */
    @Override
    public <T> CompletableFuture<T> onLines(int slot, DeviceAction<T> command) {
      OptionalInt key =
          layout.slot(slot).map(ChassisPollPlan::slotCommandPoller).orElse(OptionalInt.empty());
      if (key.isEmpty()) {
        return CompletableFuture.failedFuture(
            new SlotOperationRefused(
                "slot " + slot + " has no power, reset or LED line the agent drives"));
      }
      return polling.poller(key.getAsInt()).submit(command);
    }
  }

  private BusPoller controlBus() {
    return control.orElseThrow();
  }

  /**
   * The fans' duty now, so that taking over does not jolt them; full speed when the controller
   * cannot say.
   */
  private static double currentDuty(ChassisSensors sensors) {
    try {
      return sensors.fanController().isPresent()
          ? sensors.fanController().get().readDutyPercent(0)
          : 100.0;
    } catch (DeviceException e) {
      LOG.warn(
          "The fan controller's duty cannot be read ({}); the fans start at full speed",
          e.getMessage());
      return 100.0;
    }
  }

  @Override
  public void close() {
    try {
      polling.close();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
