package io.gpuchassis.agent.security;

import io.gpuchassis.agent.store.AgentStore;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The persisted security log: every login success or failure and every write request, with who, from where, what and
 * the result. Entries carry registry MessageIds. The oldest entries are dropped beyond {@link #MAX_ENTRIES} (the
 * LogService's {@code WrapsWhenFull} policy). Blocking: writes go to the database.
 */
public final class SecurityLog {

  public static final int MAX_ENTRIES = 10_000;

  private final AgentStore store;
  private final Clock clock;
  private final java.util.Deque<Entry> recent = new java.util.ArrayDeque<>();

  public SecurityLog(AgentStore store, Clock clock) {
    this.store = store;
    this.clock = clock;
    synchronized (recent) {
      recent.addAll(load());
    }
  }

  /** One entry as stored. */
  public record Entry(
      long id,
      Instant created,
      String severity,
      String messageId,
      String message,
      List<String> args,
      Optional<String> userName,
      Optional<String> address) {}

  public void record(
      String severity, String messageId, String message, List<String> args, String userName, String address) {
    Instant now = clock.instant();
    long id =
        store.inTransaction(
        c -> {
          long newId;
          try (PreparedStatement s =
              c.prepareStatement(
                  "INSERT INTO security_log(created, severity, message_id, message, args, username, address)"
                      + " VALUES (?, ?, ?, ?, ?, ?, ?)",
                  Statement.RETURN_GENERATED_KEYS)) {
            s.setString(1, now.toString());
            s.setString(2, severity);
            s.setString(3, messageId);
            s.setString(4, message);
            s.setString(5, String.join("\u001f", args));
            s.setString(6, userName);
            s.setString(7, address);
            s.executeUpdate();
            try (ResultSet keys = s.getGeneratedKeys()) {
              keys.next();
              newId = keys.getLong(1);
            }
          }
          try (Statement s = c.createStatement()) {
            s.executeUpdate(
                "DELETE FROM security_log WHERE id <= (SELECT MAX(id) FROM security_log) - " + MAX_ENTRIES);
          }
          return newId;
        });
    synchronized (recent) {
      recent.addLast(
          new Entry(
              id,
              now,
              severity,
              messageId,
              message,
              List.copyOf(args),
              Optional.ofNullable(userName),
              Optional.ofNullable(address)));
      while (recent.size() > MAX_ENTRIES) {
        recent.removeFirst();
      }
    }
  }

  /** Every entry, oldest first, from memory (the database holds the same). */
  public List<Entry> entries() {
    synchronized (recent) {
      return List.copyOf(recent);
    }
  }

  public Optional<Entry> entry(long id) {
    synchronized (recent) {
      return recent.stream().filter(e -> e.id() == id).findFirst();
    }
  }

  private List<Entry> load() {
    return store.inTransaction(
        c -> {
          List<Entry> all = new ArrayList<>();
          try (Statement s = c.createStatement();
              ResultSet rs =
                  s.executeQuery(
                      "SELECT id, created, severity, message_id, message, args, username, address"
                          + " FROM security_log ORDER BY id")) {
            while (rs.next()) {
              all.add(read(rs));
            }
          }
          return all;
        });
  }

  public void clear() {
    store.inTransaction(
        c -> {
          try (Statement s = c.createStatement()) {
            s.executeUpdate("DELETE FROM security_log");
          }
          return null;
        });
    synchronized (recent) {
      recent.clear();
    }
  }

  private static Entry read(ResultSet rs) throws java.sql.SQLException {
    String args = rs.getString(6);
    return new Entry(
        rs.getLong(1),
        Instant.parse(rs.getString(2)),
        rs.getString(3),
        rs.getString(4),
        rs.getString(5),
        args.isEmpty() ? List.of() : Arrays.asList(args.split("\u001f")),
        Optional.ofNullable(rs.getString(7)),
        Optional.ofNullable(rs.getString(8)));
  }
}
