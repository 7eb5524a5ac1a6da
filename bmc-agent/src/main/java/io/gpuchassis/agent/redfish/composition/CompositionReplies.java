package io.gpuchassis.agent.redfish.composition;

import io.gpuchassis.agent.compose.ChangeException;
import io.gpuchassis.agent.redfish.tasks.TaskResponses;
import io.gpuchassis.agent.tasks.TaskOutcome;
import io.gpuchassis.agent.tasks.TaskRegistry;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.http.RedfishResponses;
import io.gpuchassis.redfish.message.MessageInstance;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * How a composition of several changes (a {@code POST /Systems}, a Compose Apply) is answered, like
 * {@link BindingReplies}: with {@code status} (201 with {@code Location} for a composed system) or
 * the reason the set failed after being undone, once done within the answer window ({@link
 * AnswerWindow}); else 202 with a task monitor whose final response is that.
 */
public final class CompositionReplies {

  private CompositionReplies() {}

  public static void reply(
      RoutingContext ctx,
      TaskRegistry tasks,
      java.time.Duration answerWithin,
      String name,
      CompletableFuture<Void> changes,
      int status,
      Optional<String> location,
      Supplier<Object> body,
      Supplier<List<MessageInstance>> changed) {
    CompletableFuture<TaskOutcome> outcome =
        changes.handle(
            (ok, error) -> {
              if (error != null) {
                throw new CompletionException(reason(error));
              }
              var tree = RedfishResponses.tree(body.get());
              List<MessageInstance> messages = changed.get();
              return location.isPresent()
                  ? TaskOutcome.created(location.get(), tree, messages)
                  : TaskOutcome.success(status, tree, messages);
            });
    // Work on a switch's worker cannot be stopped: the task must not pretend to cancel it.
    AnswerWindow.answer(
        ctx,
        changes,
        answerWithin,
        () -> answerNow(ctx, outcome, status, location),
        () -> TaskResponses.accepted(ctx, tasks, name, TaskRegistry.uncancellable(outcome)));
  }

  private static void answerNow(
      RoutingContext ctx,
      CompletableFuture<TaskOutcome> outcome,
      int status,
      Optional<String> location) {
    outcome.whenComplete(
        (done, error) ->
            ctx.vertx()
                .runOnContext(
                    v -> {
                      if (error != null) {
                        Throwable cause =
                            error instanceof CompletionException && error.getCause() != null
                                ? error.getCause()
                                : error;
                        if (cause instanceof RedfishException e) {
                          RedfishResponses.error(ctx, e);
                        } else {
                          ctx.fail(cause);
                        }
                        return;
                      }
                      location.ifPresent(uri -> ctx.response().putHeader("Location", uri));
                      var body = done.body().orElseThrow().deepCopy();
                      if (!done.messages().isEmpty()) {
                        var infos =
                            body.has("@Message.ExtendedInfo")
                                ? (com.fasterxml.jackson.databind.node.ArrayNode)
                                    body.get("@Message.ExtendedInfo")
                                : body.putArray("@Message.ExtendedInfo");
                        done.messages().forEach(m -> infos.add(RedfishResponses.message(m)));
                      }
                      RedfishResponses.json(ctx, status, body);
                    }));
  }

  /** The Redfish error of a failed set: the engine's reason, about the GPU whose change failed. */
  static RuntimeException reason(Throwable error) {
    Throwable cause =
        error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    if (cause instanceof ChangeException e) {
      return BindingErrors.of(e.reason(), Uris.resourceBlock(e.change().slot()))
          .withDetail(e.getMessage() + "; every change made before it was undone");
    }
    return cause instanceof RuntimeException r ? r : new CompletionException(cause);
  }
}
