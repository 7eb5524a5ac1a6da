package io.gpuchassis.agent.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.MessageInstance;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.TaskState;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Task states, messages, the bound on kept tasks, and cancellation. */
class TaskRegistryTest {

  static final Payload PAYLOAD =
      new Payload("POST", "/redfish/v1/Fabrics/PCIe/Zones/Host1/Actions/Zone.AddEndpoint", "{}");

  /** A clock the test moves. */
  static final class TestClock extends Clock {
    Instant now = Instant.parse("2026-01-01T00:00:00Z");

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }

  final TestClock clock = new TestClock();
  final TaskRegistry registry = new TaskRegistry(clock, 3, Duration.ofMinutes(10));

  static ObjectNode body(String id) {
    return JsonNodeFactory.instance.objectNode().put("Id", id);
  }

  static List<String> messageIds(Task task) {
    return task.snapshot().messages().stream().map(m -> m.definition().key()).toList();
  }

  @Test
  void a_task_runs_then_completes_with_its_outcome() {
    CompletableFuture<TaskOutcome> work = new CompletableFuture<>();
    Task task = registry.start("bind", PAYLOAD, work);
    Task.Snapshot running = task.snapshot();
    assertEquals(TaskState.RUNNING, running.state());
    assertEquals(0, running.percentComplete());
    assertFalse(running.finished());
    assertEquals(List.of("TaskStarted"), messageIds(task));

    task.progress(40);
    clock.now = clock.now.plusSeconds(2);
    work.complete(TaskOutcome.success(body("Host1")));
    Task.Snapshot done = task.snapshot();
    assertEquals(TaskState.COMPLETED, done.state());
    assertEquals(Health.OK, done.status());
    assertEquals(100, done.percentComplete());
    assertEquals(clock.now, done.endTime().orElseThrow());
    assertEquals(200, done.outcome().orElseThrow().status());
    assertEquals(
        List.of("TaskStarted", "TaskProgressChanged", "TaskCompletedOK"), messageIds(task));
    assertEquals(
        "The task with Id '" + task.id() + "' has changed to progress 40 percent complete.",
        done.messages().get(1).text());
  }

  @Test
  void sub_tasks_run_from_their_first_step_and_end_with_their_part_or_with_the_task() {
    CompletableFuture<TaskOutcome> work = new CompletableFuture<>();
    Task task = registry.start("update", PAYLOAD, work);
    SubTask first = task.subTask("update: SW1");
    SubTask second = task.subTask("update: SW2");
    SubTask third = task.subTask("update: SW3");
    first.record(BaseMessages.SUCCESS.with());
    assertEquals(TaskState.NEW, task.snapshot().subTasks().get(0).state(), "named, not started");
    first.note(BaseMessages.SUCCESS.with());
    first.progress(50);
    SubTask.Snapshot running = task.snapshot().subTasks().get(0);
    assertEquals(TaskState.RUNNING, running.state());
    assertEquals(50, running.percentComplete());
    first.end(false);
    second.note(BaseMessages.SUCCESS.with());
    second.progress(30);
    work.completeExceptionally(
        new RedfishException(503, BaseMessages.SERVICE_TEMPORARILY_UNAVAILABLE.with("5")));

    List<SubTask.Snapshot> subs = task.snapshot().subTasks();
    assertEquals(List.of("1", "2", "3"), subs.stream().map(SubTask.Snapshot::id).toList());
    assertEquals(TaskState.COMPLETED, subs.get(0).state());
    assertEquals(100, subs.get(0).percentComplete());
    assertEquals(TaskState.EXCEPTION, subs.get(1).state(), "the part under way failed with it");
    assertEquals(30, subs.get(1).percentComplete());
    assertEquals(TaskState.CANCELLED, subs.get(2).state(), "the part never reached");
    assertTrue(subs.stream().allMatch(sub -> sub.endTime().isPresent()));
    assertEquals(TaskState.CANCELLED, third.snapshot().state());
  }

  @Test
  void warnings_in_the_outcome_make_a_completed_task_warning() {
    MessageInstance warning = BaseMessages.PROPERTY_NOT_WRITABLE.with("Name");
    Task task =
        registry.start(
            "patch",
            PAYLOAD,
            CompletableFuture.completedFuture(
                TaskOutcome.success(200, body("x"), List.of(warning))));
    assertEquals(TaskState.COMPLETED, task.snapshot().state());
    assertEquals(Health.WARNING, task.snapshot().status());
    assertEquals(
        List.of("TaskStarted", "PropertyNotWritable", "TaskCompletedWarning"), messageIds(task));
  }

