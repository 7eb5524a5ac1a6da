package io.gpuchassis.agent.redfish.update;

import io.gpuchassis.agent.events.EventBus;
import io.gpuchassis.agent.firmware.UpdateFailure;
import io.gpuchassis.agent.firmware.UpdateProgress;
import io.gpuchassis.agent.redfish.tasks.TaskProgress;
import io.gpuchassis.agent.redfish.tasks.TaskResponses;
import io.gpuchassis.agent.tasks.Payload;
import io.gpuchassis.agent.tasks.TaskOutcome;
import io.gpuchassis.agent.tasks.TaskRegistry;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.http.RedfishResponses;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;

/**
 * Firmware updates and switch resets as tasks: answered 202 with their monitor at once, each step
 * reported through {@link TaskProgress}, and ended with 200, with the failed step's Update message
 * (503), or with the refusal found on the way. Once handed to the hardware they cannot be
 * cancelled.
 */
public final class UpdateTasks {

  private final TaskRegistry tasks;
  private final EventBus events;

  public UpdateTasks(TaskRegistry tasks, EventBus events) {
    this.tasks = tasks;
    this.events = events;
  }

  /** Starts a task that follows {@code work}, given the progress it reports to, and answers 202. */
  public void start(
      RoutingContext ctx,
      String name,
      Payload payload,
      Function<UpdateProgress, CompletableFuture<Void>> work) {
    CompletableFuture<TaskOutcome> outcome = new CompletableFuture<>();
    var task =
        TaskResponses.accepted(ctx, tasks, name, payload, TaskRegistry.uncancellable(outcome));
    work.apply(new TaskProgress(task, events))
        .whenComplete(
            (ok, error) -> {
              if (error == null) {
                outcome.complete(
                    TaskOutcome.success(200, RedfishResponses.tree(Map.of()), List.of()));
                return;
              }
              Throwable cause =
                  error instanceof CompletionException && error.getCause() != null
                      ? error.getCause()
                      : error;
              if (cause instanceof UpdateFailure failure) {
                RedfishException failed =
                    new RedfishException(503, failure.step()).withDetail(failure.getMessage());
                outcome.complete(TaskOutcome.failure(failed));
              } else if (cause instanceof RedfishException refusal) {
                outcome.complete(TaskOutcome.failure(refusal));
              } else {
                outcome.completeExceptionally(cause);
              }
            });
  }
}
