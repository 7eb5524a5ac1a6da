package io.gpuchassis.agent.redfish.core;

import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.http.RedfishResponses;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * Runs a request's blocking part (password hashing, database writes) on a worker thread and answers
 * on the event loop: a {@link RedfishException} becomes its error response, anything else the
 * router's failure handler (500).
 */
public final class Offload {

  private Offload() {}

  public static <T> void run(
      Vertx vertx, RoutingContext ctx, Callable<T> work, Consumer<T> respond) {
    vertx
        .executeBlocking(work, false)
        .onSuccess(
            result -> {
              try {
                respond.accept(result);
              } catch (RedfishException e) {
                RedfishResponses.error(ctx, e);
              } catch (RuntimeException e) {
                ctx.fail(e);
              }
            })
        .onFailure(
            failure -> {
              if (failure instanceof RedfishException e) {
                RedfishResponses.error(ctx, e);
              } else {
                ctx.fail(failure);
              }
            });
  }
}
