package io.gpuchassis.agent.redfish.tasks;

import io.gpuchassis.agent.tasks.Payload;
import io.gpuchassis.agent.tasks.Task;
import io.gpuchassis.agent.tasks.TaskOutcome;
import io.gpuchassis.agent.tasks.TaskRegistry;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.http.RedfishResponses;
import io.vertx.ext.web.RoutingContext;
import java.util.concurrent.CompletableFuture;

/**
 * Answers requests whose work takes hardware time the DSP0266 way: 202 Accepted with {@code
 * Location} = the task monitor and the Task as the body, at once. Refusals known before any work
 * starts are not tasks: the resource throws them before calling here, so they are answered
 * immediately with their error.
 */
public final class TaskResponses {

  /**
   * Seconds a client is asked to wait between polls of a monitor (binding takes 0.2–2 s on real
   * switches).
   */
  static final String RETRY_AFTER_SECONDS = "1";

  private TaskResponses() {}

  /** Starts a task following {@code work} and answers 202 with its monitor. */
  public static Task accepted(
      RoutingContext ctx, TaskRegistry tasks, String name, CompletableFuture<TaskOutcome> work) {
    return accepted(ctx, tasks, name, payloadOf(ctx), work);
  }

  /**
   * As above, with the request shown as {@code payload} (a request carrying a password shows it
   * masked).
   */
  public static Task accepted(
      RoutingContext ctx,
      TaskRegistry tasks,
      String name,
      Payload payload,
      CompletableFuture<TaskOutcome> work) {
    Task task = tasks.start(name, payload, work);
    stillRunning(ctx, task.snapshot());
    return task;
  }

  /** The request as a task payload. */
  public static Payload payloadOf(RoutingContext ctx) {
    String body = ctx.body() == null ? null : ctx.body().asString();
    return new Payload(ctx.request().method().name(), ctx.request().path(), body);
  }

  /** 202 with the monitor in {@code Location}, when to ask again, and the task as it stands. */
  static void stillRunning(RoutingContext ctx, Task.Snapshot task) {
    ctx.response()
        .putHeader("Location", Uris.taskMonitor(task.id()))
        .putHeader("Retry-After", RETRY_AFTER_SECONDS);
    RedfishResponses.json(ctx, 202, TaskRenderer.render(task));
  }
}
