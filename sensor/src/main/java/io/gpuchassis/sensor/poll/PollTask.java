package io.gpuchassis.sensor.poll;

import io.gpuchassis.sensor.i2c.DeviceException;
import java.time.Duration;
import java.util.List;

/**
 * One device access the poller repeats at an interval, producing values for a fixed list of sensors (one for a
 * temperature sensor, several when one transfer yields several values, such as a supply's telemetry or an expander's
 * sixteen pins). If the read fails, every sensor of the task counts a failure.
 */
public interface PollTask {

  String name();

  Duration interval();

  List<SensorDescriptor> sensors();

  /** Blocking device I/O, called on the bus worker: one value per sensor, in {@link #sensors()} order. */
  double[] read() throws DeviceException;

  /** Reads one value. */
  @FunctionalInterface
  interface ValueReader {
    double read() throws DeviceException;
  }

  /** Reads several values at once. */
  @FunctionalInterface
  interface ValuesReader {
    double[] read() throws DeviceException;
  }

  static PollTask of(SensorDescriptor sensor, Duration interval, ValueReader reader) {
    return group(sensor.id(), interval, List.of(sensor), () -> new double[] {reader.read()});
  }

  static PollTask group(String name, Duration interval, List<SensorDescriptor> sensors, ValuesReader reader) {
    List<SensorDescriptor> fixed = List.copyOf(sensors);
    if (interval.isNegative() || interval.isZero()) {
      throw new IllegalArgumentException(name + ": interval must be positive");
    }
    return new PollTask() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public Duration interval() {
        return interval;
      }

      @Override
      public List<SensorDescriptor> sensors() {
        return fixed;
      }

      @Override
      public double[] read() throws DeviceException {
        return reader.read();
      }

      @Override
      public String toString() {
        return name + " every " + interval;
      }
    };
  }
}
