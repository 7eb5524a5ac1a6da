package io.gpuchassis.agent.tasks;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The tasks of operations that take hardware time (DSP0266 asynchronous operations). Running tasks
 * are always kept; finished ones are kept up to a bound, oldest removed first (TaskService {@code
 * CompletedTaskOverWritePolicy} Oldest), and for a while after they end. Thread-safe.
 */
public final class TaskRegistry {

  /** Finished tasks kept at most. */
  public static final int KEEP_FINISHED = 100;

  /** How long a finished task stays, so that a client can still read its monitor. */
  public static final Duration KEEP_FOR = Duration.ofHours(1);

  private final Clock clock;
  private final int keepFinished;
  private final Duration keepFor;
  private final Map<String, Task> tasks = new LinkedHashMap<>();
  private long lastId;

  public TaskRegistry(Clock clock) {
    this(clock, KEEP_FINISHED, KEEP_FOR);
  }

  public TaskRegistry(Clock clock, int keepFinished, Duration keepFor) {
    this.clock = clock;
    this.keepFinished = keepFinished;
    this.keepFor = keepFor;
  }

  /** Starts following {@code work}; the task is Running until it completes, on any thread. */
  public Task start(String name, Payload payload, CompletableFuture<TaskOutcome> work) {
    Task task;
    synchronized (this) {
      prune();
      task = new Task(Long.toString(++lastId), name, payload, clock, work);
      tasks.put(task.id(), task);
    }
    task.running();
    work.whenComplete(task::settle);
    return task;
  }

  public synchronized Optional<Task> find(String id) {
    prune();
    return Optional.ofNullable(tasks.get(id));
  }

  /** Every task kept, oldest first. */
  public synchronized List<Task> all() {
    prune();
    return new ArrayList<>(tasks.values());
  }

  /** Forgets a finished task; a running one stays (cancel it first). */
  public synchronized boolean remove(String id) {
    Task task = tasks.get(id);
    if (task == null || !task.snapshot().finished()) {
      return false;
    }
    tasks.remove(id);
    return true;
  }

  /**
   * {@code work} as a future that refuses cancellation: for operations that cannot be stopped once
   * handed to the hardware (cancelling a stage derived from them would only hide work that goes
   * on).
   */
  public static <T> CompletableFuture<T> uncancellable(CompletableFuture<T> work) {
    CompletableFuture<T> future =
        new CompletableFuture<>() {
          @Override
          public boolean cancel(boolean mayInterruptIfRunning) {
            return false;
          }
        };
    work.whenComplete(
        (value, error) -> {
          if (error != null) {
            future.completeExceptionally(error);
          } else {
            future.complete(value);
          }
        });
    return future;
  }

  private void prune() {
    Instant expired = clock.instant().minus(keepFor);
    int finished = 0;
    for (Iterator<Task> it = tasks.values().iterator(); it.hasNext(); ) {
      Optional<Instant> end = it.next().snapshot().endTime();
      if (end.isPresent() && end.get().isBefore(expired)) {
        it.remove();
      } else if (end.isPresent()) {
        finished++;
      }
    }
    for (Iterator<Task> it = tasks.values().iterator(); it.hasNext() && finished > keepFinished; ) {
      if (it.next().snapshot().finished()) {
        it.remove();
        finished--;
      }
    }
  }
}
