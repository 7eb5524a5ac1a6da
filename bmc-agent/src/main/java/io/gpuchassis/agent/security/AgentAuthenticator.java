package io.gpuchassis.agent.security;

import io.gpuchassis.redfish.route.Authenticator;
import io.gpuchassis.redfish.route.Caller;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Authenticates Redfish requests: by session token ({@code X-Auth-Token}), else by HTTP Basic
 * through the {@link LoginGate}. A full password check costs a PBKDF2 hash of tens of milliseconds,
 * so a Basic credential that verified is remembered for {@link #CACHE_TTL} as an HMAC under a key
 * that lives only in this process: polling clients pay the hash once a minute, not at every
 * request. A remembered credential is honoured only while its account still exists under that name,
 * is enabled, has the same password hash and is not locked out for the request's address; the
 * caller's role is the account's current one.
 */
public final class AgentAuthenticator implements Authenticator {

  static final Duration CACHE_TTL = Duration.ofMinutes(1);
  public static final String TOKEN_HEADER = "X-Auth-Token";
  private static final String PREFIX = "Basic ";

  private final LoginGate gate;
  private final SessionManager sessions;
  private final AccountRepository accounts;
  private final LockoutTracker lockouts;
  private final Clock clock;
  private final byte[] cacheKey = new byte[32];

  /** One keyed hash per thread: a cached credential is checked on the event loop, per request. */
  private final ThreadLocal<Mac> fingerprints = ThreadLocal.withInitial(this::newMac);

  private final Map<String, Verified> verified = new ConcurrentHashMap<>();

  /** Password checks under way, by credential and address (at most as many as may queue). */
  private final Map<Pending, Future<Optional<Account>>> checking = new ConcurrentHashMap<>();

  AgentAuthenticator(
      LoginGate gate,
      SessionManager sessions,
      AccountRepository accounts,
      LockoutTracker lockouts,
      Clock clock) {
    this.gate = gate;
    this.sessions = sessions;
    this.accounts = accounts;
    this.lockouts = lockouts;
    this.clock = clock;
    new SecureRandom().nextBytes(cacheKey);
  }

  @Override
  public Future<Optional<Caller>> authenticate(HttpServerRequest request) {
    String token = request.getHeader(TOKEN_HEADER);
    if (token != null) {
      return Future.succeededFuture(sessions.use(token).map(AgentAuthenticator::caller));
    }
    Optional<Credential> credential = parse(request.getHeader(HttpHeaders.AUTHORIZATION));
    if (credential.isEmpty()) {
      return Future.succeededFuture(Optional.empty());
    }
    Credential given = credential.get();
    byte[] fingerprint = fingerprint(given);
    String address = request.remoteAddress() == null ? "unknown" : request.remoteAddress().host();
    Optional<Account> remembered = remembered(given.userName(), fingerprint, address);
    if (remembered.isPresent()) {
      return Future.succeededFuture(remembered.map(AgentAuthenticator::caller));
    }
    return check(given, fingerprint, address).map(a -> a.map(AgentAuthenticator::caller));
  }

  /**
   * The password check of a credential that is not remembered. Requests that bring the same
   * credential from the same address while its check runs wait for that check instead of queueing
   * their own: a poller's concurrent connections, once its remembered credential has expired, pay
   * one hash, not one each (each would also count against the address's login rate, and the surplus
   * be refused 429 or 503). Another address checks on its own, under its own rate and lockout.
   */
  private Future<Optional<Account>> check(Credential given, byte[] fingerprint, String address) {
    Pending key = new Pending(ByteBuffer.wrap(fingerprint), address);
    Future<Optional<Account>> running = checking.get(key);
    if (running != null) {
      Context own = Vertx.currentContext();
      // Its answer is given on this request's own event loop, not on the one that started the
      // check.
      return own == null ? running : Future.fromCompletionStage(running.toCompletionStage(), own);
    }
    Future<Optional<Account>> check =
        gate.check(given.userName(), given.password(), address, "HTTP Basic")
            .map(
                account -> {
                  account.ifPresent(
                      a ->
                          verified.put(
                              a.userName(),
                              new Verified(
                                  fingerprint,
                                  clock.instant().plus(CACHE_TTL),
                                  a.id(),
                                  a.passwordHash())));
                  return account;
                });
    if (!check.isComplete() && checking.putIfAbsent(key, check) == null) {
      check.onComplete(done -> checking.remove(key, check));
    }
    return check;
  }

  /**
   * The account of a credential verified less than {@link #CACHE_TTL} ago, if it may still log in
   * from {@code address}.
   */
  private Optional<Account> remembered(String userName, byte[] fingerprint, String address) {
    Verified cached = verified.get(userName);
    if (cached == null || !MessageDigest.isEqual(cached.fingerprint(), fingerprint)) {
      return Optional.empty();
    }
    Optional<Account> current =
        accounts
            .findById(cached.accountId())
            .filter(
                a ->
                    a.userName().equals(userName)
                        && a.enabled()
                        && a.passwordHash().equals(cached.passwordHash()));
    if (current.isEmpty() || !cached.expires().isAfter(clock.instant())) {
      verified.remove(userName, cached);
      return Optional.empty();
    }
    // A lockout is per address: the same credential may be fine from the owner's host and refused
    // from this one.
    return current.filter(a -> !lockouts.isLocked(a, address));
  }

  /**
   * Forgets remembered credentials of {@code userName} (after a password, role, enablement or lock
   * change).
   */
  public void forget(String userName) {
    verified.remove(userName);
  }

  static Caller caller(Account a) {
    return new Caller(
        a.userName(),
        a.role().name(),
        a.role().privileges(),
        Optional.empty(),
        a.passwordChangeRequired());
  }

  static Caller caller(Session s) {
    return new Caller(
        s.userName(),
        s.role().name(),
        s.role().privileges(),
        Optional.of(s.id()),
        s.passwordChangeRequired());
  }

  private byte[] fingerprint(Credential credential) {
    return fingerprints
        .get()
        .doFinal(
            (credential.userName() + '\0' + credential.password())
                .getBytes(StandardCharsets.UTF_8));
  }

  private Mac newMac() {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(cacheKey, "HmacSHA256"));
      return mac;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is missing from this JDK", e);
    }
  }

  static Optional<Credential> parse(String header) {
    if (header == null || !header.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
      return Optional.empty();
    }
    String decoded;
    try {
      decoded =
          new String(
              Base64.getDecoder().decode(header.substring(PREFIX.length()).trim()),
              StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
    int colon = decoded.indexOf(':');
    if (colon <= 0) {
      return Optional.empty();
    }
    return Optional.of(new Credential(decoded.substring(0, colon), decoded.substring(colon + 1)));
  }

  record Credential(String userName, String password) {}

  /** A credential's keyed fingerprint (compared by content) and the address it came from. */
  private record Pending(ByteBuffer fingerprint, String address) {}

  private record Verified(
      byte[] fingerprint, Instant expires, long accountId, String passwordHash) {}
}
