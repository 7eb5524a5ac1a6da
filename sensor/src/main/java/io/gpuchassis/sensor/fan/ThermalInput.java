package io.gpuchassis.sensor.fan;

import io.gpuchassis.sensor.poll.ReadingStatus;
import io.gpuchassis.sensor.poll.SensorReading;

/**
 * One input of a fan zone: how far a temperature is below its limit.
 *
 * @param sensorId the temperature sensor
 * @param status whether the reading can be trusted; anything but OK (stale, frozen, failed) sends
 *     the zone to failsafe
 * @param margin {@code limit − temperature} in °C (NaN when there is no value)
 */
public record ThermalInput(String sensorId, ReadingStatus status, double margin) {

  /** The margin of {@code reading} below {@code limitCelsius}. */
  public static ThermalInput of(SensorReading reading, double limitCelsius) {
    double margin =
        reading.value().isPresent() ? limitCelsius - reading.value().getAsDouble() : Double.NaN;
    return new ThermalInput(reading.sensorId(), reading.status(), margin);
  }

  public boolean usable() {
    return status == ReadingStatus.OK && Double.isFinite(margin);
  }
}
