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

  /** An adapter's: the worst of its ports'; unknown while none was read. */
  static Health worst(List<PortStatus> ports) {
    Health worst = null;
    for (PortStatus p : ports) {
      Health h = of(p);
      if (h == Health.WARNING || (h == Health.OK && worst == null)) {
        worst = h;
      }
    }
    return worst;
  }
}
