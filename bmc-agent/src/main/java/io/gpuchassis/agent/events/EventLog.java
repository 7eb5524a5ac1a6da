package io.gpuchassis.agent.events;

import io.gpuchassis.agent.store.AgentStore;
import io.gpuchassis.redfish.message.MessageDefinition;
import io.gpuchassis.redfish.message.MessageInstance;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/**
 * The persisted event log: one entry per published event, with its MessageId, arguments, severity,
 * time and origin. Beyond {@code maxEntries} the oldest entries are dropped (the LogService's
 * {@code WrapsWhenFull} policy). Entries are kept in memory too, so reads never touch the database.
 * Blocking: appends and clears write to the database.
 */
public final class EventLog {

  public static final int DEFAULT_MAX_ENTRIES = 1_000;
  private static final String SEPARATOR = "\u001f";

  private final AgentStore store;
  private final Clock clock;
  private final int maxEntries;
  private final Deque<PublishedEvent> recent = new ArrayDeque<>();

  public EventLog(AgentStore store, Clock clock, int maxEntries) {
    if (maxEntries < 1) {
      throw new IllegalArgumentException("maxEntries must be positive: " + maxEntries);
    }
    this.store = store;
    this.clock = clock;
    this.maxEntries = maxEntries;
    synchronized (recent) {
      recent.addAll(load());
    }
  }

  public int maxEntries() {
    return maxEntries;
  }

  /**
   * Records {@code message} as happening now and returns it as a published event, with its entry's
   * id.
   */
  public PublishedEvent append(MessageInstance message, Optional<String> origin) {
    Instant now = clock.instant();
    long id =
        store.inTransaction(
            c -> {
              long newId;
              try (PreparedStatement s =
                  c.prepareStatement(
                      "INSERT INTO event_log(created, severity, message_id, message, args, origin)"
                          + " VALUES (?, ?, ?, ?, ?, ?)",
                      Statement.RETURN_GENERATED_KEYS)) {
                s.setString(1, now.toString());
                s.setString(2, message.definition().severity());
                s.setString(3, message.definition().messageId());
                s.setString(4, message.text());
                s.setString(5, String.join(SEPARATOR, message.args()));
                s.setString(6, origin.orElse(null));
                s.executeUpdate();
                try (ResultSet keys = s.getGeneratedKeys()) {
                  keys.next();
                  newId = keys.getLong(1);
                }
              }
              try (PreparedStatement s =
                  c.prepareStatement(
                      "DELETE FROM event_log WHERE id <= (SELECT MAX(id) FROM event_log) - ?")) {
                s.setInt(1, maxEntries);
                s.executeUpdate();
              }
              return newId;
            });
    PublishedEvent event = new PublishedEvent(id, now, message, origin);
    synchronized (recent) {
      recent.addLast(event);
      while (recent.size() > maxEntries) {
        recent.removeFirst();
      }
    }
    return event;
  }

  /** Every entry kept, oldest first. */
  public List<PublishedEvent> entries() {
    synchronized (recent) {
      return List.copyOf(recent);
    }
  }

  public Optional<PublishedEvent> entry(long id) {
    synchronized (recent) {
      return recent.stream().filter(e -> e.id() == id).findFirst();
    }
  }

  /**
   * LogService.ClearLog: drops every entry; ids keep counting up (SQLite AUTOINCREMENT never reuses
   * one).
   */
  public void clear() {
    store.inTransaction(
        c -> {
          try (Statement s = c.createStatement()) {
            s.executeUpdate("DELETE FROM event_log");
          }
          return null;
        });
    synchronized (recent) {
      recent.clear();
    }
  }

  private List<PublishedEvent> load() {
    return store.inTransaction(
        c -> {
          List<PublishedEvent> all = new ArrayList<>();
          try (Statement s = c.createStatement();
              ResultSet rs =
                  s.executeQuery(
                      "SELECT id, created, severity, message_id, message, args, origin FROM event_log ORDER BY id")) {
            while (rs.next()) {
              all.add(read(rs));
            }
          }
          return all.size() > maxEntries ? all.subList(all.size() - maxEntries, all.size()) : all;
        });
  }

  /**
   * A stored entry as an event. The message text was formatted when it was recorded; it is kept as
   * the template of a definition that takes no arguments, so the entry reads exactly as it was
   * written.
   */
  private static PublishedEvent read(ResultSet rs) throws SQLException {
    String messageId = rs.getString(4);
    int dot = messageId.lastIndexOf('.');
    String registry = dot < 0 ? messageId : messageId.substring(0, dot);
    String key = messageId.substring(dot + 1);
    String args = rs.getString(6);
    List<String> argList = args.isEmpty() ? List.of() : Arrays.asList(args.split(SEPARATOR, -1));
    MessageDefinition stored =
        new MessageDefinition(registry, key, rs.getString(5), rs.getString(3), 0, "None.");
    return new PublishedEvent(
        rs.getLong(1),
        Instant.parse(rs.getString(2)),
        new MessageInstance(stored, argList, List.of()),
        Optional.ofNullable(rs.getString(7)));
  }
}
