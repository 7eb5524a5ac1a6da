package io.gpuchassis.agent.ethernet;

import io.gpuchassis.redfish.message.MessageInstance;
import io.gpuchassis.redfish.message.ResourceEventMessages;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Probes the round trip of every data-path port given a peer ({@link RoundTripProbe}) at start and
 * then every period, on a thread of its own ({@code data-port-round-trip}: ping runs for a second
 * or more, never on an event loop), and keeps each port's latest {@link RoundTrip} for the views,
 * an immutable map swapped whole.
 *
 * <p>Judgement: an average round trip above the threshold, or a loss of {@value #LOSS_PERCENT} % or
 * more (no reply at all included), raises ResourceEvent ResourceWarningThresholdExceeded once,
 * naming {@link RoundTrip.Condition#property()}; a later probe back within it clears it with
 * ResourceWarningThresholdCleared, as the port's other thresholds clear. A probe that could not run
 * (ping's exit status 2) changes no condition. What a probe raised is told once the snapshot shows
 * it.
 */
public final class RoundTripWatch implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(RoundTripWatch.class);

  /** The loss at which a port is warned about, in percent. */
  public static final int LOSS_PERCENT = 50;

  private final Map<DataPort, String> peers;
  private final RoundTripProbe probe;
  private final long thresholdMicros;
  private final PortEventSink events;
  private final Duration period;
  private final Clock clock;
  private final Map<DataPort, Set<RoundTrip.Condition>> active = new LinkedHashMap<>();
  private volatile Map<DataPort, RoundTrip> published;
  private final Object probing = new Object();
  private PeriodicThread thread;

  /**
   * @param peers the address each probed port pings, in board order
   */
  public RoundTripWatch(
      Map<DataPort, String> peers,
      RoundTripProbe probe,
      long thresholdMicros,
      PortEventSink events,
      Duration period,
      Clock clock) {
    this.peers = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(peers));
    this.probe = probe;
    this.thresholdMicros = thresholdMicros;
    this.events = events;
    this.period = period;
    this.clock = clock;
    Map<DataPort, RoundTrip> unprobed = new LinkedHashMap<>();
    this.peers.forEach(
        (port, peer) -> {
          unprobed.put(port, RoundTrip.unprobed(port, peer, thresholdMicros));
          active.put(port, EnumSet.noneOf(RoundTrip.Condition.class));
        });
    this.published = Map.copyOf(unprobed);
  }

  /** A watch of no ports: no peers configured, or no data path. */
  public static RoundTripWatch none() {
    return new RoundTripWatch(
        Map.of(), null, 1, (p, m) -> {}, Duration.ofMinutes(1), Clock.systemUTC());
  }

  /**
   * The configured peers ({@code <adapter>/<port>} to address) as the board's ports, in board
   * order.
   *
   * @throws IllegalArgumentException naming the first configured port the board does not have
   */
  public static Map<DataPort, String> peers(List<DataPort> board, Map<String, String> configured) {
    Map<DataPort, String> out = new LinkedHashMap<>();
    for (String name : configured.keySet()) {
      if (board.stream().noneMatch(p -> name.equals(p.adapter() + "/" + p.port()))) {
        throw new IllegalArgumentException(
            name
                + " is not a data-path port of the board (it has "
                + (board.isEmpty()
                    ? "none"
                    : String.join(
                        ", ", board.stream().map(p -> p.adapter() + "/" + p.port()).toList()))
                + ")");
      }
    }
    for (DataPort p : board) {
      String peer = configured.get(p.adapter() + "/" + p.port());
      if (peer != null) {
        out.put(p, peer);
      }
    }
    return out;
  }

  /** Probes now, then once every period; does nothing without peers. */
  public synchronized void start() {
    if (peers.isEmpty() || thread != null) {
      return;
    }
    thread = PeriodicThread.atFixedRate("data-port-round-trip", period, this::probeAll);
  }

  /** Probes every port once, publishes the results, then tells what changed; public for tests. */
  public void probeAll() {
    synchronized (probing) {
      probeAllLocked();
    }
  }

  private void probeAllLocked() {
    Map<DataPort, RoundTrip> next = new LinkedHashMap<>(published);
    List<Map.Entry<DataPort, MessageInstance>> told = new ArrayList<>();
    peers.forEach(
        (port, peer) -> {
          try {
            PingSummary summary = probe.probe(port, peer);
            for (MessageInstance m : judge(port, summary)) {
              told.add(Map.entry(port, m));
            }
            next.put(
                port,
                new RoundTrip(
                    port,
                    peer,
                    thresholdMicros,
                    Optional.of(summary),
                    Optional.of(clock.instant()),
                    active.get(port)));
          } catch (IOException | RuntimeException e) {
            // the next period tries again; the conditions stand as they were
            LOG.warn(
                "The round trip of data-path port {} to {} could not be probed: {}",
                port.netdev(),
                peer,
                e.toString());
          }
        });
    published = Map.copyOf(next);
    told.forEach(t -> events.raise(t.getKey(), t.getValue()));
  }

  private List<MessageInstance> judge(DataPort port, PingSummary summary) {
    Set<RoundTrip.Condition> now = active.get(port);
    List<MessageInstance> out = new ArrayList<>();
    boolean lossy = summary.lossPercent() >= LOSS_PERCENT;
    if (lossy && now.add(RoundTrip.Condition.LOSS)) {
      out.add(exceeded(RoundTrip.Condition.LOSS, LOSS_PERCENT));
    } else if (!lossy && now.remove(RoundTrip.Condition.LOSS)) {
      out.add(cleared(RoundTrip.Condition.LOSS, LOSS_PERCENT));
    }
    // without a reply there is no round trip to judge: SLOW stands as it was
    summary
        .rtt()
        .ifPresent(
            rtt -> {
              boolean slow = rtt.avgMicros() > thresholdMicros;
              if (slow && now.add(RoundTrip.Condition.SLOW)) {
                out.add(exceeded(RoundTrip.Condition.SLOW, thresholdMicros));
              } else if (!slow && now.remove(RoundTrip.Condition.SLOW)) {
                out.add(cleared(RoundTrip.Condition.SLOW, thresholdMicros));
              }
            });
    return out;
  }

  private static MessageInstance exceeded(RoundTrip.Condition condition, long level) {
    return ResourceEventMessages.RESOURCE_WARNING_THRESHOLD_EXCEEDED.with(
        condition.property(), Long.toString(level));
  }

  private static MessageInstance cleared(RoundTrip.Condition condition, long level) {
    return ResourceEventMessages.RESOURCE_WARNING_THRESHOLD_CLEARED.with(
        condition.property(), Long.toString(level));
  }

  /** The latest probe of every probed port, in board order. */
  public List<RoundTrip> all() {
    Map<DataPort, RoundTrip> now = published;
    return peers.keySet().stream().map(now::get).toList();
  }

  /** The latest probe of {@code port}; empty for a port without a peer. */
  public Optional<RoundTrip> of(DataPort port) {
    return Optional.ofNullable(published.get(port));
  }

  @Override
  public synchronized void close() {
    if (thread != null) {
      thread.close();
    }
  }
}
