package io.gpuchassis.agent.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.sensor.gpio.GpioLine;
import io.gpuchassis.sensor.gpio.SlotControl;
import io.gpuchassis.sensor.gpio.SlotSignal;
import io.gpuchassis.sensor.i2c.DeviceAction;
import io.gpuchassis.sensor.i2c.DeviceException;
import io.gpuchassis.sensor.policy.PolicyAction;
import io.gpuchassis.sensor.threshold.Health;
import io.gpuchassis.sensor.threshold.ThresholdEvent;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Slot power and locate on lines that record every level driven: the CEM order of PERST# and power,
 * the refusals that protect a host's GPU and the over-temperature latch, and the attention LED.
 */
class SlotPowerTest {

  /** Slot 1 has every line; slot 2 only presence and PERST#; slot 3 power but no LED. */
  private final List<String> driven = Collections.synchronizedList(new ArrayList<>());

  private final List<Long> drivenAt = Collections.synchronizedList(new ArrayList<>());
  private final Map<Integer, SlotControl> slots =
      Map.of(
          1,
              slot(
                  1,
                  SlotSignal.PRESENT_N,
                  SlotSignal.POWER_ENABLE,
                  SlotSignal.PERST_N,
                  SlotSignal.ATTENTION_LED),
          2, slot(2, SlotSignal.PRESENT_N, SlotSignal.PERST_N),
          3, slot(3, SlotSignal.POWER_ENABLE, SlotSignal.PERST_N));
  private final ExecutorService poller = Executors.newSingleThreadExecutor();
  private final Set<Integer> bound = new HashSet<>();
  private final Set<Integer> latched = new HashSet<>();
  private final List<String> switched = Collections.synchronizedList(new ArrayList<>());
  private final SlotPower power =
      new SlotPower(
          new SlotCommands() {
            @Override
            public Optional<SlotControl> control(int slot) {
              return Optional.ofNullable(slots.get(slot));
            }

            @Override
            public <T> CompletableFuture<T> onLines(int slot, DeviceAction<T> command) {
              return CompletableFuture.supplyAsync(
                  () -> {
                    try {
                      return command.run();
                    } catch (DeviceException e) {
                      throw new IllegalStateException(e);
                    }
                  },
                  poller);
            }
          },
          bound::contains,
          latched::contains,
          new RecordingEvents(),
          id -> Optional.empty(),
          Clock.systemUTC());

  @AfterEach
  void stop() {
    poller.shutdownNow();
  }

  @Test
  void power_off_puts_the_card_in_reset_before_its_power_goes() throws Exception {
    power.powerOff(1, "alice", false).get(10, TimeUnit.SECONDS);
    assertEquals(List.of("slot1 PERST# low", "slot1 PWR_EN low"), driven);
    assertEquals(List.of("slot 1 off by alice"), switched);
  }

  @Test
  void power_on_holds_reset_until_power_is_stable() throws Exception {
    power.powerOn(1, "alice").get(10, TimeUnit.SECONDS);
    assertEquals(List.of("slot1 PERST# low", "slot1 PWR_EN high", "slot1 PERST# high"), driven);
    long heldNanos = drivenAt.get(2) - drivenAt.get(1);
    assertTrue(
        heldNanos >= TimeUnit.MILLISECONDS.toNanos(SlotPower.POWER_STABLE_MILLIS),
        "PERST# released " + heldNanos + " ns after power");
    assertEquals(List.of("slot 1 on by alice"), switched);
  }

  @Test
  void a_power_cycle_is_off_then_on_a_second_later() throws Exception {
    power.powerCycle(1, "alice", false).get(10, TimeUnit.SECONDS);
    assertEquals(
        List.of(
            "slot1 PERST# low",
            "slot1 PWR_EN low",
            "slot1 PERST# low",
            "slot1 PWR_EN high",
            "slot1 PERST# high"),
        driven);
    long offNanos = drivenAt.get(3) - drivenAt.get(1);
    assertTrue(
        offNanos >= TimeUnit.MILLISECONDS.toNanos(SlotPower.CYCLE_OFF_MILLIS),
        "off for " + offNanos + " ns");
    assertEquals(List.of("slot 1 off by alice", "slot 1 on by alice"), switched);
  }

  @Test
  void a_gpu_bound_to_a_host_is_not_powered_off_or_cycled_unless_forced() throws Exception {
    bound.add(1);
    assertRefused(power.powerOff(1, "alice", false), "bound to a host");
    assertRefused(power.powerCycle(1, "alice", false), "bound to a host");
    assertEquals(List.of(), driven, "nothing moved");
    power.powerOff(1, "alice", true).get(10, TimeUnit.SECONDS);
    assertEquals(List.of("slot1 PERST# low", "slot1 PWR_EN low"), driven);
  }

