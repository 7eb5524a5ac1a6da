package io.gpuchassis.agent.redfish;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.compose.BindingException;
import io.gpuchassis.redfish.http.RedfishResponses;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * How the composition views answer a change of the binding engine: when its future completes, with the changed
 * resource or the engine's refusal. The one place that waits, so that answering 202 with a task monitor instead is a
 * change here only.
 */
final class BindingReplies {

  private BindingReplies() {}

  /**
   * @param errorUri the resource named in an error the engine reports late (after the request was accepted)
   * @param body renders the changed resource from the model once the change is done
   */
  static void whenDone(RoutingContext ctx, CompletableFuture<?> change, String errorUri, Supplier<Object> body) {
    change.whenComplete(
        (ok, error) ->
            ctx.vertx().runOnContext(v -> {
              if (error == null) {
                ObjectNode tree = RedfishResponses.tree(body.get());
                RedfishResponses.changed(ctx, tree, List.of());
                return;
              }
              Throwable cause = error.getCause() != null ? error.getCause() : error;
              if (cause instanceof BindingException b) {
                RedfishResponses.error(ctx, BindingErrors.of(b, errorUri));
              } else {
                ctx.fail(cause);
              }
            }));
  }
}
