package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.store.AgentStore;
import io.gpuchassis.agent.store.Settings;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * The composition reservations: GPUs and hosts a client previewed and holds for {@link #duration()}
 * so that no other client's composition takes them. Kept in SQLite (they survive a restart). An
 * expired reservation vanishes at once for every reader (by the injected clock) and frees what it
 * held; its row is deleted with the next write, so that reads never touch the database.
 */
public final class Reservations {

  /** How long a reservation is held unless changed (CompositionService.ReservationDuration). */
  public static final Duration DEFAULT_DURATION = Duration.ofMinutes(5);

  private static final String DURATION_SETTING = "composition.reservationDuration";

  private final AgentStore store;
  private final Settings settings;
  private final Clock clock;
  private final Map<String, Reservation> byId = new LinkedHashMap<>();
  private Duration duration;

  public Reservations(AgentStore store, Clock clock) {
    this.store = store;
    this.settings = new Settings(store);
    this.clock = clock;
    this.duration = settings.get(DURATION_SETTING).map(Duration::parse).orElse(DEFAULT_DURATION);
    load().forEach(r -> byId.put(r.id(), r));
  }

  public synchronized Duration duration() {
    return duration;
  }

  public synchronized void setDuration(Duration next) {
    if (next.isNegative() || next.isZero()) {
      throw new IllegalArgumentException("a reservation must be held for some time, not " + next);
    }
    settings.put(DURATION_SETTING, next.toString());
    duration = next;
  }

  /** The reservations still held, oldest first. */
  public synchronized List<Reservation> current() {
    return live().sorted(Comparator.comparing(Reservation::created)).toList();
  }

  public synchronized Optional<Reservation> find(String id) {
    return live().filter(r -> r.id().equals(id)).findFirst();
  }

  /** The GPU slots held for clients other than {@code client}. */
  public synchronized Set<Integer> slotsHeldAgainst(String client) {
    return live()
        .filter(r -> !r.client().equals(client))
        .flatMap(r -> r.slots().stream())
        .collect(Collectors.toSet());
  }

  /** The reservation of another client that holds one of these slots or hosts, if any. */
  public synchronized Optional<Reservation> conflicting(
      String client, Set<Integer> slots, Set<String> hosts) {
    return live().filter(r -> r.holdsAgainst(client, slots, hosts)).findFirst();
  }

  private java.util.stream.Stream<Reservation> live() {
    Instant now = clock.instant();
    return byId.values().stream().filter(r -> !r.expiredAt(now));
  }

  /**
   * Holds {@code slots} and {@code hosts} for {@code client} for the current duration.
   *
   * @throws ReservationConflict when another client's reservation holds one of them
   */
  public synchronized Reservation reserve(
      String client, Set<Integer> slots, Set<String> hosts, String manifest) {
    purgeExpired();
    Optional<Reservation> other = conflicting(client, slots, hosts);
    if (other.isPresent()) {
      throw new ReservationConflict(
          other.get(), "reservation " + other.get().id() + " holds some of them");
    }
    Instant now = clock.instant();
    Reservation r =
        new Reservation(
            UUID.randomUUID().toString(), client, now, now.plus(duration), slots, hosts, manifest);
    store.inTransaction(
        c -> {
          try (PreparedStatement s =
              c.prepareStatement(
                  "INSERT INTO composition_reservations"
                      + "(id, client, created, expires, slots, hosts, manifest) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            s.setString(1, r.id());
            s.setString(2, r.client());
            s.setString(3, r.created().toString());
            s.setString(4, r.expires().toString());
            s.setString(
                5,
                r.slots().stream().sorted().map(String::valueOf).collect(Collectors.joining(",")));
            s.setString(6, r.hosts().stream().sorted().collect(Collectors.joining(",")));
            s.setString(7, r.manifest());
            s.executeUpdate();
          }
          return null;
        });
    byId.put(r.id(), r);
    return r;
  }

  /** Frees a reservation; false when there is none with that id. */
  public synchronized boolean release(String id) {
    purgeExpired();
    if (!byId.containsKey(id)) {
      return false;
    }
    delete(List.of(id));
    byId.remove(id);
    return true;
  }

  private void purgeExpired() {
    Instant now = clock.instant();
    List<String> expired =
        byId.values().stream().filter(r -> r.expiredAt(now)).map(Reservation::id).toList();
    if (!expired.isEmpty()) {
      delete(expired);
      expired.forEach(byId::remove);
    }
  }

  private void delete(List<String> ids) {
    store.inTransaction(
        c -> {
          try (PreparedStatement s =
              c.prepareStatement("DELETE FROM composition_reservations WHERE id = ?")) {
            for (String id : ids) {
              s.setString(1, id);
              s.executeUpdate();
            }
          }
          return null;
        });
  }

  private List<Reservation> load() {
    return store.inTransaction(
        c -> {
          List<Reservation> all = new ArrayList<>();
          try (Statement s = c.createStatement();
              ResultSet rs =
                  s.executeQuery(
                      "SELECT id, client, created, expires, slots, hosts, manifest "
                          + "FROM composition_reservations ORDER BY created")) {
            while (rs.next()) {
              all.add(
                  new Reservation(
                      rs.getString(1),
                      rs.getString(2),
                      Instant.parse(rs.getString(3)),
                      Instant.parse(rs.getString(4)),
                      split(rs.getString(5)).stream()
                          .map(Integer::valueOf)
                          .collect(Collectors.toSet()),
                      split(rs.getString(6)),
                      rs.getString(7)));
            }
          }
          return all;
        });
  }

  private static Set<String> split(String csv) {
    return csv.isEmpty() ? Set.of() : new HashSet<>(Arrays.asList(csv.split(",")));
  }
}
