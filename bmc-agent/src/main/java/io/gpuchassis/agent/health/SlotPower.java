package io.gpuchassis.agent.health;

import io.gpuchassis.sensor.chassis.SensorIds;
import io.gpuchassis.sensor.gpio.SlotControl;
import io.gpuchassis.sensor.gpio.SlotSignal;
import io.gpuchassis.sensor.poll.SensorReading;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.IntConsumer;
import java.util.function.IntPredicate;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Slot power and the slot's attention (locate) LED, the one path to them for the console, Redfish
 * and the over-temperature policy. Every command runs on the poller that owns the slot's lines.
 * Power follows the PCIe CEM sequence: off asserts PERST# before power goes; on holds PERST# while
 * power comes up and releases it {@value #POWER_STABLE_MILLIS} ms later.
 *
 * <p>An operator's operation is refused ({@link SlotOperationRefused}, in the returned future;
 * nothing changed) for a slot whose GPU is bound to a host unless forced (the host would lose it
 * unannounced), for powering on a slot latched off for over-temperature (clearing the latch is the
 * way back), for a slot without a power line the agent drives, and while another power operation on
 * the same slot is under way.
 */
public final class SlotPower {

  private static final Logger LOG = LoggerFactory.getLogger(SlotPower.class);

  /** Time between slot power and the release of PERST#: PCIe CEM's T_PVPERL is at least 100 ms. */
  static final long POWER_STABLE_MILLIS = 100;

  /** How long a power cycle leaves the slot off: long enough for the card's rails to drain. */
  static final long CYCLE_OFF_MILLIS = 1000;

  private final SlotCommands commands;
  private final IntPredicate boundToHost;
  private final IntPredicate latched;
  private final HealthEvents events;
  private final Function<String, Optional<SensorReading>> readings;
  private final Clock clock;
  private final IntConsumer poweredOn;

  /** The power operation under way on a slot, in words ("power off by alice"). */
  private final Map<Integer, String> busy = new ConcurrentHashMap<>();

  /**
   * What the agent last set an attention LED to, read back, until the poller reads the line again.
   */
  private final Map<Integer, LedReadback> indicated = new ConcurrentHashMap<>();

  /** Counts the LED changes, after each: part of {@link HealthMonitor#version()}. */
  private final java.util.concurrent.atomic.AtomicLong indications =
      new java.util.concurrent.atomic.AtomicLong();

  long version() {
    return indications.get();
  }

  /**
   * @param boundToHost whether a slot's GPU is bound to a host now
   * @param latched whether the over-temperature policy keeps a slot off
   * @param readings the latest polled reading of a sensor (the slot lines are polled too)
   */
  SlotPower(
      SlotCommands commands,
      IntPredicate boundToHost,
      IntPredicate latched,
      HealthEvents events,
      Function<String, Optional<SensorReading>> readings,
      Clock clock) {
    this(commands, boundToHost, latched, events, readings, clock, slot -> {});
  }

  /**
   * @param poweredOn told of each slot an operator powered on or cycled, once it is on: its card
   *     may not be the one that was there when it went off
   */
  SlotPower(
      SlotCommands commands,
      IntPredicate boundToHost,
      IntPredicate latched,
      HealthEvents events,
      Function<String, Optional<SensorReading>> readings,
      Clock clock,
      IntConsumer poweredOn) {
    this.poweredOn = poweredOn;
    this.commands = commands;
    this.boundToHost = boundToHost;
    this.latched = latched;
    this.events = events;
    this.readings = readings;
    this.clock = clock;
  }

  /** Powers the slot on. Refused for a slot latched off for over-temperature. */
  public CompletableFuture<Void> powerOn(int slot, String operator) {
    return operation(
        slot,
        operator,
        "power on",
        () -> refuseIfLatched(slot, "power it on"),
        () ->
            sequenceOn(slot)
                .thenRun(() -> events.slotPowerSwitched(slot, true, operator))
                .thenRun(() -> poweredOn.accept(slot)));
  }

  /**
   * Powers the slot off.
   *
   * @param force also when its GPU is bound to a host (the host loses the device unannounced)
   */
  public CompletableFuture<Void> powerOff(int slot, String operator, boolean force) {
    return operation(
        slot,
        operator,
        force ? "force power off" : "power off",
        () -> refuseIfBound(slot, force),
        () -> sequenceOff(slot).thenRun(() -> events.slotPowerSwitched(slot, false, operator)));
  }

  /**
   * Powers the slot off, waits {@value #CYCLE_OFF_MILLIS} ms, and powers it on again. Refused as a
   * power-off is, and for a slot latched off for over-temperature.
   */
  public CompletableFuture<Void> powerCycle(int slot, String operator, boolean force) {
    return operation(
        slot,
        operator,
        force ? "force power cycle" : "power cycle",
        () -> {
          refuseIfLatched(slot, "power it on again");
          refuseIfBound(slot, force);
        },
        () ->
            sequenceOff(slot)
                .thenRun(() -> events.slotPowerSwitched(slot, false, operator))
                .thenRunAsync(
                    () -> {},
                    CompletableFuture.delayedExecutor(CYCLE_OFF_MILLIS, TimeUnit.MILLISECONDS))
                .thenCompose(v -> sequenceOn(slot))
                .thenRun(() -> events.slotPowerSwitched(slot, true, operator))
                .thenRun(() -> poweredOn.accept(slot)));
  }

