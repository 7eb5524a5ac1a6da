package io.gpuchassis.agent.service;

import io.gpuchassis.agent.fabric.SwitchWorker;
import io.gpuchassis.agent.fabric.SwitchWorkers;
import java.time.Duration;
import java.util.Optional;

/** Every switch's worker is alive and its polls keep ending ({@link SwitchWorker#stuck}). */
public final class SwitchWorkersCheck implements HealthCheck {

  /**
   * How long past its poll interval a switch may go without a poll before its worker counts as
   * stuck: well above the longest single command (a bind waits up to 5 s for the link, a reset a
   * few seconds), so only a hang trips it.
   */
  public static final Duration GRACE = Duration.ofSeconds(60);

  private final SwitchWorkers workers;
  private final Duration grace;

  public SwitchWorkersCheck(SwitchWorkers workers, Duration grace) {
    this.workers = workers;
    this.grace = grace;
  }

  @Override
  public Optional<String> problem() {
    return workers.all().values().stream()
        .map(w -> w.stuck(grace))
        .flatMap(Optional::stream)
        .findFirst();
  }
}
