package io.gpuchassis.agent.host;

import static io.gpuchassis.agent.redfish.ChassisFixture.binding;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.redfish.ChassisFixture;
import io.gpuchassis.agent.store.AgentStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The host companions' reports: kept across a restart of the store, forgotten with the GPU's
 * release, refused for a GPU the host does not hold, and waited for by the attach flow.
 */
class HostSightingsTest {

  static final UUID SYSTEM = UUID.fromString("4c4c4544-0042-3510-8052-b4c04f4b4e31");
  static final Instant T0 = Instant.parse("2026-01-15T10:00:00Z");

  @TempDir Path stateDir;
  final AtomicReference<Instant> now = new AtomicReference<>(T0);
  final Clock clock =
      new Clock() {
        @Override
        public ZoneOffset getZone() {
          return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
          return this;
        }

        @Override
        public Instant instant() {
          return now.get();
        }
      };
  final ChassisModel model =
      new ChassisModel(
          ChassisFixture.seated()
              .withBinding(binding(3, SlotBinding.State.BOUND, "Host1"))
              .withBinding(binding(4, SlotBinding.State.BOUND, "Host2")));

  @Test
  void a_report_is_kept_and_survives_a_restart() {
    try (AgentStore store = AgentStore.open(stateDir)) {
      HostSightings sightings = new HostSightings(store, model, clock);
      sightings.record(
          "Host1", SYSTEM, List.of(new ReportedDevice(3, "0000:41:00.0", Optional.of("GPU-1234"))));
    }
    try (AgentStore store = AgentStore.open(stateDir)) {
      HostSightings sightings = new HostSightings(store, model, clock);
      assertEquals(Optional.of(new HostIdentity("Host1", SYSTEM, T0)), sightings.identity("Host1"));
      assertEquals(
          Optional.of(new GpuSighting(3, "Host1", "0000:41:00.0", Optional.of("GPU-1234"), T0)),
          sightings.sighting(3));
      assertEquals(Optional.empty(), sightings.identity("Host2"));
    }
  }

  @Test
  void mig_devices_are_kept_with_the_sighting_across_a_restart_and_a_later_report_replaces_them() {
    List<MigPartition> two =
        List.of(
            new MigPartition(1, "3g.20gb", "MIG-a28ad590-3fda-56dd-84fc-0a0b96edc58d"),
            new MigPartition(2, "3g.20gb", "MIG-c7384736-a75d-5afc-978f-d2f1294409fd"));
    try (AgentStore store = AgentStore.open(stateDir)) {
      new HostSightings(store, model, clock)
          .record(
              "Host1",
              SYSTEM,
              List.of(new ReportedDevice(3, "0000:41:00.0", Optional.of("GPU-1234"), two)));
    }
    try (AgentStore store = AgentStore.open(stateDir)) {
      HostSightings sightings = new HostSightings(store, model, clock);
      assertEquals(two, sightings.sighting(3).orElseThrow().partitions());

      sightings.record(
          "Host1", SYSTEM, List.of(new ReportedDevice(3, "0000:41:00.0", Optional.of("GPU-1234"))));
      assertEquals(List.of(), sightings.sighting(3).orElseThrow().partitions());
    }
    try (AgentStore store = AgentStore.open(stateDir)) {
      assertEquals(
          List.of(),
          new HostSightings(store, model, clock).sighting(3).orElseThrow().partitions(),
          "dropped in the database too");
    }
  }

