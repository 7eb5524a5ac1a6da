package io.gpuchassis.agent.health;

import io.gpuchassis.sensor.device.pmbus.PmbusStatusWord;
import io.gpuchassis.sensor.poll.SensorReading;
import io.gpuchassis.sensor.threshold.Health;

/**
 * A power supply's health from its STATUS_WORD reading: no power good is critical, any other flag a
 * warning, a clear word OK; a supply that cannot be read is critical. The one place the word is
 * judged, for events and for Redfish.
 */
public final class SupplyHealth {

  private SupplyHealth() {}

  public static Health of(SensorReading word) {
    if (word.value().isEmpty()) {
      return Health.CRITICAL;
    }
    PmbusStatusWord status = new PmbusStatusWord((int) word.value().getAsDouble());
    return !status.powerGood() ? Health.CRITICAL : status.anyFlag() ? Health.WARNING : Health.OK;
  }
}
