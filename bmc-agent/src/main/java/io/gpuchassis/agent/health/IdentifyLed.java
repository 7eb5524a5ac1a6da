package io.gpuchassis.agent.health;

import io.gpuchassis.sensor.chassis.SensorIds;
import io.gpuchassis.sensor.gpio.GpioLine;
import io.gpuchassis.sensor.i2c.DeviceAction;
import io.gpuchassis.sensor.poll.SensorReading;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The chassis identify LED (Redfish {@code LocationIndicatorActive} of the chassis, the console's
 * {@code locate chassis}): set on the poller that owns its line and read back, then shown as set
 * until the poller reads the line again. The LED is active high.
 */
public final class IdentifyLed {

  private static final Logger LOG = LoggerFactory.getLogger(IdentifyLed.class);

  /** Runs a command on the poller that owns the LED's line. */
  interface OnLine {
    <T> CompletableFuture<T> submit(DeviceAction<T> command);
  }

  private final Optional<GpioLine> line;
  private final OnLine onLine;
  private final Function<String, Optional<SensorReading>> readings;
  private final Clock clock;
  private final LedReadback indicated = new LedReadback();

  /** Counts the changes, after each: part of {@link HealthMonitor#version()}. */
  private final AtomicLong changes = new AtomicLong();

  /**
   * @param line the LED's line; empty when the board wires none to the agent
   * @param readings the latest polled reading of a sensor (the LED's line is polled too)
   */
  IdentifyLed(
      Optional<GpioLine> line,
      OnLine onLine,
      Function<String, Optional<SensorReading>> readings,
      Clock clock) {
    this.line = line;
    this.onLine = onLine;
    this.readings = readings;
    this.clock = clock;
  }

  long version() {
    return changes.get();
  }

  /** Whether the board has an identify LED the agent drives. */
  public boolean present() {
    return line.isPresent();
  }

  /**
   * Lights or darkens the LED. Refused ({@link SlotOperationRefused}, nothing changed) on a board
   * without one.
   */
  public CompletableFuture<Void> set(boolean lit, String operator) {
    if (line.isEmpty()) {
      return CompletableFuture.failedFuture(
          new SlotOperationRefused("this chassis has no identify LED the agent drives"));
    }
    GpioLine led = line.get();
    return onLine
        .submit(
            () -> {
              led.setHigh(lit);
              return led.isHigh();
            })
        .thenAccept(
            now -> {
              indicated.set(now, clock.instant());
              changes.incrementAndGet();
              if (now != lit) {
                throw new IllegalStateException(
                    "the identify LED reads "
                        + (now ? "lit" : "dark")
                        + " after it was set "
                        + (lit ? "lit" : "dark"));
              }
              LOG.info("Chassis identify LED {} by {}", lit ? "lit" : "dark", operator);
            });
  }

  /**
   * Whether the LED is lit: what the agent set it to, or the line as polled since; empty when the
   * board has none.
   */
  public Optional<Boolean> lit() {
    if (line.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(indicated.lit(readings.apply(SensorIds.CHASSIS_IDENTIFY)));
  }
}
