package io.gpuchassis.sensor.fan;

import io.gpuchassis.sensor.i2c.DeviceException;

/**
 * Applies a duty to every fan of a zone. Blocking device I/O; runs on the fan controller's bus
 * worker.
 */
@FunctionalInterface
public interface FanActuator {

  void apply(double dutyPercent) throws DeviceException;
}
