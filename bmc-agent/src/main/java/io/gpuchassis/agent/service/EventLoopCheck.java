package io.gpuchassis.agent.service;

import io.vertx.core.Context;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * An event loop that serves Redfish answers: a task put on it runs within the deadline. A loop that
 * is blocked (a handler that waits on I/O, a deadlock) answers no request, while the process looks
 * alive.
 */
public final class EventLoopCheck implements HealthCheck {

  private final Context context;
  private final Duration deadline;

  /**
   * @param context a context on the loop to watch: one of the HTTPS listeners' ({@code
   *     RedfishServer.loops()})
   */
  public EventLoopCheck(Context context, Duration deadline) {
    this.context = context;
    this.deadline = deadline;
  }

  @Override
  public Optional<String> problem() {
    CountDownLatch ran = new CountDownLatch(1);
    context.runOnContext(v -> ran.countDown());
    try {
      if (ran.await(deadline.toMillis(), TimeUnit.MILLISECONDS)) {
        return Optional.empty();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.of("interrupted while checking the event loop");
    }
    return Optional.of(
        "the event loop did not run a task within " + deadline.toMillis() + " ms: it is blocked");
  }
}