  @Test
  void a_slot_latched_off_for_over_temperature_is_not_powered_on_here() {
    latched.add(1);
    assertRefused(power.powerOn(1, "alice"), "clear the latch");
    assertRefused(power.powerCycle(1, "alice", true), "clear the latch");
    assertEquals(List.of(), driven);
  }

  @Test
  void a_slot_without_a_power_line_or_no_slot_at_all_is_refused_with_the_reason() {
    assertRefused(power.powerOn(2, "alice"), "slot 2 has no power line");
    assertRefused(power.powerOff(2, "alice", true), "slot 2 has no power line");
    assertRefused(power.powerOn(9, "alice"), "there is no slot 9");
    assertEquals(List.of(), driven);
  }

  @Test
  void a_second_power_operation_on_a_slot_is_refused_while_the_first_runs() throws Exception {
    CountDownLatch hold = new CountDownLatch(1);
    poller.submit(
        () -> {
          hold.await();
          return null;
        });
    CompletableFuture<Void> first = power.powerOff(1, "alice", false);
    assertRefused(power.powerOn(1, "bob"), "power off by alice is under way");
    hold.countDown();
    first.get(10, TimeUnit.SECONDS);
    power.powerOn(1, "bob").get(10, TimeUnit.SECONDS);
    assertEquals(List.of("slot 1 off by alice", "slot 1 on by bob"), switched);
  }

  @Test
  void the_attention_led_is_lit_and_read_where_the_board_wires_one() throws Exception {
    assertEquals(Optional.of(false), power.locate(1));
    power.setLocate(1, true).get(10, TimeUnit.SECONDS);
    assertEquals(List.of("slot1 LED high"), driven);
    assertEquals(Optional.of(true), power.locate(1));
    power.setLocate(1, false).get(10, TimeUnit.SECONDS);
    assertEquals(Optional.of(false), power.locate(1));

    assertEquals(Optional.empty(), power.locate(3), "slot 3 has no LED");
    assertRefused(power.setLocate(3, true), "slot 3 has no attention LED");
  }

  private static void assertRefused(CompletableFuture<Void> operation, String reason) {
    ExecutionException e =
        assertThrows(ExecutionException.class, () -> operation.get(10, TimeUnit.SECONDS));
    assertInstanceOf(SlotOperationRefused.class, e.getCause());
    assertTrue(e.getCause().getMessage().contains(reason), e.getCause().getMessage());
  }

  private SlotControl slot(int slot, SlotSignal... signals) {
    Map<SlotSignal, GpioLine> lines = new EnumMap<>(SlotSignal.class);
    for (SlotSignal s : signals) {
      String name =
          "slot"
              + slot
              + " "
              + switch (s) {
                case PRESENT_N -> "PRSNT#";
                case POWER_ENABLE -> "PWR_EN";
                case PERST_N -> "PERST#";
                case ATTENTION_LED -> "LED";
              };
      lines.put(s, new RecordingLine(name, s == SlotSignal.PERST_N || s == SlotSignal.PRESENT_N));
    }
    return new SlotControl(slot, lines);
  }

  /** A line that remembers its level and records every level driven on it, with the time. */
  private final class RecordingLine implements GpioLine {
    private final String name;
    private volatile boolean high;

    RecordingLine(String name, boolean high) {
      this.name = name;
      this.high = high;
    }

    @Override
    public boolean isHigh() {
      return high;
    }

    @Override
    public void setHigh(boolean high) {
      this.high = high;
      drivenAt.add(System.nanoTime());
      driven.add(name + (high ? " high" : " low"));
    }
  }

  private final class RecordingEvents implements HealthEvents {
    @Override
    public void slotPowerSwitched(int slot, boolean on, String operator) {
      switched.add("slot " + slot + (on ? " on" : " off") + " by " + operator);
    }

    @Override
    public void thresholdCrossed(ThresholdEvent event) {}

    @Override
    public void policyAction(PolicyAction action) {}

    @Override
    public void sensorFailed(String sensorId, boolean failed) {}

    @Override
    public void sensorReadingInvalid(String sensorId, boolean invalid) {}

    @Override
    public void supplyHealthChanged(String psuId, Health health) {}

    @Override
    public void slotPoweredOn(int slot) {}

    @Override
    public void slotPoweredOff(int slot) {}
  }
}
