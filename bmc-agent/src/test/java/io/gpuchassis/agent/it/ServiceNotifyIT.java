package io.gpuchassis.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.compose.BindingException;
import io.gpuchassis.agent.service.AgentService;
import io.gpuchassis.agent.service.HealthCheck;
import io.gpuchassis.agent.service.NotifyReceiver;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent as systemd sees it through {@code $NOTIFY_SOCKET} (a socket of the test's, given in an
 * environment map): READY=1 once Redfish answers, WATCHDOG=1 again and again while every health
 * check passes and none while one fails, STOPPING=1 when it stops, after which no bind starts.
 */
class ServiceNotifyIT {

  private static final Duration WAIT = Duration.ofSeconds(20);

  @TempDir Path dir;

  @Test
  void ready_when_redfish_answers_watchdog_only_while_healthy_stopping_at_the_end()
      throws Exception {
    try (NotifyReceiver systemd = NotifyReceiver.bind(dir.resolve("notify").toString())) {
      TestAgent test = TestAgent.start(dir.resolve("state"));
      AtomicReference<String> injected = new AtomicReference<>();
      AtomicInteger failedChecks = new AtomicInteger();
      List<HealthCheck> checks =
          new ArrayList<>(AgentService.healthChecks(test.agent, Duration.ofSeconds(5)));
      checks.add(
          () -> {
            Optional<String> problem = Optional.ofNullable(injected.get());
            problem.ifPresent(p -> failedChecks.incrementAndGet());
            return problem;
          });
      String pid = Long.toString(ProcessHandle.current().pid());
      AgentService service;
      try {
        service =
            AgentService.start(
                test.agent,
                Map.of(
                    "NOTIFY_SOCKET",
                    systemd.address(),
                    "WATCHDOG_USEC",
                    "200000",
                    "WATCHDOG_PID",
                    pid),
                checks);
      } catch (RuntimeException e) {
        test.close();
        throw e;
      }
      try {
        notifications(systemd, test, service, injected, failedChecks, pid);
      } finally {
        service.stop("test"); // once only: the test's own stop below has done it
      }
    }
  }

  private static void notifications(
      NotifyReceiver systemd,
      TestAgent test,
      AgentService service,
      AtomicReference<String> injected,
      AtomicInteger failedChecks,
      String pid)
      throws Exception {
    String ready = systemd.next(WAIT);
    assertTrue(ready.startsWith("READY=1\n"), ready);
    assertTrue(ready.contains("\nMAINPID=" + pid), ready);
    assertTrue(
        ready.contains("\nSTATUS=Redfish service ready on port " + test.agent.port()), ready);
    assertEquals(
        200,
        test.client.get("/redfish/v1/", null).statusCode(),
        "Redfish answers once READY=1 is sent");

    for (int i = 0; i < 3; i++) {
      assertEquals("WATCHDOG=1", systemd.next(WAIT), "ping " + (i + 1) + " while healthy");
    }

    injected.set("injected failure");
    // Once the failing check has run twice, the tick of its first run has ended without a ping:
    // anything in the
    // socket now was sent before, and nothing may follow.
    awaitAtLeast(failedChecks, 2);
    systemd.drain();
    awaitAtLeast(failedChecks, 6);
    assertEquals(Optional.empty(), systemd.poll(), "no ping while a health check fails");

    injected.set(null);
    assertEquals("WATCHDOG=1", systemd.next(WAIT), "pings resume once healthy again");

    service.stop("test");
    String last;
    do {
      last = systemd.next(WAIT);
    } while (last.equals("WATCHDOG=1"));
    assertEquals("STOPPING=1\nSTATUS=Stopping (test)", last);
    BindingException refused =
        assertThrows(BindingException.class, () -> test.agent.bindings().bind(1, "Host1"));
    assertEquals(
        BindingException.Reason.STOPPING, refused.reason(), "no bind starts once the agent stops");
  }

  private static void awaitAtLeast(AtomicInteger counter, int n) throws InterruptedException {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (counter.get() < n) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the health check ran " + counter.get() + " times, expected " + n);
      }
      Thread.sleep(10);
    }
  }
}
