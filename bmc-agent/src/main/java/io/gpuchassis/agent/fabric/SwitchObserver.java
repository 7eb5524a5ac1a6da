package io.gpuchassis.agent.fabric;

import io.gpuchassis.agent.chassis.PortErrorCounters;
import io.gpuchassis.agent.chassis.PortLink;
import io.gpuchassis.agent.chassis.SwitchObservation;
import io.gpuchassis.switchdrv.PortCounters;
import io.gpuchassis.switchdrv.PortStatus;
import io.gpuchassis.switchdrv.SwitchDriver;
import io.gpuchassis.switchdrv.SwitchIdentity;
import java.time.Clock;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Reads one switch through its driver into a {@link SwitchObservation}: identity, die temperature, the link of every
 * wired port and its error counters. Blocking; runs on the switch's own worker thread.
 */
final class SwitchObserver {

  private final String switchId;
  private final Collection<Integer> wiredPorts;
  private final Clock clock;

  SwitchObserver(String switchId, Collection<Integer> wiredPorts, Clock clock) {
    this.switchId = switchId;
    this.wiredPorts = wiredPorts;
    this.clock = clock;
  }

  /** @throws io.gpuchassis.switchdrv.SwitchException when the switch does not answer properly */
  SwitchObservation observe(SwitchDriver driver) {
    SwitchIdentity identity = driver.identity();
    double temperature = driver.dieTemperatureCelsius();
    Map<Integer, PortStatus> statuses = new HashMap<>();
    for (PortStatus status : driver.ports()) {
      statuses.put(status.physicalPort(), status);
    }
    Map<Integer, PortLink> links = new HashMap<>();
    for (int port : wiredPorts) {
      PortStatus status = statuses.get(port);
      if (status != null) {
        links.put(port, link(status, counters(driver.counters(port))));
      }
    }
    return new SwitchObservation(
        switchId,
        clock.instant(),
        Optional.empty(),
        OptionalDouble.of(temperature),
        Optional.of(identity.firmwareVersion().toString()),
        links);
  }

  static PortLink link(PortStatus s, PortErrorCounters counters) {
    String ltssm = s.ltssm().name();
    boolean training =
        !s.linkUp() && (ltssm.startsWith("Polling") || ltssm.startsWith("Configuration") || ltssm.equals("Recovery"));
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
        counters);
  }

  static PortErrorCounters counters(PortCounters c) {
    return new PortErrorCounters(
        c.correctable(), c.uncorrectable(), c.receiverErrors(), c.badTlp(), c.badDllp(), c.surpriseDown());
  }
}
