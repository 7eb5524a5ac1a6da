package io.gpuchassis.agent.health;

import io.gpuchassis.sensor.policy.PolicyAction;
import io.gpuchassis.sensor.threshold.Health;
import io.gpuchassis.sensor.threshold.Severity;
import io.gpuchassis.sensor.threshold.ThresholdEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Health events in the agent's log: worse levels as warnings, recoveries as information. */
public final class LoggedHealthEvents implements HealthEvents {

  private static final Logger LOG = LoggerFactory.getLogger("health");

  @Override
  public void thresholdCrossed(ThresholdEvent event) {
    String line = event.sensorId() + " " + event.messageId() + " at " + event.value();
    if (event.worsened() && event.to() != Severity.CAUTION) {
      LOG.warn(line);
    } else {
      LOG.info(line);
    }
  }

  @Override
  public void sensorFailed(String sensorId, boolean failed) {
    if (failed) {
      LOG.warn("{} cannot be read", sensorId);
    } else {
      LOG.info("{} reads again", sensorId);
    }
  }

  @Override
  public void sensorReadingInvalid(String sensorId, boolean invalid) {
    if (invalid) {
      LOG.warn(
          "{} reads the same value bit for bit, sample after sample: frozen, not trusted",
          sensorId);
    } else {
      LOG.info("{} reading changes again", sensorId);
    }
  }

  @Override
  public void supplyHealthChanged(String psuId, Health health) {
    LOG.warn("{} health {}", psuId, health);
  }

  @Override
  public void slotPoweredOn(int slot) {
    LOG.info("Slot {} powered on again after its over-temperature latch was cleared", slot);
  }

  @Override
  public void slotPowerSwitched(int slot, boolean on, String operator) {
    LOG.info("Slot {} powered {} by {}", slot, on ? "on" : "off", operator);
  }

  @Override
  public void slotPoweredOff(int slot) {
    LOG.warn("Slot {} powered off for over-temperature and latched", slot);
  }

  @Override
  public void policyAction(PolicyAction action) {
    if (action instanceof PolicyAction.LogEntry entry) {
      LOG.warn("Slot {}: {}", entry.slot(), entry.message());
    }
  }
}
