package io.gpuchassis.sensor.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.sensor.policy.PolicyAction.ClearLatch;
import io.gpuchassis.sensor.policy.PolicyAction.Event;
import io.gpuchassis.sensor.policy.PolicyAction.FansToFull;
import io.gpuchassis.sensor.policy.PolicyAction.Latch;
import io.gpuchassis.sensor.policy.PolicyAction.LogEntry;
import io.gpuchassis.sensor.policy.PolicyAction.PowerOffSlot;
import io.gpuchassis.sensor.policy.PolicyAction.RaiseFans;
import io.gpuchassis.sensor.policy.PolicyAction.ReleaseFans;
import io.gpuchassis.sensor.policy.PolicyAction.RequestDrain;
import io.gpuchassis.sensor.threshold.Health;
import io.gpuchassis.sensor.threshold.Severity;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class OverTempPolicyTest {

  private static final Instant T0 = Instant.parse("2026-11-01T00:00:00Z");
  private final Set<Integer> bound = new HashSet<>();
  private final OverTempPolicy policy =
      new OverTempPolicy(OverTempSettings.defaults(), bound::contains);

  private static List<Class<?>> kinds(List<PolicyAction> actions) {
    return actions.stream().<Class<?>>map(Object::getClass).toList();
  }

  @Test
  void cautionWarnsAndRaisesFans() {
    List<PolicyAction> a = policy.onSeverity(3, Severity.CAUTION, 82.0, T0);
    assertEquals(List.of(LogEntry.class, Event.class, RaiseFans.class), kinds(a));
    Event e = (Event) a.get(1);
    assertEquals(Health.WARNING, e.severity());
    assertEquals(OverTempPolicy.MESSAGE_CAUTION, e.messageId());
    assertEquals(70.0, ((RaiseFans) a.get(2)).floorPercent());
    assertEquals(SlotThermalState.WARNING, policy.state(3));
  }

  @Test
  void criticalOnAnUnboundGpuAnnouncesThenPowersOffThenLatches() {
    policy.onSeverity(3, Severity.CAUTION, 85.0, T0);
    List<PolicyAction> a = policy.onSeverity(3, Severity.CRITICAL, 91.0, T0.plusSeconds(5));
    assertEquals(
        List.of(
            LogEntry.class,
            Event.class,
            FansToFull.class,
            LogEntry.class,
            Event.class,
            PowerOffSlot.class,
            Latch.class),
        kinds(a));
    assertEquals(OverTempPolicy.MESSAGE_CRITICAL, ((Event) a.get(1)).messageId());
    assertEquals(OverTempPolicy.MESSAGE_POWER_OFF, ((Event) a.get(4)).messageId());
    assertTrue(((LogEntry) a.get(3)).message().contains("powering off slot 3"));
    assertTrue(policy.isLatched(3));
  }

  @Test
  void criticalOnABoundGpuRequestsADrainAndPowersOffAfterTheGrace() {
    bound.add(7);
    List<PolicyAction> a = policy.onSeverity(7, Severity.CRITICAL, 92.0, T0);
    assertEquals(
        List.of(
            LogEntry.class,
            Event.class,
            FansToFull.class,
            LogEntry.class,
            Event.class,
            RequestDrain.class),
        kinds(a));
    assertEquals(T0.plusSeconds(60), ((RequestDrain) a.get(5)).deadline());
    assertEquals(SlotThermalState.DRAINING, policy.state(7));
    assertTrue(policy.tick(T0.plusSeconds(59)).isEmpty());

    List<PolicyAction> later = policy.tick(T0.plusSeconds(60));
    assertEquals(
        List.of(LogEntry.class, Event.class, PowerOffSlot.class, Latch.class), kinds(later));
    assertTrue(((LogEntry) later.get(0)).message().contains("drain grace period"));
    assertTrue(policy.isLatched(7));
  }

  @Test
  void aReleasedGpuIsPoweredOffWithoutWaitingForTheDeadline() {
    bound.add(7);
    policy.onSeverity(7, Severity.CRITICAL, 92.0, T0);
    bound.remove(7);
    assertEquals(
        List.of(LogEntry.class, Event.class, PowerOffSlot.class, Latch.class),
        kinds(policy.tick(T0.plusSeconds(3))));
  }

  @Test
  void coolingDownDuringTheDrainCancelsThePowerOff() {
    bound.add(2);
    policy.onSeverity(2, Severity.CRITICAL, 91.0, T0);
    List<PolicyAction> a = policy.onSeverity(2, Severity.CAUTION, 86.0, T0.plusSeconds(10));
    assertTrue(((LogEntry) a.get(0)).message().contains("power-off cancelled"));
    assertTrue(policy.tick(T0.plusSeconds(120)).isEmpty());
    assertEquals(SlotThermalState.WARNING, policy.state(2));
    List<PolicyAction> normal = policy.onSeverity(2, Severity.OK, 70.0, T0.plusSeconds(130));
    assertEquals(List.of(LogEntry.class, Event.class, ReleaseFans.class), kinds(normal));
  }

  @Test
  void fatalPowersOffEvenABoundGpuAtOnce() {
    bound.add(4);
    List<PolicyAction> a = policy.onSeverity(4, Severity.FATAL, 101.0, T0);
    assertEquals(
        List.of(
            LogEntry.class,
            Event.class,
            FansToFull.class,
            LogEntry.class,
            Event.class,
            PowerOffSlot.class,
            Latch.class),
        kinds(a));
    assertEquals(OverTempPolicy.MESSAGE_FATAL, ((Event) a.get(1)).messageId());
  }

  @Test
  void aLatchedSlotStaysOffUntilClearedAndIsNeverPoweredOnByThePolicy() {
    policy.onSeverity(5, Severity.CRITICAL, 93.0, T0);
    assertEquals(
        List.of(LogEntry.class),
        kinds(policy.onSeverity(5, Severity.OK, 40.0, T0.plusSeconds(60))));
    assertTrue(policy.isLatched(5));
    assertTrue(policy.clearLatch(6, "admin", T0).isEmpty(), "nothing to clear on another slot");
    List<PolicyAction> cleared = policy.clearLatch(5, "admin", T0.plusSeconds(90));
    assertEquals(
        List.of(LogEntry.class, Event.class, ClearLatch.class, ReleaseFans.class), kinds(cleared));
    assertTrue(((LogEntry) cleared.get(0)).message().contains("admin"));
    assertFalse(policy.isLatched(5));
  }

  @Test
  void fanOverridesFoldIntoOneFloor() {
    FanOverrides overrides = new FanOverrides();
    policy.onSeverity(1, Severity.CAUTION, 82, T0).forEach(overrides::apply);
    assertEquals(70.0, overrides.floorPercent());
    bound.add(2);
    policy.onSeverity(2, Severity.CRITICAL, 91, T0).forEach(overrides::apply);
    assertEquals(100.0, overrides.floorPercent());
    policy.onSeverity(2, Severity.CAUTION, 85, T0.plusSeconds(5)).forEach(overrides::apply);
    policy.onSeverity(1, Severity.OK, 70, T0.plusSeconds(5)).forEach(overrides::apply);
    assertEquals(70.0, overrides.floorPercent());
    policy.onSeverity(2, Severity.OK, 70, T0.plusSeconds(6)).forEach(overrides::apply);
    assertEquals(0.0, overrides.floorPercent());
  }

  @Test
  void neverPowersOffSilentlyWhateverHappens() {
    Random random = new Random(20261101);
    Severity[] severities = Severity.values();
    int powerOffs = 0;
    for (int run = 0; run < 200; run++) {
      bound.clear();
      OverTempPolicy p = new OverTempPolicy(OverTempSettings.defaults(), bound::contains);
      Instant now = T0;
      List<PolicyAction> all = new ArrayList<>();
      for (int step = 0; step < 60; step++) {
        now = now.plus(Duration.ofSeconds(random.nextInt(40)));
        int slot = 1 + random.nextInt(4);
        if (random.nextBoolean()) {
          bound.add(slot);
        } else if (random.nextInt(4) == 0) {
          bound.remove(slot);
        }
        switch (random.nextInt(4)) {
          case 0:
            all.addAll(p.tick(now));
            break;
          case 1:
            all.addAll(p.clearLatch(slot, "op", now));
            break;
          default:
            all.addAll(p.onSeverity(slot, severities[random.nextInt(severities.length)], 90, now));
        }
      }
      assertAnnouncedBeforeEveryPowerOff(all);
      powerOffs += (int) all.stream().filter(PowerOffSlot.class::isInstance).count();
    }
    assertTrue(powerOffs > 100, "the random runs must actually exercise power-offs: " + powerOffs);
  }

  private static void assertAnnouncedBeforeEveryPowerOff(List<PolicyAction> actions) {
    for (int i = 0; i < actions.size(); i++) {
      if (!(actions.get(i) instanceof PowerOffSlot)) {
        continue;
      }
      int slot = actions.get(i).slot();
      assertTrue(i >= 2, "a power-off needs two announcements before it");
      assertTrue(actions.get(i - 2) instanceof LogEntry && actions.get(i - 2).slot() == slot);
      assertTrue(actions.get(i - 1) instanceof Event && actions.get(i - 1).slot() == slot);
      assertEquals(OverTempPolicy.MESSAGE_POWER_OFF, ((Event) actions.get(i - 1)).messageId());
      assertTrue(
          i + 1 < actions.size()
              && actions.get(i + 1) instanceof Latch
              && actions.get(i + 1).slot() == slot);
    }
  }
}
