package io.gpuchassis.agent.compose;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.PortTraffic;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.chassis.SlotBinding.State;
import io.gpuchassis.agent.chassis.SwitchObservation;
import io.gpuchassis.agent.config.CompositionSettings;
import io.gpuchassis.agent.config.CompositionSettings.Policy;
import io.gpuchassis.agent.redfish.ChassisFixture;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The release policies against the switch's byte counters as the model publishes them: a GPU whose
 * port moved nothing for the window is idle, one whose counters grew is busy, and without a recent
 * reading nothing is claimed.
 */
class ReleaseRuleTest {

  static final int SLOT = 3;
  static final Instant T0 = Instant.parse("2026-12-03T12:00:00Z");
  static final Duration READ_EVERY = Duration.ofSeconds(10);

  final ChassisState bound =
      HostGpusTest.with(HostGpusTest.EMPTY, SLOT, State.BOUND, "Host1", false);
  final Slot slot = bound.slot(SLOT).orElseThrow();
  final GpuActivity activity = new GpuActivity();
  Instant now = T0;

  ReleaseRule rule(Policy policy, Map<String, Policy> hosts) {
    Clock clock =
        new Clock() {
          @Override
          public Instant instant() {
            return now;
          }

          @Override
          public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
          }

          @Override
          public Clock withZone(java.time.ZoneId zone) {
            return this;
          }
        };
    return new ReleaseRule(
        new CompositionSettings(policy, Duration.ofSeconds(30), hosts),
        activity,
        READ_EVERY,
        clock);
  }

  /** A reading of the slot's port showing {@code bytes} moved so far, at {@code at}. */
  void read(long bytes, Instant at) {
    SwitchObservation o = ChassisFixture.observed(bound, slot.switchId(), at);
    Map<Integer, io.gpuchassis.agent.chassis.PortLink> ports = new HashMap<>(o.ports());
    ports.put(
        slot.port(),
        ports.get(slot.port()).withTraffic(Optional.of(new PortTraffic(bytes, bytes / 2))));
    activity.accept(
        bound.withSwitchObservation(
            new SwitchObservation(
                o.switchId(),
                at,
                Optional.empty(),
                o.dieTemperatureCelsius(),
                o.serialNumber(),
                o.firmwareVersion(),
                ports)));
  }

  Optional<String> holds(ReleaseRule rule) {
    return rule.holds(bound, SLOT, bound.binding(SLOT));
  }

  @Test
  void require_release_holds_the_gpu_until_the_host_lets_go_however_idle() {
    ReleaseRule rule = rule(Policy.REQUIRE_RELEASE, Map.of());
    for (int s = 0; s <= 120; s += 10) {
      read(1_000, T0.plusSeconds(s));
    }
    now = T0.plusSeconds(120);
    assertTrue(holds(rule).orElseThrow().contains("require-release"), holds(rule).toString());
    SlotBinding released = bound.binding(SLOT).withReadyToRemove(true);
    assertEquals(Optional.empty(), rule.holds(bound, SLOT, released));
  }

  @Test
  void release_or_idle_releases_a_gpu_whose_port_stood_still_for_the_window() {
    ReleaseRule rule = rule(Policy.RELEASE_OR_IDLE, Map.of());
    read(1_000, T0);
    read(1_000, T0.plusSeconds(10));
    read(1_000, T0.plusSeconds(20));
    now = T0.plusSeconds(20);
    assertTrue(holds(rule).orElseThrow().contains("busy"), "20 s of a 30 s window");
    read(1_000, T0.plusSeconds(30));
    now = T0.plusSeconds(30);
    assertEquals(Optional.empty(), holds(rule), "idle for the whole window");
  }

  @Test
  void release_or_idle_holds_a_gpu_whose_counters_grew_within_the_window() {
    ReleaseRule rule = rule(Policy.RELEASE_OR_IDLE, Map.of());
    for (int s = 0; s <= 60; s += 10) {
      read(1_000 + s, T0.plusSeconds(s)); // a few bytes every reading
    }
    now = T0.plusSeconds(65);
    String why = holds(rule).orElseThrow();
    assertTrue(why.contains("busy") && why.contains("ReadyToRemove"), why);
  }

  @Test
  void without_a_recent_reading_nothing_is_claimed() {
    ReleaseRule rule = rule(Policy.RELEASE_OR_IDLE, Map.of());
    assertTrue(holds(rule).orElseThrow().contains("no reading"), "never read");
    read(1_000, T0);
    read(1_000, T0.plusSeconds(40));
    now = T0.plusSeconds(100); // the switch stopped answering 60 s ago
    assertTrue(holds(rule).orElseThrow().contains("no reading"), holds(rule).toString());
  }

  @Test
  void a_host_named_in_the_settings_keeps_its_own_policy() {
    ReleaseRule rule = rule(Policy.RELEASE_OR_IDLE, Map.of("Host1", Policy.REQUIRE_RELEASE));
    read(1_000, T0);
    read(1_000, T0.plusSeconds(40));
    now = T0.plusSeconds(40);
    assertTrue(holds(rule).orElseThrow().contains("require-release"));
  }

  @Test
  void the_window_is_at_least_two_readings_of_the_counters() {
    ReleaseRule rule =
        new ReleaseRule(
            new CompositionSettings(Policy.RELEASE_OR_IDLE, Duration.ofSeconds(5), Map.of()),
            activity,
            READ_EVERY,
            Clock.systemUTC());
    assertEquals(Duration.ofSeconds(20), rule.idleWindow());
  }
}
