package io.gpuchassis.agent.ethernet;

import io.gpuchassis.redfish.message.MessageInstance;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Samples every data-path port once per period on a thread of its own (reading sysfs and running
 * ethtool block; never the event loop), and keeps each port's latest {@link PortStatus} for the
 * views, which read it without locks. What a period raised is passed on only once the statuses show
 * it, so a client told of a condition reads it on the port.
 */
public final class PortWatch implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(PortWatch.class);

  /** A monitored port and its monitor. */
  private record Watched(DataPort port, PortMonitor monitor) {}

  /** A message a monitor raised this period, held until the statuses show it. */
  private record Raised(DataPort port, MessageInstance message) {}

  private final List<Watched> ports;
  private final PortEventSink events;
  private final List<Raised> raised = new ArrayList<>();
  private final Duration period;
  private final Map<DataPort, PortStatus> latest = new LinkedHashMap<>();
  private volatile Map<DataPort, PortStatus> published;
  private PeriodicThread thread;

  /**
   * @param sources where each port is read
   * @param events where what the monitors raise goes
   */
  public PortWatch(
      List<DataPort> ports,
      Function<DataPort, PortSource> sources,
      PortThresholds thresholds,
      PortEventSink events,
      Duration period) {
    this.ports =
        ports.stream()
            .map(
                p ->
                    new Watched(
                        p,
                        new PortMonitor(
                            p,
                            sources.apply(p),
                            thresholds,
                            (port, message) -> raised.add(new Raised(port, message)))))
            .toList();
    this.events = events;
    this.period = period;
    ports.forEach(p -> latest.put(p, PortStatus.unread(p)));
    this.published = Map.copyOf(latest);
  }

  /** Takes the first reading now, then one every period; does nothing without ports. */
  public synchronized void start() {
    if (ports.isEmpty() || thread != null) {
      return;
    }
    thread = PeriodicThread.atFixedRate("data-ports", period, this::sampleAll);
  }

  /** One period of every port; public for tests that step a clock instead of waiting. */
  public void sampleAll() {
    synchronized (raised) {
      sampleAllLocked();
    }
  }

  private void sampleAllLocked() {
    for (Watched w : ports) {
      try {
        Optional<PortRates> rates = w.monitor().sample();
        PortStatus before = latest.get(w.port());
        latest.put(
            w.port(),
            new PortStatus(
                w.port(),
                Optional.of(w.monitor().lastReading().orElseThrow()),
                rates.isPresent() ? rates : before.period(),
                w.monitor().active()));
      } catch (RuntimeException e) {
        // one port's failure must not stop the others' watch or the next period
        LOG.warn("Data-path port {} could not be sampled: {}", w.port().netdev(), e.toString());
      }
    }
    published = Map.copyOf(latest);
    List<Raised> told = List.copyOf(raised);
    raised.clear();
    told.forEach(r -> events.raise(r.port(), r.message()));
  }

  /** The latest status of every port, in board order. */
  public List<PortStatus> statuses() {
    Map<DataPort, PortStatus> now = published;
    return ports.stream().map(w -> now.get(w.port())).toList();
  }

  /** The latest status of the port named so in Redfish and messages. */
  public Optional<PortStatus> status(String adapter, String port) {
    return statuses().stream()
        .filter(s -> s.port().adapter().equals(adapter) && s.port().port().equals(port))
        .findFirst();
  }

  @Override
  public synchronized void close() {
    if (thread != null) {
      thread.close();
    }
  }
}
