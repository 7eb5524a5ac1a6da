package io.gpuchassis.agent.redfish.composition;

import io.gpuchassis.agent.compose.BindingException;
import io.gpuchassis.agent.redfish.tasks.TaskResponses;
import io.gpuchassis.agent.tasks.TaskOutcome;
import io.gpuchassis.agent.tasks.TaskRegistry;
import io.gpuchassis.redfish.http.RedfishResponses;
import io.gpuchassis.redfish.message.MessageInstance;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * How the composition views answer a change of the binding engine, the way the Fabric's Zone
 * actions do: with the changed resource or the engine's refusal once the change is done, if within
 * the answer window ({@link AnswerWindow}); else 202 Accepted with a task monitor whose final
 * response is that.
 */
public final class BindingReplies {

  private BindingReplies() {}

  /**
   * @param name the task's name
   * @param errorUri the resource named in an error the engine reports late (after the request was
   *     accepted)
   * @param body renders the changed resource from the model once the change is done
   * @param done what the change did, in registry messages read once it is done ({@link
   *     ChangeMessages}): the task's messages, or the answer's {@code @Message.ExtendedInfo}
   */
  public static void reply(
      RoutingContext ctx,
      TaskRegistry tasks,
      java.time.Duration answerWithin,
      String name,
      CompletableFuture<?> change,
      String errorUri,
      Supplier<Object> body,
      Supplier<List<MessageInstance>> done) {
    AnswerWindow.answer(
        ctx,
        change,
        answerWithin,
        () -> whenDone(ctx, change, errorUri, body, done),
        () -> TaskResponses.accepted(ctx, tasks, name, outcome(change, errorUri, body, done)));
  }

  private static CompletableFuture<TaskOutcome> outcome(
      CompletableFuture<?> change,
      String errorUri,
      Supplier<Object> body,
      Supplier<List<MessageInstance>> done) {
    // Work on a switch's worker cannot be stopped: the task must not pretend to cancel it.
    return TaskRegistry.uncancellable(
        change.handle(
            (ok, error) -> {
              if (error == null) {
                return TaskOutcome.success(200, RedfishResponses.tree(body.get()), done.get());
              }
              Throwable cause = error.getCause() != null ? error.getCause() : error;
              if (cause instanceof BindingException b) {
                throw BindingErrors.of(b, errorUri);
              }
              throw error instanceof CompletionException c ? c : new CompletionException(error);
            }));
  }

  private static void whenDone(
      RoutingContext ctx,
      CompletableFuture<?> change,
      String errorUri,
      Supplier<Object> body,
      Supplier<List<MessageInstance>> done) {
    change.whenComplete(
        (ok, error) ->
            ctx.vertx()
                .runOnContext(
                    v -> {
                      if (error == null) {
                        RedfishResponses.changed(
                            ctx, RedfishResponses.tree(body.get()), done.get());
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
