package io.gpuchassis.agent.fabric;

import io.gpuchassis.agent.chassis.PortErrorCounters;
import io.gpuchassis.agent.chassis.PortLink;
import io.gpuchassis.agent.chassis.PortTraffic;
import io.gpuchassis.agent.chassis.SwitchObservation;
import io.gpuchassis.switchdrv.PortBandwidth;
import io.gpuchassis.switchdrv.PortCounters;
import io.gpuchassis.switchdrv.PortStatus;
import io.gpuchassis.switchdrv.SwitchDriver;
import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.SwitchIdentity;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Reads one switch through its driver into a {@link SwitchObservation}: identity, die temperature,
 * the link of every wired port and its error counters. Blocking; runs on the switch's own worker
 * thread.
 */
final class SwitchObserver {

  private final String switchId;
  private final Collection<Integer> wiredPorts;
  private final Clock clock;

  /** The previous successful observation, to turn counters into rates. */
  private SwitchObservation previous;

  SwitchObserver(String switchId, Collection<Integer> wiredPorts, Clock clock) {
    this.switchId = switchId;
    this.wiredPorts = wiredPorts;
    this.clock = clock;
  }

  /**
   * @throws io.gpuchassis.switchdrv.SwitchException when the switch does not answer properly
   */
  SwitchObservation observe(SwitchDriver driver) {
    SwitchIdentity identity = driver.identity();
    double temperature = driver.dieTemperatureCelsius();
    Map<Integer, PortStatus> statuses = new HashMap<>();
    for (PortStatus status : driver.ports()) {
      statuses.put(status.physicalPort(), status);
    }
    Map<Integer, PortTraffic> traffic = traffic(driver);
    Instant now = clock.instant();
    Map<Integer, PortLink> links = new HashMap<>();
    for (int port : wiredPorts) {
      PortStatus status = statuses.get(port);
      if (status != null) {
        PortErrorCounters counters = counters(driver.counters(port));
        links.put(
            port,
            link(status, counters, rates(port, counters, now))
                .withTraffic(Optional.ofNullable(traffic.get(port))));
      }
    }
    previous =
        new SwitchObservation(
            switchId,
            now,
            Optional.empty(),
            OptionalDouble.of(temperature),
            Optional.of(serialNumber(identity.serialNumber())),
            Optional.of(identity.firmwareVersion().toString()),
            links);
    return previous;
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
