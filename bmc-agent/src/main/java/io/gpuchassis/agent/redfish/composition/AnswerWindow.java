package io.gpuchassis.agent.redfish.composition;

import io.vertx.ext.web.RoutingContext;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * When a change of the switches is answered: with its result once it is done, if that is within
 * {@code composition.answerWithin}, so that composers that take only 200, 201 or 204 (Sunfish
 * cores, CoHDI's client) work; otherwise, or when the client asked with {@code Prefer:
 * respond-async} (DSP0266), with 202 and a task. The request waits on a timer, not on a thread.
 */
public final class AnswerWindow {

  private AnswerWindow() {}

  /**
   * Calls {@code withResult} when {@code change} completes within {@code within}, else {@code
   * withTask}; exactly one of them, on the request's event loop.
   */
  public static void answer(
      RoutingContext ctx,
      CompletableFuture<?> change,
      Duration within,
      Runnable withResult,
      Runnable withTask) {
    if (change.isDone()) {
      withResult.run();
      return;
    }
    if (within.isZero() || prefersAsync(ctx)) {
      withTask.run();
      return;
    }
    AtomicBoolean answered = new AtomicBoolean();
    var vertx = ctx.vertx();
    var context = vertx.getOrCreateContext();
    long timer =
        vertx.setTimer(
            within.toMillis(),
            id -> {
              if (answered.compareAndSet(false, true)) {
                withTask.run();
              }
            });
    change.whenComplete(
        (ok, error) ->
            context.runOnContext(
                v -> {
                  if (answered.compareAndSet(false, true)) {
                    vertx.cancelTimer(timer);
                    withResult.run();
                  }
                }));
  }

  /** {@code Prefer: respond-async} (RFC 7240), among other preferences or alone. */
  static boolean prefersAsync(RoutingContext ctx) {
    for (String prefer : ctx.request().headers().getAll("Prefer")) {
      for (String token : prefer.split(",")) {
        if (token.strip().toLowerCase(Locale.ROOT).startsWith("respond-async")) {
          return true;
        }
      }
    }
    return false;
  }
}
