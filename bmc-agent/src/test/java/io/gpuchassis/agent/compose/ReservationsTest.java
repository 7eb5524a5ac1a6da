package io.gpuchassis.agent.compose;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.store.AgentStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReservationsTest {

  @TempDir Path stateDir;

  /** A clock the test moves by hand. */
  static final class ManualClock extends Clock {
    Instant now = Instant.parse("2026-01-01T00:00:00Z");

    void advance(Duration d) {
      now = now.plus(d);
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }

  @Test
  void a_reservation_holds_against_other_clients_only_until_it_expires() {
    ManualClock clock = new ManualClock();
    try (AgentStore store = AgentStore.open(stateDir)) {
      Reservations reservations = new Reservations(store, clock);
      assertEquals(Reservations.DEFAULT_DURATION, reservations.duration());
      Reservation r = reservations.reserve("alice", Set.of(1, 2), Set.of("Host1"), "{}");
      assertEquals(clock.now.plus(Duration.ofMinutes(5)), r.expires());

      assertEquals(Set.of(1, 2), reservations.slotsHeldAgainst("bob"));
      assertEquals(
          Set.of(),
          reservations.slotsHeldAgainst("alice"),
          "a client is not kept from its own blocks");
      assertEquals(Optional.of(r), reservations.conflicting("bob", Set.of(), Set.of("Host1")));
      ReservationConflict taken =
          assertThrows(
              ReservationConflict.class,
              () -> reservations.reserve("bob", Set.of(2, 3), Set.of("Host2"), "{}"));
      assertEquals(r.id(), taken.holder().id());

      clock.advance(Duration.ofMinutes(5));
      assertEquals(List.of(), reservations.current(), "expired at its end");
      assertEquals(Set.of(), reservations.slotsHeldAgainst("bob"));
      assertEquals(Optional.empty(), reservations.find(r.id()));
      reservations.reserve("bob", Set.of(2, 3), Set.of("Host2"), "{}");
    }
  }

  @Test
  void reservations_and_their_duration_survive_a_restart_and_release_frees_them() {
    ManualClock clock = new ManualClock();
    String id;
    try (AgentStore store = AgentStore.open(stateDir)) {
      Reservations reservations = new Reservations(store, clock);
      reservations.setDuration(Duration.ofMinutes(30));
      id = reservations.reserve("alice", Set.of(6), Set.of("Host3"), "{\"Stanzas\":[]}").id();
      assertThrows(IllegalArgumentException.class, () -> reservations.setDuration(Duration.ZERO));
    }
    try (AgentStore store = AgentStore.open(stateDir)) {
      Reservations reopened = new Reservations(store, clock);
      assertEquals(Duration.ofMinutes(30), reopened.duration());
      Reservation r = reopened.find(id).orElseThrow();
      assertEquals(Set.of(6), r.slots());
      assertEquals(Set.of("Host3"), r.hosts());
      assertEquals("{\"Stanzas\":[]}", r.manifest());
      assertTrue(reopened.release(id));
      assertFalse(reopened.release(id), "gone");
    }
    try (AgentStore store = AgentStore.open(stateDir)) {
      assertEquals(List.of(), new Reservations(store, clock).current(), "the release was stored");
    }
  }
}
