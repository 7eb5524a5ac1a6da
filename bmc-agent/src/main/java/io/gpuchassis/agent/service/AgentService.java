package io.gpuchassis.agent.service;

import io.gpuchassis.agent.Agent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The running agent as a system service: it tells systemd when it is ready (Redfish answers), keeps
 * the watchdog alive while it is healthy, and stops cleanly on SIGTERM or SIGINT with exit code 0,
 * or on Manager.Reset (then the process exits with the code its unit restarts on). Without {@code
 * $NOTIFY_SOCKET} (a manual run, the tests) nothing is sent, and the rest behaves the same.
 */
public final class AgentService {

  private static final Logger LOG = LoggerFactory.getLogger(AgentService.class);

  private final GracefulShutdown shutdown;

  private AgentService(GracefulShutdown shutdown) {
    this.shutdown = shutdown;
  }

  /**
   * Starts the service around {@code agent}, which answers Redfish already: readiness is sent now.
   * Call it on the thread that started the agent (see {@link EventLoopCheck}).
   */
  public static AgentService start(Agent agent, Map<String, String> environment) {
    Duration timeout =
        Watchdog.timeout(environment, ProcessHandle.current().pid()).orElse(Duration.ofSeconds(20));
    return start(agent, environment, healthChecks(agent, Watchdog.checkDeadline(timeout)));
  }

  /**
   * As {@link #start(Agent, Map)}, with the watchdog's health checks given (tests add one that
   * fails on demand).
   */
  public static AgentService start(
      Agent agent, Map<String, String> environment, List<HealthCheck> checks) {
    SystemdNotifier notifier = SystemdNotifier.from(environment);
    notifier.ready("Redfish service ready on port " + agent.port());
    Optional<Duration> timeout = Watchdog.timeout(environment, ProcessHandle.current().pid());
    AutoCloseable watchdog = () -> {};
    if (notifier.enabled()) {
      LOG.info("Told systemd the agent is ready");
      if (timeout.isPresent()) {
        watchdog = Watchdog.start(notifier, timeout.get(), checks);
      }
    }
    GracefulShutdown shutdown =
        new GracefulShutdown(
            agent.bindings()::stopAccepting,
            slot -> agent.model().current().binding(slot),
            agent.firmware()::updatingSwitches,
            agent,
            notifier,
            watchdog,
            GracefulShutdown.OPERATIONS_DEADLINE);
    // Manager.Reset stops the agent as SIGTERM does; the process then exits with the restart code
    // (Main).
    agent.restart().attach(shutdown::stop);
    return new AgentService(shutdown);
  }

  /**
   * What must work for the agent to count as alive: every event loop that answers Redfish, and
   * every switch worker.
   */
  public static List<HealthCheck> healthChecks(Agent agent, Duration deadline) {
    List<HealthCheck> checks = new ArrayList<>();
    agent.httpLoops().forEach(loop -> checks.add(new EventLoopCheck(loop, deadline)));
    checks.add(new SwitchWorkersCheck(agent.switches(), SwitchWorkersCheck.GRACE));
    return checks;
  }

  /**
   * Stops the agent on SIGTERM (and SIGINT when {@code interrupt}: not while a console runs on this
   * terminal, whose Ctrl-C belongs to the console), and when the JVM shuts down for any other
   * reason.
   */
  public void stopOnSignals(boolean interrupt) {
    StopSignals.install(interrupt ? List.of("TERM", "INT") : List.of("TERM"), shutdown::stop);
    Runtime.getRuntime()
        .addShutdownHook(new Thread(() -> shutdown.stop("JVM shutdown"), "agent-shutdown"));
  }

  /** Stops the agent (see {@link GracefulShutdown#stop}); returns once it has stopped. */
  public void stop(String why) {
    shutdown.stop(why);
  }

  /** Waits until the agent has stopped, whoever stopped it. */
  public void awaitStopped() {
    shutdown.awaitStopped();
  }
}
