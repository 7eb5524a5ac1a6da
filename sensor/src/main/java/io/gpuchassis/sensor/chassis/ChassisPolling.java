package io.gpuchassis.sensor.chassis;

import io.gpuchassis.sensor.poll.BusPoller;
import io.gpuchassis.sensor.poll.PollTask;
import io.gpuchassis.sensor.poll.PollerSettings;
import io.gpuchassis.sensor.poll.ReadingListener;
import java.time.Clock;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.TreeMap;

/**
 * One {@link BusPoller} per key of a poll plan (per I2C bus, plus one for the external slot lines,
 * see {@link ChassisPollPlan#EXTERNAL_LINES}), started together and closed together. Thread-safety:
 * safe.
 */
public final class ChassisPolling implements AutoCloseable {

  private final Map<Integer, BusPoller> pollers = new TreeMap<>();

  /**
   * Creates the pollers without starting them, so jobs (the fan loop) can be added to a bus first.
   */
  public ChassisPolling(
      Map<Integer, List<PollTask>> plan,
      PollerSettings settings,
      Clock clock,
      ReadingListener listener) {
    plan.forEach(
        (key, tasks) ->
            pollers.put(
                key,
                new BusPoller(ChassisPollPlan.pollerName(key), tasks, settings, clock, listener)));
  }

  public ChassisPolling start() {
    pollers.values().forEach(BusPoller::start);
    return this;
  }

  /** The poller of a bus, or of the external lines ({@link ChassisPollPlan#EXTERNAL_LINES}). */
  public BusPoller poller(int key) {
    BusPoller p = pollers.get(key);
    if (p == null) {
      throw new NoSuchElementException(
          "no poller "
              + ChassisPollPlan.pollerName(key)
              + "; there are "
              + pollers.keySet().stream().map(ChassisPollPlan::pollerName).toList());
    }
    return p;
  }

  public Collection<BusPoller> pollers() {
    return pollers.values();
  }

  @Override
  public void close() throws InterruptedException {
    for (BusPoller p : pollers.values()) {
      p.close();
    }
  }
}
