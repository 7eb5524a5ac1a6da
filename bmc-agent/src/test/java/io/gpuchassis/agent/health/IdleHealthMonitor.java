package io.gpuchassis.agent.health;

import io.gpuchassis.agent.board.BoardDescription;
import io.gpuchassis.agent.platform.BoardSensorLayout;
import io.gpuchassis.sensor.chassis.ChassisSensors;
import io.gpuchassis.sensor.chassis.PollIntervals;
import io.gpuchassis.sensor.device.gpu.PostBoxTiming;
import io.gpuchassis.sensor.policy.PolicyAction;
import io.gpuchassis.sensor.poll.PollerSettings;
import io.gpuchassis.sensor.poll.ReadingStatus;
import io.gpuchassis.sensor.poll.SensorDescriptor;
import io.gpuchassis.sensor.poll.SensorReading;
import io.gpuchassis.sensor.poll.SensorUnit;
import io.gpuchassis.sensor.sim.SimulatedSensorBoard;
import io.gpuchassis.sensor.sim.SimulatedSensorBoardConfig;
import io.gpuchassis.sensor.sim.ThermalParameters;
import io.gpuchassis.sensor.threshold.Health;
import io.gpuchassis.sensor.threshold.ThresholdEvent;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * A {@link HealthMonitor} of the reference board whose pollers never start, for unit tests of what
 * renders from it: it has read nothing until a test hands it readings ({@link #read}, {@link
 * #fail}), which go through the same path as a poller's (thresholds with their debounce, supply
 * health), on the test's thread.
 */
public final class IdleHealthMonitor {

  private IdleHealthMonitor() {}

  /**
   * The monitor over the reference board's sensor layout, watching the GPUs of {@code gpuSlots}.
   */
  public static HealthMonitor of(BoardDescription board, Set<Integer> gpuSlots, Clock clock) {
    SimulatedSensorBoard simulated =
        new SimulatedSensorBoard(
            new SimulatedSensorBoardConfig(
                BoardSensorLayout.of(board),
                List.of(),
                25.0,
                0.6,
                true,
                ThermalParameters.defaults()));
    ChassisSensors sensors =
        new ChassisSensors(
            simulated.newContext(),
            BoardSensorLayout.of(board),
            PostBoxTiming.production(),
            simulated::externalLine);
    return new HealthMonitor(
        sensors,
        gpuSlots,
        slot -> false,
        NO_EVENTS,
        clock,
        PollIntervals.production(),
        PollerSettings.defaults());
  }

  /**
   * The sensor reads {@code value} in the seconds up to {@code at}, often enough for its threshold
   * debounce to settle (the engine counts a sample only when it is newer than the last one it saw).
   */
  public static void read(
      HealthMonitor monitor, String sensorId, SensorUnit unit, double value, Instant at) {
    for (int i = 2; i >= 0; i--) {
      Instant t = at.minusSeconds(i);
      monitor.onReading(
          new SensorReading(
              new SensorDescriptor(sensorId, unit),
              ReadingStatus.OK,
              OptionalDouble.of(value),
              Optional.of(t),
              t,
              0,
              Optional.empty()));
    }
  }

  /** The sensor can be read no longer. */
  public static void fail(HealthMonitor monitor, String sensorId, SensorUnit unit, Instant at) {
    monitor.onReading(
        new SensorReading(
            new SensorDescriptor(sensorId, unit),
            ReadingStatus.FAILED,
            OptionalDouble.empty(),
            Optional.empty(),
            at,
            3,
            Optional.of("NAK")));
  }

  private static final HealthEvents NO_EVENTS =
      new HealthEvents() {
        @Override
        public void thresholdCrossed(ThresholdEvent event) {}

        @Override
        public void policyAction(PolicyAction action) {}

        @Override
        public void sensorFailed(String sensorId, boolean failed) {}

        @Override
        public void sensorReadingInvalid(String sensorId, boolean invalid) {}

        @Override
        public void supplyHealthChanged(String psuId, Health health) {}

        @Override
        public void slotPoweredOn(int slot) {}

        @Override
        public void slotPoweredOff(int slot) {}

        @Override
        public void slotPowerSwitched(int slot, boolean on, String operator) {}
      };
}
