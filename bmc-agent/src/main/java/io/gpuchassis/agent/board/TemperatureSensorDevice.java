package io.gpuchassis.agent.board;

import io.gpuchassis.agent.chassis.TemperatureSensor;
import java.util.Objects;

/**
 * A chassis temperature sensor chip.
 *
 * @param sensor the chassis model's sensor (id and Redfish PhysicalContext)
 * @param part {@link I2cPart#TMP75} or {@link I2cPart#LM75}
 * @param path where the chip answers
 */
public record TemperatureSensorDevice(TemperatureSensor sensor, I2cPart part, I2cPath path)
    implements I2cDevice {

  public TemperatureSensorDevice {
    Objects.requireNonNull(sensor, "sensor");
    Objects.requireNonNull(part, "part");
    Objects.requireNonNull(path, "path");
  }

  @Override
  public String id() {
    return sensor.id();
  }

  /** 12 for a TMP75 (run in 12-bit mode), 9 for an LM75. */
  public int resolutionBits() {
    return part == I2cPart.LM75 ? 9 : 12;
  }
}
