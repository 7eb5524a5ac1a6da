package io.gpuchassis.sensor.poll;

import io.gpuchassis.sensor.i2c.DeviceException;
import java.time.Duration;
import java.util.List;

/** The poll task of {@link PollTask#of} and {@link PollTask#group}. Immutable. */
record BasicPollTask(
    String name,
    Duration interval,
    List<SensorDescriptor> sensors,
    PollTask.ValuesReader reader,
    boolean dithers)
    implements PollTask {

  BasicPollTask {
    sensors = List.copyOf(sensors);
    if (interval.isNegative() || interval.isZero()) {
      throw new IllegalArgumentException(name + ": interval must be positive");
    }
  }

  @Override
  public double[] read() throws DeviceException {
    return reader.read();
  }

  @Override
  public String toString() {
    return name + " every " + interval + (dithers ? ", dithering" : "");
  }
}
