package io.gpuchassis.agent.health;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.PortHealth;
import io.gpuchassis.agent.chassis.SwitchChip;
import io.gpuchassis.agent.chassis.SwitchObservation;
import io.gpuchassis.agent.chassis.WiredPort;
import io.gpuchassis.redfish.model.Health;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/**
 * Redfish health of the fabric's parts from the last switch observations: a port by its link, a
 * switch by whether it answers (its rollup adds its ports), the fabric by its switches.
 * Observations older than {@code staleAfter} count as unknown, which is never {@code OK}.
 */
public final class FabricHealth {

  private final Clock clock;
  private final Duration staleAfter;

  public FabricHealth(Clock clock, Duration staleAfter) {
    this.clock = clock;
    this.staleAfter = staleAfter;
  }

  public Health ofPort(ChassisState state, WiredPort port) {
    return switch (PortHealth.judge(
        port, state.switchObservation(port.switchId()), clock.instant(), staleAfter)) {
      case OK -> Health.OK;
      case WARNING -> Health.WARNING;
      case CRITICAL -> Health.CRITICAL;
    };
  }

  /**
   * The switch itself: Critical when it does not answer, Warning before its first answer or when
   * stale.
   */
  public Health ofSwitch(ChassisState state, String switchId) {
    Optional<SwitchObservation> observation = state.switchObservation(switchId);
    if (observation.isEmpty()) {
      return Health.WARNING;
    }
    if (!observation.get().reachable()) {
      return Health.CRITICAL;
    }
    return observation.get().observedAt().plus(staleAfter).isBefore(clock.instant())
        ? Health.WARNING
        : Health.OK;
  }

  /** The switch and its wired ports: the worst of them. */
  public Health rollupOfSwitch(ChassisState state, String switchId) {
    Health worst = ofSwitch(state, switchId);
    for (WiredPort port : WiredPort.of(state, switchId)) {
      worst = worse(worst, ofPort(state, port));
    }
    return worst;
  }

  public Health ofFabric(ChassisState state) {
    Health worst = Health.OK;
    for (SwitchChip chip : state.switches()) {
      worst = worse(worst, rollupOfSwitch(state, chip.id()));
    }
    return worst;
  }

  static Health worse(Health a, Health b) {
    return a.ordinal() >= b.ordinal() ? a : b;
  }
}
