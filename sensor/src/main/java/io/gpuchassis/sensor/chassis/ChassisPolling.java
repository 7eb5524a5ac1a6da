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
 * One {@link BusPoller} per bus of a poll plan, started together and closed together. Thread-safety: safe.
 */
public final class ChassisPolling implements AutoCloseable {

  private final Map<Integer, BusPoller> pollers = new TreeMap<>();

  /** Creates the pollers without starting them, so jobs (the fan loop) can be added to a bus first. */
  public ChassisPolling(
      Map<Integer, List<PollTask>> plan, PollerSettings settings, Clock clock, ReadingListener listener) {
    plan.forEach(
        (bus, tasks) -> pollers.put(bus, new BusPoller("i2c-" + bus, tasks, settings, clock, listener)));
  }

  public ChassisPolling start() {
    pollers.values().forEach(BusPoller::start);
    return this;
  }

  public BusPoller poller(int bus) {
    BusPoller p = pollers.get(bus);
    if (p == null) {
      throw new NoSuchElementException("no poller for bus " + bus + "; buses are " + pollers.keySet());
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