  @Test
  void a_reported_window_survives_a_restart_and_a_report_without_one_from_the_same_server() {
    UUID another = UUID.fromString("5c4c4544-0042-3510-8052-b4c04f4b4e31");
    try (AgentStore store = AgentStore.open(stateDir)) {
      HostSightings sightings = new HostSightings(store, model, clock);
      sightings.record("Host1", SYSTEM, OptionalLong.of(262144), List.of());
      sightings.record("Host2", another, OptionalLong.of(0), List.of());
      assertEquals(OptionalLong.of(262144), sightings.hotPlugWindowMiB("Host1"));
    }
    try (AgentStore store = AgentStore.open(stateDir)) {
      HostSightings sightings = new HostSightings(store, model, clock);
      assertEquals(OptionalLong.of(262144), sightings.hotPlugWindowMiB("Host1"));
      assertEquals(OptionalLong.of(0), sightings.hotPlugWindowMiB("Host2"), "no room is kept");
      assertEquals(OptionalLong.empty(), sightings.hotPlugWindowMiB("Host3"));

      // An attach's report says nothing of the window: the server's own stays
      sightings.record(
          "Host1", SYSTEM, List.of(new ReportedDevice(3, "0000:41:00.0", Optional.empty())));
      assertEquals(OptionalLong.of(262144), sightings.hotPlugWindowMiB("Host1"));
      // Another server on Host1's cable: the old server's window is not its own
      sightings.record("Host1", another, List.of());
      assertEquals(OptionalLong.empty(), sightings.hotPlugWindowMiB("Host1"));
    }
    try (AgentStore store = AgentStore.open(stateDir)) {
      assertEquals(
          OptionalLong.empty(),
          new HostSightings(store, model, clock).hotPlugWindowMiB("Host1"),
          "forgotten in the database too");
    }
  }

  @Test
  void a_gpu_the_host_does_not_hold_is_refused_and_nothing_is_kept() {
    try (AgentStore store = AgentStore.open(stateDir)) {
      HostSightings sightings = new HostSightings(store, model, clock);
      long before = sightings.version();
      SlotNotHeld refused =
          assertThrows(
              SlotNotHeld.class,
              () ->
                  sightings.record(
                      "Host1",
                      SYSTEM,
                      List.of(
                          new ReportedDevice(3, "0000:41:00.0", Optional.empty()),
                          new ReportedDevice(4, "0000:42:00.0", Optional.empty()))));
      assertEquals(Optional.of("Host2"), refused.holder());
      assertEquals(Optional.empty(), sightings.identity("Host1"), "all or nothing");
      assertEquals(Optional.empty(), sightings.sighting(3));
      assertEquals(before, sightings.version());
    }
  }

  @Test
  void a_sighting_is_forgotten_when_its_gpu_leaves_the_host_also_after_a_restart() {
    try (AgentStore store = AgentStore.open(stateDir)) {
      HostSightings sightings = new HostSightings(store, model, clock);
      model.onChange(sightings);
      sightings.record(
          "Host1", SYSTEM, List.of(new ReportedDevice(3, "0000:41:00.0", Optional.empty())));
      long reported = sightings.version();

      model.apply(s -> s.withBinding(SlotBinding.unbound(3, T0)));

      assertEquals(Optional.empty(), sightings.sighting(3));
      assertTrue(sightings.version() > reported, "cached views see the change");
      assertTrue(sightings.identity("Host1").isPresent(), "the host is still who it was");
    }
    // Bound again to the same host after the restart: the old address is not shown as current.
    model.apply(s -> s.withBinding(binding(3, SlotBinding.State.BOUND, "Host1")));
    try (AgentStore store = AgentStore.open(stateDir)) {
      assertEquals(Optional.empty(), new HostSightings(store, model, clock).sighting(3));
    }
  }

  @Test
  void the_attach_flow_learns_whether_the_host_saw_the_gpu_since_its_bind_started() {
    try (AgentStore store = AgentStore.open(stateDir)) {
      HostSightings sightings = new HostSightings(store, model, clock);
      sightings.record(
          "Host1", SYSTEM, List.of(new ReportedDevice(3, "0000:41:00.0", Optional.empty())));
      Instant bindStarted = T0.plusSeconds(10);
      now.set(T0.plusSeconds(12));

      assertEquals(Optional.empty(), sightings.seenSince(3, bindStarted), "an older report");
      CompletableFuture<GpuSighting> seen = sightings.whenSeen(3, bindStarted);
      CompletableFuture<GpuSighting> other = sightings.whenSeen(4, bindStarted);
      assertFalse(seen.isDone());

      sightings.record(
          "Host1", SYSTEM, List.of(new ReportedDevice(3, "0000:41:00.0", Optional.of("GPU-9"))));

      assertEquals("GPU-9", seen.getNow(null).deviceUuid().orElseThrow());
      assertEquals(
          T0.plusSeconds(12), sightings.seenSince(3, bindStarted).orElseThrow().reported());
      assertFalse(other.isDone(), "another slot's wait goes on");
      assertTrue(sightings.whenSeen(3, bindStarted).isDone(), "already seen: at once");
    }
  }
}
