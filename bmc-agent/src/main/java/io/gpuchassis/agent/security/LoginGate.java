package io.gpuchassis.agent.security;

import io.gpuchassis.agent.config.AuthenticationLimits;
import io.gpuchassis.agent.security.SecurityLog.Origin;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.message.BaseMessages;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one way a password is checked, for HTTP Basic and session logins alike, and so the one place
 * of the login policy:
 *
 * <ol>
 *   <li>the client address's login rate ({@link LoginThrottle}), before any hashing: over it, 429
 *       with {@code Retry-After}, recorded as {@link AuditMessages#LOGIN_THROTTLED} (folded when
 *       repeated);
 *   <li>the bounded password-check threads ({@link PasswordChecks}): when too many checks wait, 503
 *       with {@code Retry-After};
 *   <li>the check itself ({@link CredentialVerifier}: equal cost for every outcome, lockout per
 *       account and address, the security log).
 * </ol>
 *
 * Call it from an event loop; the future completes on that loop.
 */
public final class LoginGate {

  private static final Logger LOG = LoggerFactory.getLogger(LoginGate.class);
  private static final Duration BUSY_RETRY = Duration.ofSeconds(1);

  private final Vertx vertx;
  private final LoginThrottle throttle;
  private final PasswordChecks checks;
  private final CredentialVerifier verifier;
  private final SecurityLog log;

  LoginGate(
      Vertx vertx,
      Clock clock,
      AuthenticationLimits limits,
      CredentialVerifier verifier,
      SecurityLog log) {
    this.vertx = vertx;
    this.throttle =
        new LoginThrottle(
            clock, limits.loginAttemptsPerMinute(), limits.loginBurst(), limits.trackedClients());
    this.checks = new PasswordChecks(limits.passwordCheckThreads(), limits.passwordCheckQueue());
    this.verifier = verifier;
    this.log = log;
  }

  /**
   * The account, when {@code password} is its password and it may log in from {@code address} now;
   * empty otherwise. Fails with a {@link RedfishException} (429 or 503, with {@code Retry-After})
   * when the check was refused unchecked.
   *
   * @param channel how the client logs in, for the log: {@code Redfish session} or {@code HTTP
   *     Basic}
   */
  public Future<Optional<Account>> check(
      String userName, String password, String address, String channel) {
    Context context = vertx.getOrCreateContext();
    LoginThrottle.Admission admission = throttle.acquire(ClientAddress.key(address));
    if (!admission.admitted()) {
      String name = LoggedName.of(userName);
      vertx
          .executeBlocking(
              () -> {
                // Folded per address, whatever names it sprays: nothing was checked, so the name
                // says nothing.
                log.record(
                    Origin.UNAUTHENTICATED,
                    AuditMessages.LOGIN_THROTTLED,
                    List.of(name, address, channel),
                    null,
                    address);
                return null;
              },
              false)
          .onFailure(
              e ->
                  LOG.warn(
                      "Cannot record a throttled login in the security log: {}", e.toString()));
      return Future.failedFuture(retryLater(429, admission.retryAfter()));
    }
    Optional<CompletableFuture<Optional<Account>>> running =
        checks.submit(
            admission.clean(), () -> verifier.verify(userName, password, address, channel));
    if (running.isEmpty()) {
      throttle.finish(admission, true);
      return Future.failedFuture(retryLater(503, BUSY_RETRY));
    }
    CompletableFuture<Optional<Account>> done =
        running
            .get()
            .whenComplete(
                (account, failure) ->
                    throttle.finish(admission, account != null && account.isPresent()));
    return Future.fromCompletionStage(done, context);
  }

  /** Forgets addresses that have nothing left to remember. */
  void prune() {
    throttle.prune();
  }

  private static RedfishException retryLater(int status, Duration after) {
    String seconds = Long.toString(Math.max(1, after.toSeconds()));
    return new RedfishException(
        status,
        List.of(BaseMessages.SERVICE_TEMPORARILY_UNAVAILABLE.with(seconds)),
        Map.of("Retry-After", seconds));
  }
}
