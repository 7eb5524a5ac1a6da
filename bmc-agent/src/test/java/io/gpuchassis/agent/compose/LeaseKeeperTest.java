package io.gpuchassis.agent.compose;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.PortTraffic;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.chassis.SlotBinding.State;
import io.gpuchassis.agent.chassis.SwitchObservation;
import io.gpuchassis.agent.redfish.ChassisFixture;
import io.gpuchassis.agent.security.MutableClock;
import io.gpuchassis.agent.store.AgentStore;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lease keeper's decisions, one look at a time against a clock the test steps: nothing before a
 * lease expires, a release once it has; an expired lease on a GPU the release policy still holds is
 * reported once and released once the policy lets go; a lease's idle time counts only the time the
 * switch's readings showed the port still; a lease ends when its GPU is released by anyone, and
 * survives a restart until then.
 */
class LeaseKeeperTest {

  static final int SLOT = 3;
  static final Instant T0 = Instant.parse("2026-12-04T12:00:00Z");

  @TempDir Path stateDir;
  AgentStore store;
  final MutableClock clock = new MutableClock(T0);
  final GpuActivity activity = new GpuActivity();
  ChassisState state = HostGpusTest.with(HostGpusTest.EMPTY, SLOT, State.BOUND, "Host1", false);
  final Slot slot = state.slot(SLOT).orElseThrow();

  /** What the engine answers: null releases the GPU, else the refusal the policy gives. */
  String policyHolds;

  final List<Integer> releases = new ArrayList<>();
  final List<String> released = new ArrayList<>();
  final List<String> busy = new ArrayList<>();
  Leases leases;
  LeaseKeeper keeper;

  @BeforeEach
  void open() {
    store = AgentStore.open(stateDir);
    leases = new Leases(store, state);
    keeper = keeper();
  }

  @AfterEach
  void close() {
    store.close();
  }

  LeaseKeeper keeper() {
    return new LeaseKeeper(
        leases,
        () -> state,
        activity,
        s -> {
          if (policyHolds != null) {
            throw new BindingException(BindingException.Reason.HOST_STILL_USING, policyHolds);
          }
          releases.add(s);
          state =
              state.withBinding(
                  state.binding(s).to(State.UNBOUND, Optional.empty(), Optional.empty(), T0));
          leases.accept(state); // as the model tells its listeners
          return CompletableFuture.completedFuture(null);
        },
        new LeaseKeeper.Report() {
          @Override
          public void released(Lease lease, String why) {
            released.add(lease.owner() + ": " + why);
          }

          @Override
          public void expiredWhileBusy(Lease lease, String why) {
            busy.add(lease.owner() + ": " + why);
          }
        },
        clock,
        Duration.ofSeconds(5));
  }

  Lease lease(Duration expiresIn, Optional<Duration> idle) {
    return new Lease(SLOT, "Host1", "alice", "operator", T0.plus(expiresIn), idle, T0);
  }

  /** A reading of the slot's port showing {@code bytes} moved so far, now. */
  void read(long bytes) {
    Instant at = clock.instant();
    SwitchObservation o = ChassisFixture.observed(state, slot.switchId(), at);
    Map<Integer, io.gpuchassis.agent.chassis.PortLink> ports = new HashMap<>(o.ports());
    ports.put(
        slot.port(),
        ports.get(slot.port()).withTraffic(Optional.of(new PortTraffic(bytes, bytes / 2))));
    activity.accept(
        state.withSwitchObservation(
            new SwitchObservation(
                o.switchId(),
                at,
                Optional.empty(),
                o.dieTemperatureCelsius(),
                o.serialNumber(),
                o.firmwareVersion(),
                ports)));
  }

  @Test
  void a_lease_keeps_its_gpu_until_it_expires_then_releases_it() {
    leases.put(lease(Duration.ofMinutes(1), Optional.empty()));
    for (int s = 0; s < 60; s += 5) {
      clock.set(T0.plusSeconds(s));
      keeper.look();
    }
    assertEquals(List.of(), releases, "not before the lease expires");
    clock.set(T0.plusSeconds(60));
    keeper.look();
    assertEquals(List.of(SLOT), releases);
    assertEquals(1, released.size());
    assertTrue(released.get(0).contains("expired"), released.toString());
    assertEquals(Optional.empty(), leases.of(SLOT), "the lease ended with the release");
    keeper.look();
    assertEquals(List.of(SLOT), releases, "released once");
  }

