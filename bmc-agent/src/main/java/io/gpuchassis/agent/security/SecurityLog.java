package io.gpuchassis.agent.security;

import io.gpuchassis.agent.store.AgentStore;
import io.gpuchassis.redfish.message.MessageDefinition;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The persisted security log: every login success or failure and every write request, with who,
 * from where, what and the result. Entries carry registry MessageIds.
 *
 * <p>Two shares, each wrapping on its own (the LogService's {@code WrapsWhenFull}): entries that no
 * authenticated caller caused (failed logins, lockouts, requests without valid credentials) keep at
 * most {@code unauthenticatedShare} entries, everything else the rest of {@code capacity}. A flood
 * of guesses can therefore push out only other guesses, never the record of an account created or a
 * setting changed. Unauthenticated entries also pass through a {@link RepeatSummary}, so a flood
 * costs a few rows per window and address, not one per attempt. Blocking: writes go to the
 * database.
 */
public final class SecurityLog {

  /** Who caused an entry, which decides its share. */
  public enum Origin {
    AUTHENTICATED,
    UNAUTHENTICATED
  }

  /** How the write audit names a caller without valid credentials. */
  public static final String ANONYMOUS = "anonymous";

  private final AgentStore store;
  private final Clock clock;
  private final int capacity;
  private final int unauthenticatedShare;
  private final RepeatSummary repeats;
  private final TreeMap<Long, Entry> entries = new TreeMap<>();
  private final Deque<Long> authenticatedIds = new ArrayDeque<>();
  private final Deque<Long> unauthenticatedIds = new ArrayDeque<>();
  private final List<java.util.function.Consumer<Entry>> forwarders =
      new java.util.concurrent.CopyOnWriteArrayList<>();

  public SecurityLog(
      AgentStore store,
      Clock clock,
      int capacity,
      int unauthenticatedShare,
      RepeatSummary repeats) {
    this.store = store;
    this.clock = clock;
    this.capacity = capacity;
    this.unauthenticatedShare = unauthenticatedShare;
    this.repeats = repeats;
    synchronized (this) {
      load();
      trimMemory(Origin.AUTHENTICATED);
      trimMemory(Origin.UNAUTHENTICATED);
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

  /**
   * Also hands every entry written from now on to {@code forwarder} (syslog: the configured
   * collector, the syslog subscriptions); it must not block.
   */
  public void forwardTo(java.util.function.Consumer<Entry> forwarder) {
    forwarders.add(forwarder);
  }

  /** The most entries kept (MaxNumberOfRecords). */
  public int capacity() {
    return capacity;
  }

  /**
   * Records an entry; one without a user name, or of {@value #ANONYMOUS}, counts as unauthenticated
   * (the write audit names callers without valid credentials so).
   */
  public void record(
      String severity,
      String messageId,
      String message,
      List<String> args,
      String userName,
      String address) {
    Origin origin =
        userName == null || ANONYMOUS.equals(userName)
            ? Origin.UNAUTHENTICATED
            : Origin.AUTHENTICATED;
    record(origin, severity, messageId, message, args, userName, address);
  }

  /** Records {@code definition} with {@code args}. */
  public void record(
      Origin origin,
      MessageDefinition definition,
      List<String> args,
      String userName,
      String address) {
    record(
        origin,
        definition.severity(),
        definition.messageId(),
        definition.format(args),
        args,
        userName,
        address);
  }

  public void record(
      Origin origin,
      String severity,
      String messageId,
      String message,
      List<String> args,
      String userName,
      String address) {
    Instant now = clock.instant();
    if (origin == Origin.UNAUTHENTICATED) {
      RepeatSummary.Decision decision = repeats.offer(messageId, severity, userName, address, now);
      decision.summaries().forEach(this::write);
      if (!decision.recordInFull()) {
        return;
      }
    }
    write(new Pending(origin, now, severity, messageId, message, args, userName, address));
  }

  /**
   * Writes the summaries of repetition windows that have ended ({@code all}: every open window, at
   * shutdown).
   */
  public void flushSummaries(boolean all) {
    repeats.ended(clock.instant(), all).forEach(this::write);
  }

  /** An entry about to be written. */
  record Pending(
      Origin origin,
      Instant created,
      String severity,
      String messageId,
      String message,
      List<String> args,
      String userName,
      String address) {}

  private synchronized void write(Pending p) {
    int share = share(p.origin());
    long id =
        store.inTransaction(
            c -> {
              long newId;
              try (PreparedStatement s =
                  c.prepareStatement(
                      "INSERT INTO security_log(created, severity, message_id, message, args, username, address,"
                          + " unauthenticated) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                      Statement.RETURN_GENERATED_KEYS)) {
                s.setString(1, p.created().toString());
                s.setString(2, p.severity());
                s.setString(3, p.messageId());
                s.setString(4, p.message());
                s.setString(5, String.join("\u001f", p.args()));
                s.setString(6, p.userName());
                s.setString(7, p.address());
                s.setInt(8, p.origin() == Origin.UNAUTHENTICATED ? 1 : 0);
                s.executeUpdate();
                try (ResultSet keys = s.getGeneratedKeys()) {
                  keys.next();
                  newId = keys.getLong(1);
                }
              }
              try (PreparedStatement s =
                  c.prepareStatement(
                      "DELETE FROM security_log WHERE unauthenticated = ?1 AND id <= (SELECT id FROM security_log"
                          + " WHERE unauthenticated = ?1 ORDER BY id DESC LIMIT 1 OFFSET ?2)")) {
                s.setInt(1, p.origin() == Origin.UNAUTHENTICATED ? 1 : 0);
                s.setInt(2, share);
                s.executeUpdate();
              }
              return newId;
            });
    Entry entry =
        new Entry(
            id,
            p.created(),
            p.severity(),
            p.messageId(),
            p.message(),
            List.copyOf(p.args()),
            Optional.ofNullable(p.userName()),
            Optional.ofNullable(p.address()));
    entries.put(id, entry);
    ids(p.origin()).addLast(id);
    trimMemory(p.origin());
    for (java.util.function.Consumer<Entry> forwarder : forwarders) {
      forwarder.accept(entry);
    }
  }

  /** Every entry, oldest first, from memory (the database holds the same). */
  public synchronized List<Entry> entries() {
    return List.copyOf(entries.values());
  }

  public synchronized Optional<Entry> entry(long id) {
    return Optional.ofNullable(entries.get(id));
  }

  public synchronized void clear() {
    store.inTransaction(
        c -> {
          try (Statement s = c.createStatement()) {
            s.executeUpdate("DELETE FROM security_log");
          }
          return null;
        });
    entries.clear();
    authenticatedIds.clear();
    unauthenticatedIds.clear();
  }

  private int share(Origin origin) {
    return origin == Origin.UNAUTHENTICATED
        ? unauthenticatedShare
        : capacity - unauthenticatedShare;
  }

  private Deque<Long> ids(Origin origin) {
    return origin == Origin.UNAUTHENTICATED ? unauthenticatedIds : authenticatedIds;
  }

  private void trimMemory(Origin origin) {
    Deque<Long> ids = ids(origin);
    while (ids.size() > share(origin)) {
      entries.remove(ids.removeFirst());
    }
  }

  private void load() {
    store.inTransaction(
        c -> {
          try (Statement s = c.createStatement();
              ResultSet rs =
                  s.executeQuery(
                      "SELECT id, created, severity, message_id, message, args, username, address, unauthenticated"
                          + " FROM security_log ORDER BY id")) {
            while (rs.next()) {
              Entry e = read(rs);
              entries.put(e.id(), e);
              ids(rs.getInt(9) != 0 ? Origin.UNAUTHENTICATED : Origin.AUTHENTICATED)
                  .addLast(e.id());
            }
          }
          return null;
        });
  }

  private static Entry read(ResultSet rs) throws SQLException {
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
