package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.store.AgentStore;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The binding engine's memory, in the embedded database: which slot should be bound to which host
 * (the desired bindings), and every bind or unbind operation from the moment it starts until it
 * ends. An operation still marked STARTED at boot was interrupted (the agent died mid-way) and is
 * finished or rolled back by reconciliation. Every change is one transaction, written before the
 * hardware is touched (start) or after it answered (end). Blocking.
 */
public final class BindingJournal {

  /** One operation as journaled. */
  public record Operation(long id, int slot, String host, Kind kind, String state) {}

  /** What an operation does. */
  public enum Kind {
    BIND,
    UNBIND
  }

  private final AgentStore store;
  private final Clock clock;

  public BindingJournal(AgentStore store, Clock clock) {
    this.store = store;
    this.clock = clock;
  }

  /** The desired bindings: slot to host. */
  public Map<Integer, String> desired() {
    return store.inTransaction(
        c -> {
          Map<Integer, String> all = new LinkedHashMap<>();
          try (Statement s = c.createStatement();
              ResultSet rs = s.executeQuery("SELECT slot, host FROM bindings ORDER BY slot")) {
            while (rs.next()) {
              all.put(rs.getInt(1), rs.getString(2));
            }
          }
          return all;
        });
  }

  /**
   * The serial number of the card each desired binding was made with, where it was known: slot to
   * serial.
   */
  public Map<Integer, String> desiredSerials() {
    return store.inTransaction(
        c -> {
          Map<Integer, String> all = new LinkedHashMap<>();
          try (Statement s = c.createStatement();
              ResultSet rs =
                  s.executeQuery(
                      "SELECT slot, gpu_serial FROM bindings WHERE gpu_serial IS NOT NULL ORDER BY slot")) {
            while (rs.next()) {
              all.put(rs.getInt(1), rs.getString(2));
            }
          }
          return all;
        });
  }

  /** Operations that started and never ended: interrupted by a crash. */
  public List<Operation> interrupted() {
    return store.inTransaction(
        c -> {
          List<Operation> ops = new ArrayList<>();
          try (Statement s = c.createStatement();
              ResultSet rs =
                  s.executeQuery(
                      "SELECT id, slot, host, kind, state FROM binding_ops WHERE state = 'STARTED' ORDER BY id")) {
            while (rs.next()) {
              ops.add(
                  new Operation(
                      rs.getLong(1),
                      rs.getInt(2),
                      rs.getString(3),
                      Kind.valueOf(rs.getString(4)),
                      rs.getString(5)));
            }
          }
          return ops;
        });
  }

  /** Records that an operation starts; returns its id. */
  public long start(int slot, String host, Kind kind) {
    return store.inTransaction(
        c -> {
          try (PreparedStatement s =
              c.prepareStatement(
                  "INSERT INTO binding_ops(slot, host, kind, state, started) VALUES (?, ?, ?, 'STARTED', ?)",
                  Statement.RETURN_GENERATED_KEYS)) {
            s.setInt(1, slot);
            s.setString(2, host);
            s.setString(3, kind.name());
            s.setString(4, clock.instant().toString());
            s.executeUpdate();
            try (ResultSet keys = s.getGeneratedKeys()) {
              keys.next();
              return keys.getLong(1);
            }
          }
        });
  }

  /**
   * Ends an operation that did what it set out to do, and records the slot's new desired binding
   * with it.
   */
  public void succeeded(long op, int slot, String host, Kind kind) {
    succeeded(op, slot, host, kind, null);
  }

  /**
   * As above; a bind records {@code gpuSerial}, the serial number of the card bound (null when it
   * did not say).
   */
  public void succeeded(long op, int slot, String host, Kind kind, String gpuSerial) {
    store.inTransaction(
        c -> {
          if (kind == Kind.BIND) {
            try (PreparedStatement s =
                c.prepareStatement(
                    "INSERT INTO bindings(slot, host, since, gpu_serial) VALUES (?, ?, ?, ?)"
                        + " ON CONFLICT(slot) DO UPDATE SET host = excluded.host, since = excluded.since,"
                        + " gpu_serial = excluded.gpu_serial")) {
              s.setInt(1, slot);
              s.setString(2, host);
              s.setString(3, clock.instant().toString());
              s.setString(4, gpuSerial);
              s.executeUpdate();
            }
          } else {
            try (PreparedStatement s = c.prepareStatement("DELETE FROM bindings WHERE slot = ?")) {
              s.setInt(1, slot);
              s.executeUpdate();
            }
          }
          end(c, op, "SUCCEEDED", null);
          return null;
        });
  }

  /**
   * Ends an operation that did not happen (refused, or rolled back): the desired bindings stay as
   * they were.
   */
  public void failed(long op, String reason) {
    store.inTransaction(
        c -> {
          end(c, op, "FAILED", reason);
          return null;
        });
  }

  private void end(java.sql.Connection c, long op, String state, String reason)
      throws java.sql.SQLException {
    try (PreparedStatement s =
        c.prepareStatement(
            "UPDATE binding_ops SET state = ?, ended = ?, reason = ? WHERE id = ?")) {
      s.setString(1, state);
      s.setString(2, clock.instant().toString());
      s.setString(3, reason);
      s.setLong(4, op);
      s.executeUpdate();
    }
  }
}
