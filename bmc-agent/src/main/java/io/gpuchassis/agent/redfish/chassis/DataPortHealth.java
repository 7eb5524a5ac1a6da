package io.gpuchassis.agent.redfish.chassis;

import io.gpuchassis.agent.ethernet.PortStatus;
import io.gpuchassis.redfish.model.Health;
import java.util.List;

/**
 * A data-path port's health from the conditions its monitor raised and has not cleared: each is a
 * warning (the traffic still flows, worse); none is OK; unknown before the first reading.
 */
final class DataPortHealth {

  private DataPortHealth() {}

  static Health of(PortStatus status) {
    if (status.reading().isEmpty()) {
      return null;
    }
    return status.conditions().isEmpty() ? Health.OK : Health.WARNING;
  }

  /** With the port's inventory: a module receiving below its low-alarm level is a warning too. */
  static Health of(PortStatus status, io.gpuchassis.agent.ethernet.PortInventory inventory) {
    Health sampled = of(status);
    return DataPortInventory.lowRxPower(inventory) ? Health.WARNING : sampled;
  }

  /**
   * With the port's last round trip too: a probe's standing condition (slow or lossy) is a warning,
   * even before the first reading.
   */
  static Health of(
      PortStatus status,
      io.gpuchassis.agent.ethernet.PortInventory inventory,
      java.util.Optional<io.gpuchassis.agent.ethernet.RoundTrip> roundTrip) {
    if (roundTrip.map(io.gpuchassis.agent.ethernet.RoundTrip::warning).orElse(false)) {
      return Health.WARNING;
    }
    return of(status, inventory);
  }

  /** An adapter's: the worst of its ports'; unknown while none was read. */
  static Health worst(List<PortStatus> ports) {
    return worst(ports, io.gpuchassis.agent.ethernet.PortInventory::unread);
  }

  /** An adapter's with its ports' inventory: the worst of its ports'. */
  static Health worst(
      List<PortStatus> ports,
      java.util.function.Function<
              io.gpuchassis.agent.ethernet.DataPort, io.gpuchassis.agent.ethernet.PortInventory>
          inventory) {
    Health worst = null;
    for (PortStatus p : ports) {
      Health h = of(p, inventory.apply(p.port()));
      if (h == Health.WARNING || (h == Health.OK && worst == null)) {
        worst = h;
      }
    }
    return worst;
  }
}
