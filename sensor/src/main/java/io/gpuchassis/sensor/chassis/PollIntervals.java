package io.gpuchassis.sensor.chassis;

import java.time.Duration;

/**
 * How often each kind of device is read.
 *
 * @param gpu GPU temperature and power over the post-box
 * @param temperature chassis temperature sensors
 * @param powerMonitor rail monitors
 * @param fans fan speeds and fault flags
 * @param psu supply telemetry and status
 * @param slotSignals slot presence, power, reset and LED lines
 */
public record PollIntervals(
    Duration gpu,
    Duration temperature,
    Duration powerMonitor,
    Duration fans,
    Duration psu,
    Duration slotSignals) {

  /**
   * Production intervals: thermal inputs at 1 s (the thermal loop rate of phosphor-pid-control),
   * supplies at 2 s, slot lines at 500 ms so a pulled card is noticed quickly.
   */
  public static PollIntervals production() {
    return new PollIntervals(
        Duration.ofSeconds(1),
        Duration.ofSeconds(1),
        Duration.ofSeconds(1),
        Duration.ofSeconds(1),
        Duration.ofSeconds(2),
        Duration.ofMillis(500));
  }

  /** Every interval divided by {@code factor}, for tests that cannot wait seconds. */
  public PollIntervals faster(long factor) {
    return new PollIntervals(
        gpu.dividedBy(factor),
        temperature.dividedBy(factor),
        powerMonitor.dividedBy(factor),
        fans.dividedBy(factor),
        psu.dividedBy(factor),
        slotSignals.dividedBy(factor));
  }
}
