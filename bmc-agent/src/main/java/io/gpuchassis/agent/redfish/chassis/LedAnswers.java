package io.gpuchassis.agent.redfish.chassis;

import io.gpuchassis.redfish.http.RedfishResponses;
import io.gpuchassis.redfish.message.MessageInstance;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * The answer to a PATCH that moved a slot's LED: given once the line has moved, on the request's
 * context, with the resource as it is then; the failure of the slot operation when it failed.
 */
final class LedAnswers {

  private LedAnswers() {}

  static void whenDone(
      RoutingContext ctx,
      CompletableFuture<?> moved,
      Supplier<Object> resource,
      List<MessageInstance> rejected) {
    moved.whenComplete(
        (done, error) ->
            ctx.vertx()
                .runOnContext(
                    v -> {
                      if (error != null) {
                        ctx.fail(
                            error instanceof CompletionException && error.getCause() != null
                                ? error.getCause()
                                : error);
                      } else {
                        RedfishResponses.changed(
                            ctx, RedfishResponses.tree(resource.get()), rejected);
                      }
                    }));
  }
}
