package io.gpuchassis.agent.tasks;

import io.gpuchassis.redfish.message.MessageInstance;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.TaskState;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One part of a task's work with progress of its own, such as one target of an update of several: a
 * Redfish sub-task ({@code Tasks/{TaskId}/SubTasks/{n}}). It starts New, runs from its first step,
 * and ends Completed (or Exception) when its part is done, or with its task: a part that had
 * started ends as the task did, one the task never reached is Cancelled. Synchronised on its task,
 * which owns it.
 */
public final class SubTask {

  /** The sub-task as it stands at one moment. */
  public record Snapshot(
      String id,
      String name,
      TaskState state,
      Health status,
      int percentComplete,
      Optional<Instant> startTime,
      Optional<Instant> endTime,
      List<MessageInstance> messages) {}

  private final Object lock;
  private final String id;
  private final String name;
  private final Clock clock;
  private TaskState state = TaskState.NEW;
  private Health status = Health.OK;
  private int percent;
  private Instant startTime;
  private Instant endTime;
  private final List<MessageInstance> messages = new ArrayList<>();

  SubTask(Object lock, String id, String name, Clock clock) {
    this.lock = lock;
    this.id = id;
    this.name = name;
    this.clock = clock;
  }

  public String id() {
    return id;
  }

  Snapshot snapshot() {
    synchronized (lock) {
      return new Snapshot(
          id,
          name,
          state,
          status,
          percent,
          Optional.ofNullable(startTime),
          Optional.ofNullable(endTime),
          List.copyOf(messages));
    }
  }

  /** A message about this part that does not start it (its target named, or told to wait). */
  public void record(MessageInstance message) {
    synchronized (lock) {
      if (endTime == null) {
        messages.add(Secrets.mask(message));
      }
    }
  }

  /** A step of this part begun or done: it runs from its first step. */
  public void note(MessageInstance message) {
    synchronized (lock) {
      if (endTime != null) {
        return;
      }
      if (state == TaskState.NEW) {
        state = TaskState.RUNNING;
        startTime = clock.instant();
      }
      messages.add(Secrets.mask(message));
    }
  }

  /** How much of this part is done, 0–100; 100 does not end it ({@link #end} does). */
  public void progress(int percentComplete) {
    synchronized (lock) {
      if (endTime == null) {
        percent = Math.max(percent, Math.max(0, Math.min(100, percentComplete)));
      }
    }
  }

  /** This part is done: Completed, or Exception when {@code failed}. */
  public void end(boolean failed) {
    synchronized (lock) {
      if (endTime != null) {
        return;
      }
      if (startTime == null) {
        startTime = clock.instant();
      }
      state = failed ? TaskState.EXCEPTION : TaskState.COMPLETED;
      status = failed ? Health.CRITICAL : Health.OK;
      if (!failed) {
        percent = 100;
      }
      endTime = clock.instant();
    }
  }

  /** The task ended (failed or not) while this part was open. */
  void settle(boolean taskFailed) {
    synchronized (lock) {
      if (endTime != null) {
        return;
      }
      if (state == TaskState.NEW) {
        abandon();
      } else {
        end(taskFailed);
      }
    }
  }

  /** The task ended before this part did: it will not run. */
  void abandon() {
    synchronized (lock) {
      if (endTime != null) {
        return;
      }
      state = TaskState.CANCELLED;
      status = Health.WARNING;
      endTime = clock.instant();
    }
  }
}
