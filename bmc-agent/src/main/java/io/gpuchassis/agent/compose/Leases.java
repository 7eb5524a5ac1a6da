package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.store.AgentStore;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The leases on GPU assignments ({@link Lease}), one per slot, kept in SQLite (they survive a
 * restart). A model listener: a lease ends the moment its GPU leaves the host it was set for (a
 * release by anyone, a failed slot settled, a card taken out of the host), for every reader at
 * once; its row is deleted with the next write or by the {@link LeaseKeeper}'s next look ({@link
 * #flush}), so that the listener, which runs under the model's lock, never touches the database.
 */
public final class Leases implements Consumer<ChassisState> {

  private final AgentStore store;
  private final Map<Integer, Lease> bySlot = new TreeMap<>();

  /** Slots whose lease ended and whose row is still to be deleted. */
  private final Set<Integer> ended = new HashSet<>();

  /**
   * Loads the stored leases and ends at once those whose GPU is no longer with their host in {@code
   * state} (the state after the start-up reconciliation).
   */
  public Leases(AgentStore store, ChassisState state) {
    this.store = store;
    load().forEach(l -> bySlot.put(l.slot(), l));
    accept(state);
    flush();
  }

  /** The lease on the GPU in {@code slot}, if it has one. */
  public synchronized Optional<Lease> of(int slot) {
    return Optional.ofNullable(bySlot.get(slot));
  }

  /** Every lease, by slot. */
  public synchronized List<Lease> current() {
    return bySlot.values().stream().sorted(Comparator.comparingInt(Lease::slot)).toList();
  }

  /** Sets (or replaces) the lease on {@code lease.slot()}; written before it is shown. */
  public synchronized void put(Lease lease) {
    flush();
    store.inTransaction(
        c -> {
          try (PreparedStatement s =
              c.prepareStatement(
                  "INSERT OR REPLACE INTO gpu_leases"
                      + "(slot, host, owner, set_by, expires, idle_release_after, created)"
                      + " VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            s.setInt(1, lease.slot());
            s.setString(2, lease.host());
            s.setString(3, lease.owner());
            s.setString(4, lease.setBy());
            s.setString(5, lease.expires().toString());
            s.setString(6, lease.idleReleaseAfter().map(Duration::toString).orElse(null));
            s.setString(7, lease.set().toString());
            s.executeUpdate();
          }
          return null;
        });
    bySlot.put(lease.slot(), lease);
    ended.remove(lease.slot());
  }

  /** Ends the lease on {@code slot}; false when there was none. */
  public synchronized boolean remove(int slot) {
    boolean had = bySlot.remove(slot) != null;
    ended.add(slot);
    flush();
    return had;
  }

  /**
   * Ends, in memory, every lease whose GPU is no longer with its host in {@code state}: UNBOUND, or
   * given to another host. A GPU on its way out (UNBINDING) or FAILED keeps its lease until it is
   * free. Called by the model under its lock: no I/O here.
   */
  @Override
  public synchronized void accept(ChassisState state) {
    if (bySlot.isEmpty()) {
      return;
    }
    for (var it = bySlot.values().iterator(); it.hasNext(); ) {
      Lease lease = it.next();
      if (!heldBy(state.binding(lease.slot()), lease.host())) {
        it.remove();
        ended.add(lease.slot());
      }
    }
  }

  /** Whether {@code binding} still gives the GPU to {@code host}. */
  public static boolean heldBy(SlotBinding binding, String host) {
    return binding.state() != SlotBinding.State.UNBOUND && binding.host().equals(Optional.of(host));
  }

  /** Deletes the rows of the leases that ended. */
  public synchronized void flush() {
    if (ended.isEmpty()) {
      return;
    }
    List<Integer> slots = new ArrayList<>(ended);
    store.inTransaction(
        c -> {
          try (PreparedStatement s = c.prepareStatement("DELETE FROM gpu_leases WHERE slot = ?")) {
            for (int slot : slots) {
              s.setInt(1, slot);
              s.executeUpdate();
            }
          }
          return null;
        });
    ended.removeAll(slots);
  }

  private List<Lease> load() {
    return store.inTransaction(
        c -> {
          List<Lease> all = new ArrayList<>();
          try (Statement s = c.createStatement();
              ResultSet rs =
                  s.executeQuery(
                      "SELECT slot, host, owner, set_by, expires, idle_release_after, created"
                          + " FROM gpu_leases ORDER BY slot")) {
            while (rs.next()) {
              all.add(
                  new Lease(
                      rs.getInt(1),
                      rs.getString(2),
                      rs.getString(3),
                      rs.getString(4),
                      Instant.parse(rs.getString(5)),
                      Optional.ofNullable(rs.getString(6)).map(Duration::parse),
                      Instant.parse(rs.getString(7))));
            }
          }
          return all;
        });
  }
}
