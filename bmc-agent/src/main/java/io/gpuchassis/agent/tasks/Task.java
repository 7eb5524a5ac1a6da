package io.gpuchassis.agent.tasks;

import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.MessageInstance;
import io.gpuchassis.redfish.message.TaskEventMessages;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.TaskState;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One operation that takes hardware time, followed from its start to its outcome. Thread-safe: the
 * work completes on whatever thread finishes it, while requests read {@link #snapshot()}s. Every
 * reader with Login sees a task, so its name and messages are kept with their secrets masked
 * ({@link Secrets}).
 */
public final class Task {

  /** What a request to cancel did. */
  public enum CancelResult {
    /** The work was stopped; the task is Cancelled. */
    CANCELLED,
    /** The work cannot be stopped any more (the hardware has started); it runs to its end. */
    REFUSED,
    /** The task had already ended. */
    FINISHED
  }

  /** The task as it stands at one moment. */
  public record Snapshot(
      String id,
      String name,
      Payload payload,
      TaskState state,
      Health status,
      int percentComplete,
      Instant startTime,
      Optional<Instant> endTime,
      List<MessageInstance> messages,
      Optional<TaskOutcome> outcome,
      boolean monitorOpen,
      List<SubTask.Snapshot> subTasks) {

    public boolean finished() {
      return endTime.isPresent();
    }
  }

  private static final Logger LOG = LoggerFactory.getLogger(Task.class);

  private final String id;
  private final String name;
  private final Payload payload;
  private final Clock clock;
  private final CompletableFuture<TaskOutcome> work;
  private final Instant startTime;
  private TaskState state = TaskState.NEW;
  private Health status = Health.OK;
  private int percent;
  private Instant endTime;
  private final List<MessageInstance> messages = new ArrayList<>();
  private TaskOutcome outcome;
  private boolean monitorOpen = true;
  private final List<SubTask> subTasks = new ArrayList<>();

  Task(String id, String name, Payload payload, Clock clock, CompletableFuture<TaskOutcome> work) {
    this.id = id;
    this.name = Secrets.maskUris(name);
    this.payload = payload;
    this.clock = clock;
    this.work = work;
    this.startTime = clock.instant();
  }

  public String id() {
    return id;
  }

  public String name() {
    return name;
  }

  public synchronized Snapshot snapshot() {
    return new Snapshot(
        id,
        name,
        payload,
        state,
        status,
        percent,
        startTime,
        Optional.ofNullable(endTime),
        List.copyOf(messages),
        Optional.ofNullable(outcome),
        monitorOpen,
        subTasks.stream().map(SubTask::snapshot).toList());
  }

  /**
   * A new part of this task's work, numbered from 1 in the order they are made: a Redfish sub-task.
   */
  public synchronized SubTask subTask(String subTaskName) {
    SubTask sub =
        new SubTask(
            this, Integer.toString(subTasks.size() + 1), Secrets.maskUris(subTaskName), clock);
    subTasks.add(sub);
    return sub;
  }

  /** Reports progress of a running task (0–99; completion sets 100). */
  public synchronized void progress(int percentComplete) {
    if (endTime != null || percentComplete == percent) {
      return;
    }
    percent = Math.max(0, Math.min(99, percentComplete));
    messages.add(TaskEventMessages.TASK_PROGRESS_CHANGED.with(id, percent));
  }

  /**
   * Adds a message that says what the running work has just begun or done (an update's steps, say).
   */
  public synchronized void note(MessageInstance message) {
    if (endTime == null) {
      messages.add(Secrets.mask(message));
    }
  }

  /**
   * Asks the work to stop. Whether it can is the work's decision: a future that refuses {@code
   * cancel} (see {@link TaskRegistry#uncancellable}) keeps running and this answers {@link
   * CancelResult#REFUSED}.
   */
  public CancelResult cancel() {
    synchronized (this) {
      if (endTime != null) {
        return CancelResult.FINISHED;
      }
    }
    if (work.cancel(true)) {
      return CancelResult.CANCELLED;
    }
    return snapshot().finished() ? CancelResult.FINISHED : CancelResult.REFUSED;
  }

  synchronized void running() {
    if (state == TaskState.NEW) {
      state = TaskState.RUNNING;
      messages.add(TaskEventMessages.TASK_STARTED.with(id));
    }
  }

  /** Records how the work ended: its outcome, or the failure it completed with. */
  void settle(TaskOutcome result, Throwable error) {
    Throwable cause =
        error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    if (cause instanceof CancellationException) {
      cancelled();
    } else if (cause instanceof RedfishException e) {
      finish(TaskOutcome.failure(e));
    } else if (cause != null) {
      LOG.error("Task {} ({}) failed", id, name, cause);
      finish(TaskOutcome.failure(RedfishErrors.of(BaseMessages.GENERAL_ERROR.with())));
    } else {
      finish(result);
    }
  }

  private synchronized void finish(TaskOutcome result) {
    if (endTime != null) {
      return;
    }
    outcome = result;
    result.messages().forEach(m -> messages.add(Secrets.mask(m)));
    boolean warned =
        result.messages().stream().anyMatch(m -> !m.definition().severity().equals("OK"));
    if (result.failed()) {
      state = TaskState.EXCEPTION;
      status = Health.CRITICAL;
      messages.add(TaskEventMessages.TASK_ABORTED.with(id));
    } else {
      state = TaskState.COMPLETED;
      status = warned ? Health.WARNING : Health.OK;
      messages.add(
          (warned ? TaskEventMessages.TASK_COMPLETED_WARNING : TaskEventMessages.TASK_COMPLETED_OK)
              .with(id));
    }
    percent = 100;
    endTime = clock.instant();
    // the parts still open end with the task: a part that started did as the task did
    subTasks.forEach(sub -> sub.settle(result.failed()));
  }

  private synchronized void cancelled() {
    if (endTime != null) {
      return;
    }
    state = TaskState.CANCELLED;
    status = Health.WARNING;
    messages.add(TaskEventMessages.TASK_CANCELLED.with(id));
    // A cancelled operation has no final response: its monitor goes away, the Task stays to say
    // what happened.
    monitorOpen = false;
    endTime = clock.instant();
    subTasks.forEach(SubTask::abandon);
  }
}
