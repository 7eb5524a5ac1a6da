package io.gpuchassis.agent.fabric;

import io.gpuchassis.agent.chassis.PortErrorCounters;
import io.gpuchassis.agent.chassis.PortLink;
import io.gpuchassis.agent.chassis.PortTraffic;
import io.gpuchassis.agent.chassis.SwitchObservation;
import io.gpuchassis.switchdrv.PortBandwidth;
import io.gpuchassis.switchdrv.PortCounters;
import io.gpuchassis.switchdrv.PortStatus;
import io.gpuchassis.switchdrv.SwitchDriver;
import io.gpuchassis.switchdrv.SwitchEvents;
import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.SwitchIdentity;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Reads one switch through its driver into a {@link SwitchObservation}: identity, die temperature,
 * the link of every wired port and its error counters. Blocking; runs on the switch's own worker
 * thread.
 *
 * <p>The chip's event summary says what changed, so a quiet switch costs the same whatever its port
 * count: every poll reads the summary (one GAS read when nothing happened); link status (one
 * LNKSTAT for all ports) only when a port's link or a binding changed, and error counters (PMON,
 * per port) only of ports that reported events. Every {@link #FULL_SWEEP_EVERY}th poll, the first
 * one and the one after a failed poll read everything anyway, a safety net for an event the chip
 * did not raise or a poll that consumed events and then failed. A port in no partition (an
 * inter-switch link) raises no event the agent can map: once one had a link, link status is read
 * every poll; its counters are read in the sweeps. The byte counters of every port (PMON bandwidth,
 * one MRPC per 18 ports) are read in the sweeps too: they feed PortMetrics, which no one reads
 * every second, and reading them every poll would make a quiet poll's cost grow with the port
 * count.
 */
final class SwitchObserver {

  /** One poll in this many reads every port's link and counters whatever the events say. */
  static final int FULL_SWEEP_EVERY = 10;

  private final String switchId;
  private final Collection<Integer> wiredPorts;
  private final Clock clock;

  /** The previous successful observation, to turn counters into rates. */
  private SwitchObservation previous;

  /** Link status of every port as last read. */
  private Map<Integer, PortStatus> statuses = Map.of();

  /** Wired ports seen with a link while in no partition. */
  private final Set<Integer> linkedOutsidePartitions = new HashSet<>();

  /** Byte counters of every port as last read (in the last sweep). */
  private Map<Integer, PortTraffic> traffic = Map.of();

  /** Polls until the next full sweep; 0 means the next poll sweeps. */
  private int untilSweep;

  SwitchObserver(String switchId, Collection<Integer> wiredPorts, Clock clock) {
    this.switchId = switchId;
    this.wiredPorts = wiredPorts;
    this.clock = clock;
  }

  /**
   * @throws io.gpuchassis.switchdrv.SwitchException when the switch does not answer properly
   */
  SwitchObservation observe(SwitchDriver driver) {
    try {
      return poll(driver);
    } catch (RuntimeException e) {
      untilSweep = 0; // the failed poll may have acknowledged events it did not act on
      throw e;
    }
  }

  private SwitchObservation poll(SwitchDriver driver) {
    SwitchIdentity identity = driver.identity();
    double temperature = driver.dieTemperatureCelsius();
    SwitchEvents events = driver.events();
    boolean sweep = untilSweep == 0 || previous == null;
    untilSweep = sweep ? FULL_SWEEP_EVERY - 1 : untilSweep - 1;
    if (sweep || linksChanged(events) || linkOutsidePartitions()) {
      statuses = readStatuses(driver);
    }
    if (sweep) {
      traffic = traffic(driver);
    }
    Instant now = clock.instant();
    // What did not change since the previous observation is kept as it was, not replaced by an
    // equal copy: under load the young generation is collected several times a second, and copies
    // that live a poll interval would be promoted and pile up in the old generation until a full
    // collection (docs/PERFORMANCE.md, "Soak").
    Map<Integer, PortLink> links = new HashMap<>();
    boolean linksAsBefore = previous != null;
    for (int port : wiredPorts) {
      PortStatus status = statuses.get(port);
      if (status != null) {
        PortErrorCounters counters =
            counters(driver, port, sweep || events.ports().containsKey(port));
        PortLink link =
            link(status, counters, rates(port, counters, now))
                .withTraffic(Optional.ofNullable(traffic.get(port)));
        PortLink kept = unchanged(link, previous == null ? null : previous.ports().get(port));
        linksAsBefore &= kept != link; // the previous observation's object was kept
        links.put(port, kept);
      }
    }
    Optional<String> serial = Optional.of(serialNumber(identity.serialNumber()));
    Optional<String> firmware = Optional.of(identity.firmwareVersion().toString());
    boolean first = previous == null;
    previous =
        new SwitchObservation(
            switchId,
            now,
            Optional.empty(),
            OptionalDouble.of(temperature),
            first ? serial : unchanged(serial, previous.serialNumber()),
            first ? firmware : unchanged(firmware, previous.firmwareVersion()),
            linksAsBefore && links.size() == previous.ports().size() ? previous.ports() : links);
    return previous;
  }

  /** {@code before} when {@code now} equals it (the object already kept), else {@code now}. */
  private static <T> T unchanged(T now, T before) {
    return now.equals(before) ? before : now;
  }

  private static boolean linksChanged(SwitchEvents events) {
    return !events.bindingsCompleted().isEmpty()
        || events.ports().values().stream().anyMatch(SwitchEvents.PortEvents::linkChanged);
  }

  /**
   * Whether a wired port that had a link while in no partition (an inter-switch link) is still in
   * none: the chip raises no port events it could be mapped by, so its link is read every poll (one
   * LNKSTAT whatever the port count), down or up.
   */
  private boolean linkOutsidePartitions() {
    for (int port : wiredPorts) {
      PortStatus s = statuses.get(port);
      if (s != null && s.partition().isEmpty() && (s.linkUp() || s.ltssm().major() != 0)) {
        linkedOutsidePartitions.add(port);
      } else if (s != null && s.partition().isPresent()) {
        linkedOutsidePartitions.remove(port);
      }
    }
    return !linkedOutsidePartitions.isEmpty();
  }

  /** The ports' statuses, each kept as read before when it did not change. */
  private Map<Integer, PortStatus> readStatuses(SwitchDriver driver) {
    Map<Integer, PortStatus> out = new HashMap<>();
    for (PortStatus status : driver.ports()) {
      out.put(status.physicalPort(), unchanged(status, statuses.get(status.physicalPort())));
    }
    return out;
  }

  /** The port's counters, read when it had events, else as last read (they did not move). */
  private PortErrorCounters counters(SwitchDriver driver, int port, boolean read) {
    if (!read && previous != null && previous.ports().containsKey(port)) {
      return previous.ports().get(port).counters();
    }
    return counters(driver.counters(port));
  }

  /**
   * Every port's byte counters in one read (one MRPC per 18 ports); none when the chip refuses
   * them.
   */
  private static Map<Integer, PortTraffic> traffic(SwitchDriver driver) {
    Map<Integer, PortTraffic> out = new HashMap<>();
    try {
      for (PortBandwidth b : driver.bandwidthCounters()) {
        out.put(b.physicalPort(), new PortTraffic(b.ingress().total(), b.egress().total()));
      }
    } catch (SwitchException e) {
      if (e.kind() != SwitchException.Kind.DEVICE_ERROR) {
        throw e;
      }
    }
    return out;
  }

  /**
   * Growth per second since the previous observation; a counter that went down (switch reset)
   * restarts at zero.
   */
  private PortLink.ErrorRates rates(int port, PortErrorCounters now, Instant at) {
    if (previous == null || !previous.ports().containsKey(port)) {
      return PortLink.ErrorRates.NONE;
    }
    double seconds = Duration.between(previous.observedAt(), at).toNanos() / 1e9;
    if (seconds <= 0) {
      return PortLink.ErrorRates.NONE;
    }
    PortErrorCounters before = previous.ports().get(port).counters();
    if (now.correctable() <= before.correctable()
        && now.uncorrectable() <= before.uncorrectable()) {
      return PortLink.ErrorRates.NONE;
    }
    return new PortLink.ErrorRates(
        Math.max(0, now.correctable() - before.correctable()) / seconds,
        Math.max(0, now.uncorrectable() - before.uncorrectable()) / seconds);
  }

  static PortLink link(PortStatus s, PortErrorCounters counters, PortLink.ErrorRates rates) {
    String ltssm = s.ltssm().name();
    boolean training =
        !s.linkUp()
            && (ltssm.startsWith("Polling")
                || ltssm.startsWith("Configuration")
                || ltssm.equals("Recovery"));
    return new PortLink(
        s.physicalPort(),
        s.upstream() ? java.util.OptionalInt.empty() : s.partition(),
        s.linkUp(),
        training,
        s.negotiatedGen(),
        s.negotiatedWidth(),
        s.maxGen(),
        s.maxWidth(),
        ltssm,
        counters,
        rates);
  }

  /** Switchtec serial numbers are 32-bit values, shown in hex as the vendor's tool prints them. */
  static String serialNumber(long serial) {
    return String.format("0x%08x", serial);
  }

  static PortErrorCounters counters(PortCounters c) {
    return new PortErrorCounters(
        c.correctable(),
        c.uncorrectable(),
        c.receiverErrors(),
        c.badTlp(),
        c.badDllp(),
        c.surpriseDown());
  }
}
