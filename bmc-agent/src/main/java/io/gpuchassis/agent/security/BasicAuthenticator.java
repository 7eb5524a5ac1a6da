package io.gpuchassis.agent.security;

import io.gpuchassis.redfish.route.Authenticator;
import io.gpuchassis.redfish.route.Caller;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
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
 * HTTP Basic authentication against the stored accounts. A full PBKDF2 verification costs tens of milliseconds, so a
 * credential that verified is remembered for a short while as an HMAC under a key that lives only in this process:
 * polling clients that send Basic on every request pay the hash once per {@link #CACHE_TTL}.
 */
public final class BasicAuthenticator implements Authenticator {

  static final Duration CACHE_TTL = Duration.ofMinutes(1);
  private static final String PREFIX = "Basic ";

  private final Vertx vertx;
  private final AccountRepository accounts;
  private final PasswordHasher hasher;
  private final Clock clock;
  private final byte[] cacheKey = new byte[32];
  private final Map<String, Verified> verified = new ConcurrentHashMap<>();
  private volatile String dummyHash;

  public BasicAuthenticator(Vertx vertx, AccountRepository accounts, PasswordHasher hasher, Clock clock) {
    this.vertx = vertx;
    this.accounts = accounts;
    this.hasher = hasher;
    this.clock = clock;
    new SecureRandom().nextBytes(cacheKey);
  }

  @Override
  public Future<Optional<Caller>> authenticate(HttpServerRequest request) {
    Optional<Credential> credential = parse(request.getHeader(HttpHeaders.AUTHORIZATION));
    if (credential.isEmpty()) {
      return Future.succeededFuture(Optional.empty());
    }
    Credential given = credential.get();
    byte[] fingerprint = fingerprint(given);
    Verified cached = verified.get(given.userName());
    if (cached != null
        && cached.expires().isAfter(clock.instant())
        && MessageDigest.isEqual(cached.fingerprint(), fingerprint)) {
      return Future.succeededFuture(Optional.of(cached.caller()));
    }
    return vertx.executeBlocking(() -> verify(given, fingerprint), false);
  }

  /** Forgets remembered credentials of {@code userName} (after a password, role or enablement change). */
  public void forget(String userName) {
    verified.remove(userName);
  }

  private Optional<Caller> verify(Credential given, byte[] fingerprint) {
    Optional<Account> account = accounts.find(given.userName());
    if (account.isEmpty()) {
      // An unknown user costs as much as a wrong password, so answer times do not reveal which names exist.
      hasher.verify(given.password(), dummyHash());
      return Optional.empty();
    }
    Account a = account.get();
    if (!a.enabled() || !hasher.verify(given.password(), a.passwordHash())) {
      return Optional.empty();
    }
    Caller caller = new Caller(a.userName(), a.role().name(), a.role().privileges());
    verified.put(a.userName(), new Verified(fingerprint, clock.instant().plus(CACHE_TTL), caller));
    return Optional.of(caller);
  }

  private String dummyHash() {
    String hash = dummyHash;
    if (hash == null) {
      hash = hasher.hash("not-a-password");
      dummyHash = hash;
    }
    return hash;
  }

  private byte[] fingerprint(Credential credential) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(cacheKey, "HmacSHA256"));
      return mac.doFinal((credential.userName() + '\0' + credential.password()).getBytes(StandardCharsets.UTF_8));
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
      decoded = new String(Base64.getDecoder().decode(header.substring(PREFIX.length()).trim()), StandardCharsets.UTF_8);
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

  private record Verified(byte[] fingerprint, Instant expires, Caller caller) {}
}
