package io.gpuchassis.agent.health;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.PortHealth;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.WiredPort;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.sensor.chassis.SensorIds;
import java.time.Duration;
import java.time.Instant;

/**
 * A GPU's Status, the same in its PCIe device and its processor: the worst of its temperature
 * (thresholds), its sideband (a GPU that stopped answering is critical) and its link. A slot the
 * over-temperature policy powered off is Disabled until an operator clears it.
 */
public final class GpuStatus {

  private GpuStatus() {}

  public static Status of(
      ChassisState state, Slot slot, HealthMonitor health, Instant now, Duration staleAfter) {
    if (health.latched(slot.number())) {
      return new Status().state(State.DISABLED).health(Health.CRITICAL);
    }
    Health gpu = SensorHealth.of(health, SensorIds.gpuTemperature(slot.number())).getHealth();
    WiredPort port = WiredPort.find(state, slot.switchId(), slot.port()).orElseThrow();
    Health link =
        switch (PortHealth.judge(port, state.switchObservation(slot.switchId()), now, staleAfter)) {
          case OK -> Health.OK;
          case WARNING -> Health.WARNING;
          case CRITICAL -> Health.CRITICAL;
        };
    return new Status()
        .state(State.ENABLED)
        .health(SensorHealth.worst(gpu == null ? Health.WARNING : gpu, link));
  }
}
