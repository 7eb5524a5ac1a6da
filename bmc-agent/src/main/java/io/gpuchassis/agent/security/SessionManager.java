package io.gpuchassis.agent.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The open Redfish sessions. A session's token is 32 random bytes, handed to the client once; the manager keeps only
 * its SHA-256, so a memory dump does not yield usable tokens. Sessions expire after {@code timeout} without use and are
 * closed when their account changes password, role or enablement, or is deleted. Sessions live in memory: a restart
 * of the agent logs everyone out, as a BMC reboot does.
 */
public final class SessionManager {

  /** More sessions than this are refused with SessionLimitExceeded. */
  public static final int MAX_SESSIONS = 64;

  private final Clock clock;
  private final Supplier<Duration> timeout;
  private final SecureRandom random = new SecureRandom();
  private final Map<String, Session> byId = new ConcurrentHashMap<>();
  private final Map<String, String> idByTokenHash = new ConcurrentHashMap<>();

  public SessionManager(Clock clock, Supplier<Duration> timeout) {
    this.clock = clock;
    this.timeout = timeout;
  }

  /** A new session and its token (shown to the client once). Empty when the session limit is reached. */
  public Optional<Opened> open(Account account, String clientAddress, Optional<String> context) {
    expireIdle();
    if (byId.size() >= MAX_SESSIONS) {
      return Optional.empty();
    }
    byte[] bytes = new byte[32];
    random.nextBytes(bytes);
    String token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    byte[] idBytes = new byte[12];
    random.nextBytes(idBytes);
    String id = HexFormat.of().formatHex(idBytes);
    Instant now = clock.instant();
    Session session =
        new Session(
            id, account.userName(), account.role(), now, now, clientAddress, context, account.passwordChangeRequired());
    byId.put(id, session);
    idByTokenHash.put(hash(token), id);
    return Optional.of(new Opened(session, token));
  }

  /** The live session of {@code token}, marked as used now; empty for an unknown or expired token. */
  public Optional<Session> use(String token) {
    String id = idByTokenHash.get(hash(token));
    if (id == null) {
      return Optional.empty();
    }
    Instant now = clock.instant();
    Session session = byId.get(id);
    if (session == null || expired(session, now)) {
      close(id);
      return Optional.empty();
    }
    Session used = session.usedAt(now);
    byId.put(id, used);
    return Optional.of(used);
  }

  public Optional<Session> find(String id) {
    Session session = byId.get(id);
    if (session != null && expired(session, clock.instant())) {
      close(id);
      return Optional.empty();
    }
    return Optional.ofNullable(session);
  }

  /**
   * Marks the live session {@code id} as used now, for a connection that stays open on it (an event stream is
   * activity even when no request arrives). Returns false when the session has ended or expired.
   */
  public boolean keepAlive(String id) {
    Optional<Session> session = find(id);
    session.ifPresent(s -> byId.computeIfPresent(id, (k, current) -> current.usedAt(clock.instant())));
    return session.isPresent();
  }

  public List<Session> all() {
    expireIdle();
    return byId.values().stream().sorted(Comparator.comparing(Session::created)).toList();
  }

  /** Ends the session {@code id}; returns whether it was open. */
  public boolean close(String id) {
    Session removed = byId.remove(id);
    idByTokenHash.values().removeIf(id::equals);
    return removed != null;
  }

  /** Ends every session of {@code userName} but {@code keep}, which may go on now that its password is changed. */
  public void passwordChanged(String userName, Optional<String> keep) {
    for (Session s : List.copyOf(byId.values())) {
      if (s.userName().equals(userName)) {
        if (keep.isPresent() && keep.get().equals(s.id())) {
          byId.put(s.id(), s.passwordChanged());
        } else {
          close(s.id());
        }
      }
    }
  }

  /** Ends every session of {@code userName}. */
  public void closeAllOf(String userName) {
    byId.values().stream().filter(s -> s.userName().equals(userName)).map(Session::id).toList().forEach(this::close);
  }

  /** Ends the sessions that have been idle longer than the timeout. */
  public void expireIdle() {
    Instant now = clock.instant();
    byId.values().stream().filter(s -> expired(s, now)).map(Session::id).toList().forEach(this::close);
  }

  private boolean expired(Session session, Instant now) {
    return session.lastUsed().plus(timeout.get()).isBefore(now);
  }

  private static String hash(String token) {
    try {
      return HexFormat.of()
          .formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JDK", e);
    }
  }

  /** A session just opened and the token that authenticates it. */
  public record Opened(Session session, String token) {}
}
