package io.gpuchassis.agent.redfish.tasks;

import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.tasks.Task;
import io.gpuchassis.agent.tasks.TaskOutcome;
import io.gpuchassis.agent.tasks.TaskRegistry;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.http.RedfishResponses;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.model.TaskService;
import io.gpuchassis.redfish.model.TaskServiceOverWritePolicy;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.ext.web.RoutingContext;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * {@code /redfish/v1/TaskService}, its Tasks (with their SubTasks: one per target of an update of
 * several), and the task monitors of asynchronous operations ({@code
 * TaskService/TaskMonitors/{TaskId}}): a monitor answers 202 while its operation runs and the
 * operation's own final response once it is done; DELETE on it cancels a running operation or
 * forgets a finished one.
 */
public final class TaskServiceResource {

  private final TaskRegistry tasks;
  private final Clock clock;

  public TaskServiceResource(TaskRegistry tasks, Clock clock) {
    this.tasks = tasks;
    this.clock = clock;
  }

  public void register(RedfishRoutes routes) {
    routes.resource(Uris.TASK_SERVICE, "TaskService", (params, caller) -> renderService());
    routes.resource(
        Uris.TASKS,
        "TaskCollection",
        (params, caller) ->
            Collections.render(
                Schemas.TASK_COLLECTION,
                Uris.TASKS,
                "Tasks",
                tasks.all().stream().map(t -> Uris.task(t.id())).toList()));
    routes.resource(
        Uris.TASK_TEMPLATE,
        "Task",
        (params, caller) -> TaskRenderer.render(task(params.get("TaskId")).snapshot()));
    routes.resource(
        Uris.SUB_TASKS_TEMPLATE,
        "TaskCollection",
        (params, caller) -> {
          Task.Snapshot task = task(params.get("TaskId")).snapshot();
          return Collections.render(
              Schemas.TASK_COLLECTION,
              Uris.subTasks(task.id()),
              "Sub-tasks of task " + task.id(),
              task.subTasks().stream().map(sub -> Uris.subTask(task.id(), sub.id())).toList());
        });
    routes.resource(
        Uris.SUB_TASK_TEMPLATE,
        "Task",
        (params, caller) -> {
          Task.Snapshot task = task(params.get("TaskId")).snapshot();
          String id = params.get("TaskId2");
          return TaskRenderer.render(
              task.id(),
              task.subTasks().stream()
                  .filter(sub -> sub.id().equals(id))
                  .findFirst()
                  .orElseThrow(() -> RedfishErrors.notFound("Task", id)));
        });
    routes.get(Uris.TASK_MONITOR_TEMPLATE, "Task", this::monitor);
    routes.delete(Uris.TASK_MONITOR_TEMPLATE, "Task", this::cancel);
  }

  private TaskService renderService() {
    return new TaskService()
        .atOdataId(Uris.TASK_SERVICE)
        .atOdataType(Schemas.TASK_SERVICE.odataType())
        .id("TaskService")
        .name("Task Service")
        .description(
            "Operations that take hardware time, such as binding a GPU into a host's partition")
        .serviceEnabled(true)
        .status(new Status().state(State.ENABLED).health(Health.OK))
        .dateTime(OffsetDateTime.now(clock).withOffsetSameInstant(ZoneOffset.UTC))
        .completedTaskOverWritePolicy(TaskServiceOverWritePolicy.OLDEST)
        .lifeCycleEventOnTaskStateChange(true)
        .tasks(Uris.ref(Uris.TASKS));
  }

  private Task task(String id) {
    return tasks.find(id).orElseThrow(() -> RedfishErrors.notFound("Task", id));
  }

  /** The monitor of a task whose final response is still to be read. */
  private Task monitored(RoutingContext ctx) {
    String id = ctx.pathParam("TaskId");
    return tasks
        .find(id)
        .filter(t -> t.snapshot().monitorOpen())
        .orElseThrow(() -> RedfishErrors.notFound("TaskMonitor", id));
  }

  private void monitor(RoutingContext ctx) {
    Task.Snapshot task = monitored(ctx).snapshot();
    if (!task.finished()) {
      TaskResponses.stillRunning(ctx, task);
      return;
    }
    TaskOutcome outcome = task.outcome().orElseThrow();
    outcome.location().ifPresent(uri -> ctx.response().putHeader("Location", uri));
    if (outcome.error().isPresent()) {
      RedfishResponses.error(ctx, outcome.error().get());
    } else if (outcome.body().isEmpty()) {
      ctx.response().setStatusCode(outcome.status()).putHeader("OData-Version", "4.0").end();
    } else if (outcome.status() == 200) {
      RedfishResponses.changed(ctx, outcome.body().get().deepCopy(), java.util.List.of());
    } else {
      RedfishResponses.json(ctx, outcome.status(), outcome.body().get());
    }
  }

  private void cancel(RoutingContext ctx) {
    Task task = monitored(ctx);
    switch (task.cancel()) {
      case CANCELLED -> ctx.response().setStatusCode(204).putHeader("OData-Version", "4.0").end();
      case FINISHED -> {
        tasks.remove(task.id());
        ctx.response().setStatusCode(204).putHeader("OData-Version", "4.0").end();
      }
      // DSP0266 (asynchronous operations) makes DELETE on the monitor the client's request to
      // cancel and leaves
      // refusing it to the service. 405 would say DELETE is never allowed here, yet it is once the
      // task ends; the
      // refusal is about the task's present state, which is 409 Conflict (RFC 9110 15.5.10), with
      // ResourceInUse.
      case REFUSED ->
          throw RedfishErrors.of(BaseMessages.RESOURCE_IN_USE.with())
              .withDetail(
                  "The operation of task "
                      + task.id()
                      + " is already under way on the hardware and cannot be "
                      + "cancelled; it will finish on its own.");
    }
  }
}
