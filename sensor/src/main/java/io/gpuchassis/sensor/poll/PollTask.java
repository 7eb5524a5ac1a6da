package io.gpuchassis.sensor.poll;

import io.gpuchassis.sensor.i2c.DeviceException;
import java.time.Duration;
import java.util.List;

/**
 * One device access the poller repeats at an interval, producing values for a fixed list of sensors
 * (one for a temperature sensor, several when one transfer yields several values, such as a
 * supply's telemetry or an expander's sixteen pins). If the read fails, every sensor of the task
 * counts a failure.
 */
public interface PollTask {

  String name();

  Duration interval();

  List<SensorDescriptor> sensors();

  /**
   * Blocking device I/O, called on the bus worker: one value per sensor, in {@link #sensors()}
   * order.
   */
  double[] read() throws DeviceException;

  /**
   * True when the live values of this task's sensors dither from read to read (a resolution finer
   * than the sensor's noise), so that a run of bit-identical values means a frozen device ({@link
   * StuckReadingDetector}).
   */
  default boolean dithers() {
    return false;
  }

  /** This task, declared to {@link #dithers() dither}. */
  default PollTask dithering() {
    return new BasicPollTask(name(), interval(), sensors(), this::read, true);
  }

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

  static PollTask group(
      String name, Duration interval, List<SensorDescriptor> sensors, ValuesReader reader) {
    return new BasicPollTask(name, interval, sensors, reader, false);
  }
}
