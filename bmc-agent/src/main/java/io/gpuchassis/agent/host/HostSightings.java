package io.gpuchassis.agent.host;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.store.AgentStore;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * What the host companions reported (docs/COMPOSITION.md, "The host companion"): the SMBIOS system
 * UUID of the server cabled to each host port, and where each host sees the GPUs it holds. Kept in
 * SQLite, so a host's identity and its GPUs' addresses outlive a restart, and in memory, so that
 * reads never touch the database.
 *
 * <p>A sighting lasts as long as its GPU stays with the host that reported it: once the slot is
 * released or given to another host (this is a {@link ChassisModel} listener, called on whichever
 * thread changed the model, an event loop among them) it is forgotten at once for readers, and its
 * row is deleted with the next write, when the store closes, or at the next start (whichever is
 * first), never on the listener's thread.
 *
 * <p>The attach flow asks {@link #seenSince} or {@link #whenSeen}: has the host reported slot N
 * since the bind started?
 */
public final class HostSightings
    implements HostReports, Consumer<ChassisState>, io.gpuchassis.agent.compose.HostConfirmation {

  private final AgentStore store;
  private final ChassisModel model;
  private final Clock clock;
  private final Map<String, HostIdentity> identities = new HashMap<>();
  private final Map<Integer, GpuSighting> sightings = new HashMap<>();

  /** Slots whose rows are still in the database although forgotten. */
  private final Set<Integer> forgotten = new HashSet<>();

  private final List<Waiter> waiters = new ArrayList<>();
  private final AtomicLong version = new AtomicLong();

  private record Waiter(int slot, Instant since, CompletableFuture<GpuSighting> sighting) {}

  /**
   * Reads what was reported before; sightings of slots {@code model} no longer has with their host
   * are dropped. Register it with {@link ChassisModel#onChange} to follow later releases.
   */
  public HostSightings(AgentStore store, ChassisModel model, Clock clock) {
    this.store = store;
    this.model = model;
    this.clock = clock;
    load();
    ChassisState now = model.current();
    sightings.values().removeIf(s -> !heldBy(now, s.slot(), s.host()));
    store.inTransaction(
        c -> {
          deleteSightingsNotIn(c, sightings.keySet());
          return null;
        });
    store.beforeClose(this::deleteForgotten);
  }

  /** Deletes the rows of the sightings forgotten since the last write (at the store's close). */
  private synchronized void deleteForgotten() {
    if (!forgotten.isEmpty()) {
      store.inTransaction(
          c -> {
            deleteSightingsNotIn(c, sightings.keySet());
            return null;
          });
      forgotten.clear();
    }
  }

  /** Records a report without a hot-plug window (the window reported before stays). */
  public List<GpuSighting> record(String host, UUID systemUuid, List<ReportedDevice> devices) {
    return record(host, systemUuid, OptionalLong.empty(), devices);
  }

  /**
   * Records a host's report: its system UUID, its hot-plug window when it reports one, and the GPUs
   * of the chassis it sees now (each one it holds). All of it or nothing. A report without a window
   * (an attach's) keeps the one the same server reported before; another server's is forgotten.
   *
   * @throws SlotNotHeld when a GPU listed is not bound to {@code host}
   */
  public List<GpuSighting> record(
      String host, UUID systemUuid, OptionalLong hotPlugWindowMiB, List<ReportedDevice> devices) {
    Map<CompletableFuture<GpuSighting>, GpuSighting> done = new HashMap<>();
    List<GpuSighting> recorded = new ArrayList<>();
    synchronized (this) {
      // Under this lock: a release applied meanwhile waits for it here, and then forgets these.
      checkHeld(model.current(), host, devices);
      Instant now = clock.instant();
      for (ReportedDevice d : devices) {
        recorded.add(
            new GpuSighting(d.slot(), host, d.hostAddress(), d.deviceUuid(), now, d.partitions()));
      }
      HostIdentity identity =
          new HostIdentity(host, systemUuid, now, window(host, systemUuid, hotPlugWindowMiB));
      store.inTransaction(
          c -> {
            write(c, identity, recorded);
            return null;
          });
      identities.put(host, identity);
      for (GpuSighting g : recorded) {
        sightings.put(g.slot(), g);
        forgotten.remove(g.slot());
      }
      version.incrementAndGet();
      waiters.removeIf(w -> w.sighting().isDone());
      for (Waiter w : List.copyOf(waiters)) {
        for (GpuSighting g : recorded) {
          if (g.slot() == w.slot() && !g.reported().isBefore(w.since())) {
            done.put(w.sighting(), g);
            waiters.remove(w);
          }
        }
      }
    }
    // Outside the lock: what waits on a sighting runs on its own.
    done.forEach(CompletableFuture::complete);
    return recorded;
  }

  /** The window a report leaves: its own, else the one the same server reported before. */
  private OptionalLong window(String host, UUID systemUuid, OptionalLong reported) {
    if (reported.isPresent()) {
      return reported;
    }
    HostIdentity before = identities.get(host);
    return before != null && before.systemUuid().equals(systemUuid)
        ? before.hotPlugWindowMiB()
        : OptionalLong.empty();
  }

  /**
   * Checks that {@code host} holds every slot listed (bound, or being bound or released, to it).
   *
   * @throws SlotNotHeld for the first that it does not
   */
  static void checkHeld(ChassisState state, String host, List<ReportedDevice> devices) {
    for (ReportedDevice d : devices) {
      if (!heldBy(state, d.slot(), host)) {
        Optional<String> holder =
            state.slots().stream().anyMatch(s -> s.number() == d.slot())
                ? state.binding(d.slot()).host()
                : Optional.empty();
        throw new SlotNotHeld(d.slot(), host, holder);
      }
    }
  }

  @Override
  public synchronized Optional<HostIdentity> identity(String host) {
    return Optional.ofNullable(identities.get(host));
  }

  @Override
  public synchronized Optional<GpuSighting> sighting(int slot) {
    return Optional.ofNullable(sightings.get(slot));
  }

  /**
   * Whether the host holding the GPU in {@code slot} reported it at {@code since} or later: the
   * sighting if so.
   */
  public synchronized Optional<GpuSighting> seenSince(int slot, Instant since) {
    return Optional.ofNullable(sightings.get(slot)).filter(s -> !s.reported().isBefore(since));
  }

  /**
   * Completes with the first report of {@code slot} at {@code since} or later (at once if there is
   * one already). Bound the wait yourself ({@code orTimeout}); a future given up on is dropped with
   * the next report.
   */
  public CompletableFuture<GpuSighting> whenSeen(int slot, Instant since) {
    synchronized (this) {
      Optional<GpuSighting> seen = seenSince(slot, since);
      if (seen.isEmpty()) {
        CompletableFuture<GpuSighting> future = new CompletableFuture<>();
        waiters.add(new Waiter(slot, since, future));
        return future;
      }
      return CompletableFuture.completedFuture(seen.get());
    }
  }

  /**
   * A host that has reported itself (its companion runs) confirms each GPU attached to it: the
   * address it reports the GPU at, from {@code since} on.
   */
  @Override
  public Optional<CompletableFuture<String>> whenSeen(int slot, String host, Instant since) {
    if (identity(host).isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(whenSeen(slot, since).thenApply(GpuSighting::hostAddress));
  }

  @Override
  public long version() {
    return version.get();
  }

  /** A change of the chassis: forgets the sightings of GPUs their host no longer holds. */
  @Override
  public synchronized void accept(ChassisState state) {
    List<Integer> gone =
        sightings.values().stream()
            .filter(s -> !heldBy(state, s.slot(), s.host()))
            .map(GpuSighting::slot)
            .toList();
    if (!gone.isEmpty()) {
      gone.forEach(sightings::remove);
      forgotten.addAll(gone);
      version.incrementAndGet();
    }
  }

  /** The slot is bound to the host, or on its way in or out of it. */
  private static boolean heldBy(ChassisState state, int slot, String host) {
    return state.slots().stream().anyMatch(s -> s.number() == slot)
        && state.binding(slot).host().filter(host::equals).isPresent();
  }

  private void write(java.sql.Connection c, HostIdentity identity, List<GpuSighting> recorded)
      throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement(
            "INSERT INTO host_identities(host, system_uuid, reported, hot_plug_window_mib)"
                + " VALUES (?, ?, ?, ?) ON CONFLICT(host) DO UPDATE SET"
                + " system_uuid = excluded.system_uuid, reported = excluded.reported,"
                + " hot_plug_window_mib = excluded.hot_plug_window_mib")) {
      s.setString(1, identity.host());
      s.setString(2, identity.systemUuid().toString());
      s.setString(3, identity.reported().toString());
      if (identity.hotPlugWindowMiB().isPresent()) {
        s.setLong(4, identity.hotPlugWindowMiB().getAsLong());
      } else {
        s.setNull(4, java.sql.Types.INTEGER);
      }
      s.executeUpdate();
    }
    try (PreparedStatement s =
        c.prepareStatement(
            "INSERT INTO host_sightings(slot, host, host_address, device_uuid, reported,"
                + " partitions) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(slot) DO UPDATE SET"
                + " host = excluded.host, host_address = excluded.host_address,"
                + " device_uuid = excluded.device_uuid, reported = excluded.reported,"
                + " partitions = excluded.partitions")) {
      for (GpuSighting g : recorded) {
        s.setInt(1, g.slot());
        s.setString(2, g.host());
        s.setString(3, g.hostAddress());
        s.setString(4, g.deviceUuid().orElse(null));
        s.setString(5, g.reported().toString());
        s.setString(6, MigPartition.encode(g.partitions()));
        s.executeUpdate();
      }
    }
    Set<Integer> stale = new HashSet<>(forgotten);
    recorded.forEach(g -> stale.remove(g.slot()));
    try (PreparedStatement s = c.prepareStatement("DELETE FROM host_sightings WHERE slot = ?")) {
      for (int slot : stale) {
        s.setInt(1, slot);
        s.executeUpdate();
      }
    }
    forgotten.clear();
  }

  private static void deleteSightingsNotIn(java.sql.Connection c, Set<Integer> kept)
      throws SQLException {
    List<Integer> all = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT slot FROM host_sightings")) {
      while (rs.next()) {
        all.add(rs.getInt(1));
      }
    }
    try (PreparedStatement s = c.prepareStatement("DELETE FROM host_sightings WHERE slot = ?")) {
      for (int slot : all) {
        if (!kept.contains(slot)) {
          s.setInt(1, slot);
          s.executeUpdate();
        }
      }
    }
  }

  private void load() {
    store.inTransaction(
        c -> {
          try (Statement s = c.createStatement();
              ResultSet rs =
                  s.executeQuery(
                      "SELECT host, system_uuid, reported, hot_plug_window_mib FROM"
                          + " host_identities")) {
            while (rs.next()) {
              long window = rs.getLong(4);
              boolean reportedNone = rs.wasNull();
              identities.put(
                  rs.getString(1),
                  new HostIdentity(
                      rs.getString(1),
                      UUID.fromString(rs.getString(2)),
                      Instant.parse(rs.getString(3)),
                      reportedNone ? OptionalLong.empty() : OptionalLong.of(window)));
            }
          }
          try (Statement s = c.createStatement();
              ResultSet rs =
                  s.executeQuery(
                      "SELECT slot, host, host_address, device_uuid, reported, partitions"
                          + " FROM host_sightings")) {
            while (rs.next()) {
              sightings.put(
                  rs.getInt(1),
                  new GpuSighting(
                      rs.getInt(1),
                      rs.getString(2),
                      rs.getString(3),
                      Optional.ofNullable(rs.getString(4)),
                      Instant.parse(rs.getString(5)),
                      MigPartition.decode(rs.getString(6))));
            }
          }
          return null;
        });
  }
}