  @Test
  void a_failed_operation_ends_in_exception_with_its_reason() {
    CompletableFuture<TaskOutcome> work = new CompletableFuture<>();
    Task task = registry.start("bind", PAYLOAD, work);
    work.completeExceptionally(
        new RedfishException(503, BaseMessages.SERVICE_TEMPORARILY_UNAVAILABLE.with("5")));
    Task.Snapshot s = task.snapshot();
    assertEquals(TaskState.EXCEPTION, s.state());
    assertEquals(Health.CRITICAL, s.status());
    assertEquals(503, s.outcome().orElseThrow().status());
    assertEquals(
        List.of("TaskStarted", "ServiceTemporarilyUnavailable", "TaskAborted"), messageIds(task));
  }

  @Test
  void an_unexpected_failure_is_an_internal_error_not_a_leak() {
    CompletableFuture<TaskOutcome> work = new CompletableFuture<>();
    Task task = registry.start("bind", PAYLOAD, work);
    work.completeExceptionally(new IllegalStateException("secret internals"));
    assertEquals(500, task.snapshot().outcome().orElseThrow().status());
    assertFalse(task.snapshot().messages().toString().contains("secret internals"));
  }

  @Test
  void a_cancellable_task_is_cancelled_and_its_monitor_closes() {
    CompletableFuture<TaskOutcome> work = new CompletableFuture<>();
    Task task = registry.start("bind", PAYLOAD, work);
    assertEquals(Task.CancelResult.CANCELLED, task.cancel());
    Task.Snapshot s = task.snapshot();
    assertEquals(TaskState.CANCELLED, s.state());
    assertFalse(s.monitorOpen());
    assertEquals(List.of("TaskStarted", "TaskCancelled"), messageIds(task));
    assertEquals(Task.CancelResult.FINISHED, task.cancel());
  }

  @Test
  void work_that_refuses_cancellation_runs_to_its_end() {
    CompletableFuture<TaskOutcome> hardware = new CompletableFuture<>();
    Task task = registry.start("bind", PAYLOAD, TaskRegistry.uncancellable(hardware));
    assertEquals(Task.CancelResult.REFUSED, task.cancel());
    assertEquals(TaskState.RUNNING, task.snapshot().state());
    hardware.complete(TaskOutcome.success(body("Host1")));
    assertEquals(TaskState.COMPLETED, task.snapshot().state());
  }

  @Test
  void finished_tasks_are_kept_up_to_the_bound_oldest_removed_first_and_running_ones_always() {
    CompletableFuture<TaskOutcome> running = new CompletableFuture<>();
    Task longOne = registry.start("long", PAYLOAD, running);
    for (int i = 0; i < 5; i++) {
      registry.start(
          "t" + i, PAYLOAD, CompletableFuture.completedFuture(TaskOutcome.success(body("" + i))));
    }
    List<String> names = registry.all().stream().map(t -> t.snapshot().name()).toList();
    assertEquals(List.of("long", "t2", "t3", "t4"), names);
    assertTrue(registry.find(longOne.id()).isPresent());
  }

  @Test
  void finished_tasks_expire_and_can_be_removed() {
    Task a =
        registry.start(
            "a", PAYLOAD, CompletableFuture.completedFuture(TaskOutcome.success(body("a"))));
    CompletableFuture<TaskOutcome> work = new CompletableFuture<>();
    Task b = registry.start("b", PAYLOAD, work);
    assertFalse(registry.remove(b.id()), "a running task is not removed");
    clock.now = clock.now.plus(Duration.ofMinutes(11));
    assertTrue(registry.find(a.id()).isEmpty(), "expired");
    assertTrue(registry.find(b.id()).isPresent(), "running tasks never expire");
    work.complete(TaskOutcome.success(body("b")));
    assertTrue(registry.remove(b.id()));
    assertTrue(registry.all().isEmpty());
  }

  @Test
  void tasks_complete_on_any_thread() throws Exception {
    TaskRegistry big = new TaskRegistry(Clock.systemUTC());
    ExecutorService pool = Executors.newFixedThreadPool(8);
    CountDownLatch go = new CountDownLatch(1);
    try {
      for (int i = 0; i < 200; i++) {
        String id = "" + i;
        big.start(
            "t" + i,
            PAYLOAD,
            CompletableFuture.supplyAsync(
                () -> {
                  try {
                    go.await();
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                  return TaskOutcome.success(body(id));
                },
                pool));
      }
      go.countDown();
      pool.shutdown();
      assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
    } finally {
      pool.shutdownNow();
    }
    List<Task> kept = big.all();
    assertEquals(TaskRegistry.KEEP_FINISHED, kept.size());
    assertTrue(kept.stream().allMatch(t -> t.snapshot().state() == TaskState.COMPLETED));
  }
}
