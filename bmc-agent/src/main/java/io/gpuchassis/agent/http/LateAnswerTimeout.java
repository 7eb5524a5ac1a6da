package io.gpuchassis.agent.http;

import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import java.time.Duration;

/**
 * Fails a request with 503 when its handlers have not answered within the request timeout (a stuck
 * bug, a worker that never returns), so it does not hold the connection. Unlike Vert.x's {@code
 * TimeoutHandler} it sets its timer only for requests still unanswered when the rest of the chain
 * returns: a GET answered from the representation cache ends before that, and a timer set and
 * cancelled per such request was measurable in its CPU profile. A request that goes asynchronous (a
 * body still arriving, a password hash, a worker) is bounded as before; a handler that blocks the
 * event loop could not have been stopped by a timer on that loop either.
 */
final class LateAnswerTimeout implements Handler<RoutingContext> {

  private final long millis;

  LateAnswerTimeout(Duration timeout) {
    this.millis = timeout.toMillis();
  }

  @Override
  public void handle(RoutingContext ctx) {
    ctx.next();
    if (ctx.response().ended() || ctx.response().closed()) {
      return;
    }
    long timer = ctx.vertx().setTimer(millis, id -> expire(ctx));
    ctx.addEndHandler(done -> ctx.vertx().cancelTimer(timer));
  }

  private static void expire(RoutingContext ctx) {
    if (ctx.response().ended() || ctx.response().closed()) {
      return;
    }
    if (!ctx.request().isEnded()) {
      ctx.request().resume();
    }
    ctx.fail(503);
  }
}