  @Test
  void an_expired_lease_on_a_busy_gpu_is_reported_once_and_released_once_the_policy_lets_go() {
    leases.put(lease(Duration.ofSeconds(30), Optional.empty()));
    policyHolds = "host Host1 has not released the GPU in slot 3, and it is busy";
    for (int s = 30; s <= 60; s += 5) {
      clock.set(T0.plusSeconds(s));
      keeper.look();
    }
    assertEquals(List.of(), releases, "a busy GPU is not taken from its host");
    assertEquals(1, busy.size(), "the expiry on a busy GPU is reported once: " + busy);
    assertTrue(busy.get(0).contains("busy"), busy.toString());
    assertTrue(leases.of(SLOT).isPresent(), "the lease holds until the GPU goes");

    policyHolds = null; // the port stood still for the release policy's window
    clock.set(T0.plusSeconds(65));
    keeper.look();
    assertEquals(List.of(SLOT), releases);
    assertEquals(1, released.size());
    assertEquals(1, busy.size());
  }

  @Test
  void an_idle_gpu_is_released_once_its_port_was_read_still_for_the_idle_time() {
    leases.put(lease(Duration.ofHours(1), Optional.of(Duration.ofSeconds(20))));
    read(1_000);
    clock.advance(Duration.ofSeconds(10));
    read(5_000); // moved data: quiet from here
    keeper.look();
    clock.advance(Duration.ofSeconds(10));
    read(5_000);
    keeper.look();
    assertEquals(List.of(), releases, "still for 10 s of its 20 s");
    clock.advance(Duration.ofSeconds(10));
    read(5_000);
    keeper.look();
    assertEquals(List.of(SLOT), releases, "still for 20 s");
    assertTrue(released.get(0).contains("idle"), released.toString());
  }

  @Test
  void a_switch_that_stopped_answering_never_makes_a_gpu_look_idle() {
    Lease lease = lease(Duration.ofHours(1), Optional.of(Duration.ofSeconds(20)));
    read(1_000);
    clock.advance(Duration.ofSeconds(10));
    read(1_000);
    // No reading for ten minutes: the counters were seen still for 10 s only
    clock.advance(Duration.ofMinutes(10));
    assertEquals(
        LeaseKeeper.Decision.KEEP,
        LeaseKeeper.decide(lease, activity.of(slot.switchId(), slot.port()), clock.instant()));
    assertEquals(
        LeaseKeeper.Decision.KEEP, LeaseKeeper.decide(lease, Optional.empty(), clock.instant()));
    assertEquals(
        LeaseKeeper.Decision.EXPIRED,
        LeaseKeeper.decide(lease, Optional.empty(), T0.plus(Duration.ofHours(1))));
  }

  @Test
  void a_lease_survives_a_restart_and_ends_when_its_gpu_is_released_by_anyone() {
    leases.put(lease(Duration.ofHours(1), Optional.of(Duration.ofMinutes(5))));
    Leases again = new Leases(store, state);
    assertEquals(leases.of(SLOT), again.of(SLOT), "read back from the store");

    // Another client releases the GPU: the lease ends with it, for every reader at once
    ChassisState released =
        state.withBinding(
            state.binding(SLOT).to(State.UNBOUND, Optional.empty(), Optional.empty(), T0));
    again.accept(released);
    assertEquals(Optional.empty(), again.of(SLOT));
    again.flush();
    // Bound again to the same host: the old lease does not come back
    assertEquals(Optional.empty(), new Leases(store, state).of(SLOT));
  }

  @Test
  void a_gpu_on_its_way_out_keeps_its_lease_until_it_is_free() {
    leases.put(lease(Duration.ofHours(1), Optional.empty()));
    SlotBinding leaving =
        state.binding(SLOT).to(State.UNBINDING, Optional.of("Host1"), Optional.empty(), T0);
    leases.accept(state.withBinding(leaving));
    assertTrue(leases.of(SLOT).isPresent());
    leases.accept(
        state.withBinding(
            state.binding(SLOT).to(State.BOUND, Optional.of("Host2"), Optional.empty(), T0)));
    assertEquals(Optional.empty(), leases.of(SLOT), "given to another host: the lease ended");
  }
}
