package io.gpuchassis.agent.console;

import io.gpuchassis.agent.security.Account;
import io.gpuchassis.agent.security.LoginGate;
import io.gpuchassis.redfish.error.RedfishException;
import io.vertx.core.Vertx;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * The console's login: the same gate as Redfish's (accounts, password hashes, lockout per account
 * and console, the login rate, the security log), with the console named as the client address and
 * "Serial console" as the channel.
 */
final class ConsoleLogin {

  static final String CHANNEL = "Serial console";

  private final LoginGate gate;
  private final Vertx vertx;

  ConsoleLogin(LoginGate gate, Vertx vertx) {
    this.gate = gate;
    this.vertx = vertx;
  }

  /** The outcome of one login attempt. */
  sealed interface Outcome {
    record LoggedIn(Account account) implements Outcome {}

    record Refused() implements Outcome {}

    /** Not checked at all: the console's login rate was exceeded; try again after the wait. */
    record TooFast(long retryAfterSeconds) implements Outcome {}
  }

  Outcome attempt(String userName, String password, String address) throws InterruptedException {
    CompletableFuture<Optional<Account>> checked = new CompletableFuture<>();
    // The gate runs on an event loop, as it does for HTTPS requests.
    vertx
        .getOrCreateContext()
        .runOnContext(
            v ->
                gate.check(userName, password, address, CHANNEL)
                    .onComplete(
                        r -> {
                          if (r.succeeded()) {
                            checked.complete(r.result());
                          } else {
                            checked.completeExceptionally(r.cause());
                          }
                        }));
    try {
      return checked.get().<Outcome>map(Outcome.LoggedIn::new).orElseGet(Outcome.Refused::new);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RedfishException refused) {
        long seconds =
            refused.headers().containsKey("Retry-After")
                ? Long.parseLong(refused.headers().get("Retry-After"))
                : 1;
        return new Outcome.TooFast(seconds);
      }
      throw new IllegalStateException("the login check failed", e.getCause());
    }
  }
}
