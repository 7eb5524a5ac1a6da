package io.gpuchassis.agent.service;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps systemd's watchdog ({@code WatchdogSec=}) alive while the agent is healthy: every half
 * timeout it runs the health checks and sends {@code WATCHDOG=1} only when all pass. When one fails
 * the pings stop, so systemd restarts the agent once the timeout runs out ({@code
 * Restart=on-failure}); the reason is logged once, and again should the agent recover in time.
 */
public final class Watchdog implements AutoCloseable {

  public static final String TIMEOUT_VARIABLE = "WATCHDOG_USEC";
  public static final String PID_VARIABLE = "WATCHDOG_PID";

  private static final Logger LOG = LoggerFactory.getLogger(Watchdog.class);

  private final SystemdNotifier notifier;
  private final List<HealthCheck> checks;
  private final ScheduledExecutorService thread;
  private Optional<String> lastProblem = Optional.empty();

  private Watchdog(SystemdNotifier notifier, List<HealthCheck> checks) {
    this.notifier = notifier;
    this.checks = List.copyOf(checks);
    this.thread =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "systemd-watchdog");
              t.setDaemon(true);
              return t;
            });
  }

  /**
   * The watchdog timeout systemd set for this process: {@code WATCHDOG_USEC}, unless {@code
   * WATCHDOG_PID} names another process (the variables were inherited, not meant for us). Empty
   * when there is none.
   */
  public static Optional<Duration> timeout(Map<String, String> environment, long pid) {
    String usec = environment.get(TIMEOUT_VARIABLE);
    String forPid = environment.get(PID_VARIABLE);
    if (usec == null || (forPid != null && !forPid.equals(Long.toString(pid)))) {
      return Optional.empty();
    }
    try {
      long micros = Long.parseLong(usec.trim());
      return micros > 0 ? Optional.of(Duration.ofNanos(micros * 1000)) : Optional.empty();
    } catch (NumberFormatException e) {
      LOG.warn("{} is not a number of microseconds: {}; no watchdog pings", TIMEOUT_VARIABLE, usec);
      return Optional.empty();
    }
  }

  /**
   * How long one health check may take: well inside the ping interval, at most 5 s, at least 250
   * ms.
   */
  public static Duration checkDeadline(Duration timeout) {
    Duration quarter = timeout.dividedBy(4);
    Duration most = Duration.ofSeconds(5);
    Duration least = Duration.ofMillis(250);
    return quarter.compareTo(most) > 0 ? most : quarter.compareTo(least) < 0 ? least : quarter;
  }

  /**
   * Starts pinging every half {@code timeout} while every check passes; the first ping goes at
   * once.
   */
  public static Watchdog start(
      SystemdNotifier notifier, Duration timeout, List<HealthCheck> checks) {
    Watchdog watchdog = new Watchdog(notifier, checks);
    long interval = Math.max(1, timeout.toMillis() / 2);
    watchdog.thread.scheduleWithFixedDelay(watchdog::tick, 0, interval, TimeUnit.MILLISECONDS);
    LOG.info(
        "Watchdog: telling systemd every {} ms that the agent is healthy (timeout {} ms)",
        interval,
        timeout.toMillis());
    return watchdog;
  }

  private void tick() {
    Optional<String> problem = firstProblem();
    if (problem.isEmpty()) {
      if (lastProblem.isPresent()) {
        LOG.info("Watchdog: healthy again; pinging systemd again");
      }
      notifier.alive();
    } else if (lastProblem.isEmpty()) {
      LOG.error(
          "Watchdog: {}. No longer telling systemd the agent is alive: it restarts the agent when the"
              + " watchdog timeout runs out",
          problem.get());
    }
    lastProblem = problem;
  }

  private Optional<String> firstProblem() {
    for (HealthCheck check : checks) {
      try {
        Optional<String> problem = check.problem();
        if (problem.isPresent()) {
          return problem;
        }
      } catch (RuntimeException e) {
        return Optional.of("a health check failed: " + e);
      }
    }
    return Optional.empty();
  }

  /** Stops pinging: the agent is going down. */
  @Override
  public void close() {
    thread.shutdownNow();
    try {
      thread.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
