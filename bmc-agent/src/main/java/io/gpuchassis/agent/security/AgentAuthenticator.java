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
 * Authenticates Redfish requests: by session token ({@code X-Auth-Token}), else by HTTP Basic. A full password check
 * costs a PBKDF2 hash of tens of milliseconds, so a Basic credential that verified is remembered for
 * {@link #CACHE_TTL} as an HMAC under a key that lives only in this process: polling clients pay the hash once a
 * minute, not at every request. Changes to an account forget what was remembered of it.
 */
public final class AgentAuthenticator implements Authenticator {

  static final Duration CACHE_TTL = Duration.ofMinutes(1);
  public static final String TOKEN_HEADER = "X-Auth-Token";
  private static final String PREFIX = "Basic ";

  private final Vertx vertx;
  private final CredentialVerifier verifier;
  private final SessionManager sessions;
  private final Clock clock;
  private final byte[] cacheKey = new byte[32];
  private final Map<String, Verified> verified = new ConcurrentHashMap<>();

  public AgentAuthenticator(Vertx vertx, CredentialVerifier verifier, SessionManager sessions, Clock clock) {
    this.vertx = vertx;
    this.verifier = verifier;
    this.sessions = sessions;
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
    Verified cached = verified.get(given.userName());
    if (cached != null
        && cached.expires().isAfter(clock.instant())
        && MessageDigest.isEqual(cached.fingerprint(), fingerprint)) {
      return Future.succeededFuture(Optional.of(cached.caller()));
    }
    String address = request.remoteAddress() == null ? "unknown" : request.remoteAddress().host();
    return vertx.executeBlocking(() -> verify(given, fingerprint, address), false);
  }

  /** Forgets remembered credentials of {@code userName} (after a password, role, enablement or lock change). */
  public void forget(String userName) {
    verified.remove(userName);
  }

  private Optional<Caller> verify(Credential given, byte[] fingerprint, String address) {
    Optional<Account> account = verifier.verify(given.userName(), given.password(), address, "HTTP Basic");
    if (account.isEmpty()) {
      return Optional.empty();
    }
    Account a = account.get();
    Caller caller =
        new Caller(a.userName(), a.role().name(), a.role().privileges(), Optional.empty(), a.passwordChangeRequired());
    verified.put(a.userName(), new Verified(fingerprint, clock.instant().plus(CACHE_TTL), caller));
    return Optional.of(caller);
  }

  static Caller caller(Session s) {
    return new Caller(
        s.userName(), s.role().name(), s.role().privileges(), Optional.of(s.id()), s.passwordChangeRequired());
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
