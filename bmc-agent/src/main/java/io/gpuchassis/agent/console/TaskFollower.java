package io.gpuchassis.agent.console;

import io.gpuchassis.agent.tasks.Task;
import io.gpuchassis.redfish.error.RedfishException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Shows a task's progress on the console until it ends: its number (so that Redfish's TaskService
 * can be asked about it), a dot a second while it runs, and how it ended. Interrupted (^C, the idle
 * timeout), it leaves the task running.
 */
final class TaskFollower {

  private TaskFollower() {}

  static void follow(ConsoleContext console, Task task, CompletableFuture<?> work, String success) {
    console.out().print("Task " + task.id() + ": " + task.snapshot().name() + " ");
    console.out().flush();
    try {
      while (true) {
        try {
          console.abandonable(() -> work.get(1, TimeUnit.SECONDS));
          console.println("done.");
          console.println(success);
          return;
        } catch (TimeoutException stillRunning) {
          console.out().print(".");
          console.out().flush();
        }
      }
    } catch (InterruptedException e) {
      console.println("");
      console.println("Task " + task.id() + " goes on; 'show tasks' follows it.");
    } catch (ExecutionException e) {
      console.println("failed.");
      throw new CommandRefused(reason(e.getCause()));
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** Why work failed, as one sentence. */
  static String reason(Throwable error) {
    Throwable cause = error;
    while (cause instanceof java.util.concurrent.CompletionException && cause.getCause() != null) {
      cause = cause.getCause();
    }
    if (cause instanceof RedfishException r) {
      return r.detail()
          .orElseGet(
              () ->
                  r.messages().isEmpty()
                      ? "Refused (" + r.status() + ")."
                      : sentence(r.messages().get(0).text()));
    }
    return sentence(
        cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage());
  }

  /** A message of the engine ("there is no slot 21") as a sentence ("There is no slot 21."). */
  static String sentence(String message) {
    if (message.isEmpty()) {
      return message;
    }
    String s = Character.toUpperCase(message.charAt(0)) + message.substring(1);
    return s.endsWith(".") ? s : s + ".";
  }
}