  /**
   * Lights or darkens the slot's attention LED, so that a technician finds the slot. Refused for a
   * slot without an LED the agent drives.
   */
  public CompletableFuture<Void> setLocate(int slot, boolean lit) {
    try {
      refuseWithout(slot, SlotSignal.ATTENTION_LED, "attention LED");
    } catch (SlotOperationRefused e) {
      return CompletableFuture.failedFuture(e);
    }
    return commands
        .onLines(
            slot,
            () -> {
              SlotControl control = commands.control(slot).orElseThrow();
              control.setAttention(lit);
              return control.isAttentionLit();
            })
        .thenAccept(
            now -> {
              indicated.computeIfAbsent(slot, s -> new LedReadback()).set(now, clock.instant());
              indications.incrementAndGet();
              if (now != lit) {
                throw new IllegalStateException(
                    "the attention LED of slot "
                        + slot
                        + " reads "
                        + (now ? "lit" : "dark")
                        + " after it was set "
                        + (lit ? "lit" : "dark"));
              }
              LOG.info("Slot {} attention LED {}", slot, lit ? "lit" : "dark");
            });
  }

  /**
   * Whether the slot's attention LED is lit: what the agent set it to, or the line as polled since;
   * empty when the board wires no LED of the slot to the agent.
   */
  public Optional<Boolean> locate(int slot) {
    if (commands.control(slot).filter(c -> c.has(SlotSignal.ATTENTION_LED)).isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        indicated
            .getOrDefault(slot, new LedReadback())
            .lit(readings.apply(SensorIds.slotAttention(slot))));
  }

  /**
   * Takes power away as the CEM asks: PERST# first, so the card is in reset before its rails fall.
   */
  CompletableFuture<Void> sequenceOff(int slot) {
    return commands.onLines(
        slot,
        () -> {
          SlotControl control = commands.control(slot).orElseThrow();
          if (control.has(SlotSignal.PERST_N)) {
            control.setReset(true);
          }
          control.setPowerEnabled(false);
          return null;
        });
  }

  /** Powers the slot with PERST# held, releasing it once power is stable; on the slot's poller. */
  CompletableFuture<Void> sequenceOn(int slot) {
    return commands.onLines(
        slot,
        () -> {
          SlotControl control = commands.control(slot).orElseThrow();
          boolean perst = control.has(SlotSignal.PERST_N);
          if (perst) {
            control.setReset(true);
          }
          control.setPowerEnabled(true);
          if (perst) {
            sleep(POWER_STABLE_MILLIS);
            control.setReset(false);
          }
          return null;
        });
  }

  /**
   * Checks, claims the slot, runs the steps and logs the operation with its operator; refusals in
   * the future.
   */
  private CompletableFuture<Void> operation(
      int slot,
      String operator,
      String what,
      Runnable check,
      Supplier<CompletableFuture<Void>> steps) {
    try {
      refuseWithout(slot, SlotSignal.POWER_ENABLE, "power line");
      check.run();
      String running = busy.putIfAbsent(slot, what + " by " + operator);
      if (running != null) {
        throw new SlotOperationRefused(
            "slot " + slot + " is busy: its " + running + " is under way");
      }
    } catch (SlotOperationRefused e) {
      LOG.warn("Refused {} of slot {} asked by {}: {}", what, slot, operator, e.getMessage());
      return CompletableFuture.failedFuture(e);
    }
    LOG.info("{} of slot {} asked by {}", what, slot, operator);
    CompletableFuture<Void> done;
    try {
      done = steps.get();
    } catch (RuntimeException e) {
      done = CompletableFuture.failedFuture(e);
    }
    return done.whenComplete(
        (v, error) -> {
          busy.remove(slot);
          if (error != null) {
            LOG.error(
                "{} of slot {} asked by {} failed: {}", what, slot, operator, error.getMessage());
          } else {
            LOG.info("{} of slot {} asked by {} done", what, slot, operator);
          }
        });
  }

  private void refuseWithout(int slot, SlotSignal signal, String what) {
    SlotControl control =
        commands
            .control(slot)
            .orElseThrow(() -> new SlotOperationRefused("there is no slot " + slot));
    if (!control.has(signal)) {
      throw new SlotOperationRefused(
          "slot " + slot + " has no " + what + " the agent drives on this board");
    }
  }

  private void refuseIfLatched(int slot, String doing) {
    if (latched.test(slot)) {
      throw new SlotOperationRefused(
          "slot "
              + slot
              + " is latched off for over-temperature; clear the latch"
              + " (which powers it on) once the cause is found, rather than "
              + doing
              + " here");
    }
  }

  private void refuseIfBound(int slot, boolean force) {
    if (!force && boundToHost.test(slot)) {
      throw new SlotOperationRefused(
          "the GPU in slot "
              + slot
              + " is bound to a host, which would lose it"
              + " unannounced; release it first, or force the operation");
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
