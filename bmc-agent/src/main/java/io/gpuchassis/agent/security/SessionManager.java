package io.gpuchassis.agent.security;

import io.gpuchassis.agent.config.AuthenticationLimits;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The open Redfish sessions. A session's token is 32 random bytes, handed to the client once; the
 * manager keeps only its SHA-256, in memory and in the database ({@link SessionStore}), so neither
 * a memory dump nor the state directory yields usable tokens, and a restart of the agent does not
 * log its clients out. A request's token is found by the first 8 bytes of its hash and then
 * compared in full in constant time ({@link TokenDigest}). Sessions expire after {@code timeout}
 * without use (also across a restart) and are closed when their account changes password, role or
 * enablement, or is deleted.
 *
 * <p>Limits ({@link AuthenticationLimits}): {@code maxSessions} in all, {@code
 * maxSessionsPerAccount} per account, and of the total, {@code sessionsReservedForAdministrators}
 * that only Administrator accounts may open, so that other roles can never lock the managers out.
 *
 * <p>Requests use sessions on the event loop: {@link #use}, {@link #find}, {@link #keepAlive} and
 * {@link #all} touch only memory (last uses and expiries reach the database at the next {@link
 * #flush}). Opening and closing write through and block.
 */
public final class SessionManager {

  private final Clock clock;
  private final Supplier<Duration> timeout;
  private final AuthenticationLimits limits;
  private final SessionStore store;
  private final SecureRandom random = new SecureRandom();
  private final Map<String, Session> byId = new ConcurrentHashMap<>();

  /** The open sessions by the first 8 bytes of their token's hash (their full hash and id). */
  private final Map<Long, TokenOf> byTokenPrefix = new ConcurrentHashMap<>();

  /** Ended in memory (expired), still to be deleted from the database. */
  private final Set<String> ended = ConcurrentHashMap.newKeySet();

  /** Used since their last use was last written. */
  private final Set<String> used = ConcurrentHashMap.newKeySet();

  SessionManager(
      Clock clock, Supplier<Duration> timeout, AuthenticationLimits limits, SessionStore store) {
    this.clock = clock;
    this.timeout = timeout;
    this.limits = limits;
    this.store = store;
    Instant now = clock.instant();
    for (SessionStore.Stored stored : store.load()) {
      if (expired(stored.session(), now)) {
        ended.add(stored.session().id());
      } else {
        if (!remember(stored)) {
          // A malformed hash, or two sharing 64 bits (about never): that client logs in again.
          ended.add(stored.session().id());
        }
      }
    }
    flush();
  }

  private boolean remember(SessionStore.Stored stored) {
    TokenOf token;
    try {
      token = new TokenOf(TokenDigest.parse(stored.tokenHash()), stored.session().id());
    } catch (IllegalArgumentException e) {
      return false;
    }
    if (byTokenPrefix.putIfAbsent(token.prefix(), token) != null) {
      return false;
    }
    byId.put(stored.session().id(), stored.session());
    return true;
  }

  /**
   * A new session and its token (shown to the client once); empty when a session limit is reached.
   * Blocking: the session is stored before it is handed out.
   */
  public synchronized Optional<Opened> open(
      Account account, String clientAddress, Optional<String> context) {
    expireIdle();
    if (!hasRoomFor(account)) {
      return Optional.empty();
    }
    String token;
    byte[] digest;
    do {
      byte[] bytes = new byte[32];
      random.nextBytes(bytes);
      token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
      digest = TokenDigest.of(token);
    } while (byTokenPrefix.containsKey(TokenDigest.prefix(digest)));
    byte[] idBytes = new byte[12];
    random.nextBytes(idBytes);
    String id = HexFormat.of().formatHex(idBytes);
    Instant now = clock.instant();
    Session session =
        new Session(
            id,
            account.id(),
            account.userName(),
            account.role(),
            now,
            now,
            clientAddress,
            context,
            account.passwordChangeRequired());
    store.insert(session, TokenDigest.hex(digest));
    byId.put(id, session);
    TokenOf entry = new TokenOf(digest, id);
    byTokenPrefix.put(entry.prefix(), entry);
    return Optional.of(new Opened(session, token));
  }

  private boolean hasRoomFor(Account account) {
    long own = byId.values().stream().filter(s -> s.accountId() == account.id()).count();
    int limit =
        account.role() == Role.Administrator
            ? limits.maxSessions()
            : limits.maxSessions() - limits.sessionsReservedForAdministrators();
    return own < limits.maxSessionsPerAccount() && byId.size() < limit;
  }

  /**
   * The live session of {@code token}, marked as used now; empty for an unknown or expired token.
   * Touches only memory, without waiting for a lock: requests call it on the event loop.
   */
  public Optional<Session> use(String token) {
    byte[] digest = TokenDigest.of(token);
    TokenOf entry = byTokenPrefix.get(TokenDigest.prefix(digest));
    if (entry == null || !MessageDigest.isEqual(entry.digest(), digest)) {
      return Optional.empty();
    }
    String id = entry.sessionId();
    Instant now = clock.instant();
    Session session = byId.get(id);
    if (session == null || expired(session, now)) {
      end(id);
      return Optional.empty();
    }
    if (now.toEpochMilli() - session.lastUsed().toEpochMilli() < USE_RESOLUTION_MILLIS) {
      return Optional.of(session);
    }
    Session current = session.usedAt(now);
    byId.put(id, current);
    used.add(id);
    return Optional.of(current);
  }

  /**
   * How precisely a session's last use is kept: a poller's many requests a second would otherwise
   * each replace its session in memory, and idle timeouts count in seconds.
   */
  static final long USE_RESOLUTION_MILLIS = 100;

  public Optional<Session> find(String id) {
    Session session = byId.get(id);
    if (session != null && expired(session, clock.instant())) {
      end(id);
      return Optional.empty();
    }
    return Optional.ofNullable(session);
  }

  /**
   * Marks the live session {@code id} as used now, for a connection that stays open on it (an event
   * stream is activity even when no request arrives). Returns false when the session has ended or
   * expired.
   */
  public boolean keepAlive(String id) {
    Optional<Session> session = find(id);
    session.ifPresent(
        s -> {
          byId.computeIfPresent(id, (k, current) -> current.usedAt(clock.instant()));
          used.add(id);
        });
    return session.isPresent();
  }

  public List<Session> all() {
    expireIdle();
    return byId.values().stream().sorted(Comparator.comparing(Session::created)).toList();
  }

  /**
   * Ends the session {@code id}, in memory and in the database; returns whether it was open.
   * Blocking.
   */
  public boolean close(String id) {
    boolean open = end(id);
    flush();
    return open;
  }

  /**
   * Ends every session of {@code account} but {@code keep}, which may go on now that its password
   * is changed. Blocking.
   */
  public void passwordChanged(Account account, Optional<String> keep) {
    for (Session s : List.copyOf(byId.values())) {
      if (s.accountId() == account.id()) {
        if (keep.isPresent() && keep.get().equals(s.id())) {
          byId.computeIfPresent(s.id(), (k, current) -> current.passwordChanged());
          store.passwordChanged(s.id());
        } else {
          end(s.id());
        }
      }
    }
    flush();
  }

  /** Ends every session of {@code account}. Blocking. */
  public void closeAllOf(Account account) {
    byId.values().stream()
        .filter(s -> s.accountId() == account.id())
        .map(Session::id)
        .toList()
        .forEach(this::end);
    flush();
  }

  /**
   * Ends the sessions that have been idle longer than the timeout (in memory; the database at the
   * next flush).
   */
  public void expireIdle() {
    Instant now = clock.instant();
    byId.values().stream()
        .filter(s -> expired(s, now))
        .map(Session::id)
        .toList()
        .forEach(this::end);
  }

  /** Writes what is held only in memory: last uses, and sessions that ended. Blocking. */
  public synchronized void flush() {
    List<String> gone = List.copyOf(ended);
    Map<String, Instant> lastUses = new HashMap<>();
    for (String id : List.copyOf(used)) {
      used.remove(id);
      Session s = byId.get(id);
      if (s != null) {
        lastUses.put(id, s.lastUsed());
      }
    }
    store.update(gone, lastUses);
    ended.removeAll(gone);
  }

  private boolean end(String id) {
    Session removed = byId.remove(id);
    byTokenPrefix.values().removeIf(t -> t.sessionId().equals(id));
    used.remove(id);
    ended.add(id);
    return removed != null;
  }

  private boolean expired(Session session, Instant now) {
    return session.lastUsed().plus(timeout.get()).isBefore(now);
  }

  /** The hash of an open session's token, and the session. */
  private record TokenOf(byte[] digest, String sessionId) {
    long prefix() {
      return TokenDigest.prefix(digest);
    }
  }

  /** A session just opened and the token that authenticates it. */
  public record Opened(Session session, String token) {}
}
