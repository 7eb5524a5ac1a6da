package io.gpuchassis.agent.redfish;

import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.compose.BindingException;
import io.gpuchassis.agent.events.EventBus;
import io.gpuchassis.agent.firmware.UpdateFailure;
import io.gpuchassis.agent.firmware.UpdateProgress;
import io.gpuchassis.agent.redfish.composition.BindingErrors;
import io.gpuchassis.agent.redfish.core.ChangeMessages;
import io.gpuchassis.agent.redfish.fabric.SwitchResetAction;
import io.gpuchassis.agent.redfish.tasks.TaskProgress;
import io.gpuchassis.agent.tasks.Payload;
import io.gpuchassis.agent.tasks.Task;
import io.gpuchassis.agent.tasks.TaskOutcome;
import io.gpuchassis.agent.tasks.TaskRegistry;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.http.RedfishResponses;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;

/**
 * Tasks for work started on the serial console, made exactly as the Redfish actions that do the
 * same work make theirs (names, payloads, final messages, errors), so that an orchestrator polling
 * the TaskService sees a technician's bind or switch reset like any other.
 */
public final class ConsoleTasks {

  private final TaskRegistry tasks;
  private final EventBus events;

  public ConsoleTasks(TaskRegistry tasks, EventBus events) {
    this.tasks = tasks;
    this.events = events;
  }

  /**
   * A bind of {@code slot} to {@code host}: the task Zone.AddEndpoint would start, on the RoCE
   * fabric for an Ethernet host.
   */
  public Task bind(
      int slot, String host, boolean overEthernet, CompletableFuture<SlotBinding> change) {
    String zone = Uris.zone(host, overEthernet);
    return tasks.start(
        "Zone.AddEndpoint " + Uris.gpuEndpointId(slot) + " to zone " + host,
        new Payload("POST", zone + "/Actions/Zone.AddEndpoint", endpointBody(slot, overEthernet)),
        bindingOutcome(change, Uris.gpuEndpoint(slot, overEthernet), slot, host));
  }

  /** A release of {@code slot} from {@code host}: the task Zone.RemoveEndpoint would start. */
  public Task release(
      int slot, String host, boolean overEthernet, CompletableFuture<SlotBinding> change) {
    String zone = Uris.zone(host, overEthernet);
    return tasks.start(
        "Zone.RemoveEndpoint " + Uris.gpuEndpointId(slot) + " from zone " + host,
        new Payload(
            "POST", zone + "/Actions/Zone.RemoveEndpoint", endpointBody(slot, overEthernet)),
        bindingOutcome(change, Uris.gpuEndpoint(slot, overEthernet), slot, host));
  }

  /**
   * Firmware work on switch {@code switchId} (a reset, an activation, a rollback) that reports to
   * {@code console} besides its task and the event service. Work refused before it starts (thrown
   * by {@code work}) leaves no task.
   */
  public Task switchWork(
      String name,
      String switchId,
      String actionUri,
      UpdateProgress console,
      Function<UpdateProgress, CompletableFuture<Void>> work) {
    CompletableFuture<TaskOutcome> outcome = new CompletableFuture<>();
    Task task =
        tasks.start(
            name, new Payload("POST", actionUri, "{}"), TaskRegistry.uncancellable(outcome));
    UpdateProgress toTask = new TaskProgress(task, events);
    UpdateProgress both =
        new UpdateProgress() {
          @Override
          public void step(
              io.gpuchassis.redfish.message.MessageInstance message, String originUri) {
            toTask.step(message, originUri);
            console.step(message, originUri);
          }

          @Override
          public void percent(int percentComplete) {
            toTask.percent(percentComplete);
            console.percent(percentComplete);
          }
        };
    CompletableFuture<Void> running;
    try {
      running = work.apply(both);
    } catch (RuntimeException refused) {
      // Refused before any work (busy, bound GPUs): no task, as Redfish answers such a request at
      // once.
      outcome.completeExceptionally(refused);
      tasks.remove(task.id());
      throw refused;
    }
    running.whenComplete(
        (ok, error) -> {
          if (error == null) {
            outcome.complete(TaskOutcome.success(200, RedfishResponses.tree(Map.of()), List.of()));
            return;
          }
          Throwable cause =
              error instanceof CompletionException && error.getCause() != null
                  ? error.getCause()
                  : error;
          if (cause instanceof UpdateFailure failure) {
            outcome.complete(
                TaskOutcome.failure(
                    new RedfishException(503, failure.step()).withDetail(failure.getMessage())));
          } else if (cause instanceof RedfishException refusal) {
            outcome.complete(TaskOutcome.failure(refusal));
          } else {
            outcome.completeExceptionally(cause);
          }
        });
    return task;
  }

  /** The Redfish URI of switch {@code switchId}'s reset action. */
  public static String switchResetUri(String switchId) {
    return SwitchResetAction.target(switchId);
  }

  private static String endpointBody(int slot, boolean overEthernet) {
    return "{\"Endpoint\":{\"@odata.id\":\"" + Uris.gpuEndpoint(slot, overEthernet) + "\"}}";
  }

  private static CompletableFuture<TaskOutcome> bindingOutcome(
      CompletableFuture<SlotBinding> change, String errorUri, int slot, String host) {
    return TaskRegistry.uncancellable(
        change.handle(
            (after, error) -> {
              if (error == null) {
                return TaskOutcome.success(
                    200, RedfishResponses.tree(Map.of()), ChangeMessages.of(after, host));
              }
              Throwable cause = error.getCause() != null ? error.getCause() : error;
              if (cause instanceof BindingException b) {
                return TaskOutcome.failure(BindingErrors.of(b, errorUri));
              }
              throw error instanceof CompletionException c ? c : new CompletionException(error);
            }));
  }
}
