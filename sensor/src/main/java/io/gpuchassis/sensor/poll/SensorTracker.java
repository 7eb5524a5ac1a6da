package io.gpuchassis.sensor.poll;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The judgement of one sensor, without threads or clocks: feed it read outcomes and times, get
 * readings back. A good read resets the failure count; the N-th failure in a row makes the sensor
 * FAILED and drops its value; a value older than the staleness limit makes it STALE. Intermediate
 * failures keep the last good value and its time, so a single NAK does not flap the sensor's
 * health; a device that was never opened is FAILED at its first read ({@link #unavailable}). A
 * sensor given a {@link StuckReadingDetector} is INVALID while its value stays bit-identical for
 * the detector's window, and OK again at the first change.
 *
 * <p>Not thread-safe: owned by one bus worker.
 */
public final class SensorTracker {

  private final SensorDescriptor sensor;
  private final int failuresBeforeFailed;
  private final Duration staleAfter;
  private final StuckReadingDetector stuck; // null: the sensor's values may legitimately repeat
  private double value;
  private Instant valueTime;
  private int failures;
  private boolean unavailable; // the last failures were reads of a device that was never opened
  private String lastError;
  private ReadingStatus reported;
  private Instant
      firstSeen; // a never-read sensor is not called stale before its first chance to be read

  public SensorTracker(SensorDescriptor sensor, int failuresBeforeFailed, Duration staleAfter) {
    this(sensor, failuresBeforeFailed, staleAfter, null);
  }

  /** A tracker that also judges a frozen value, for a sensor whose live value dithers. */
  public SensorTracker(
      SensorDescriptor sensor,
      int failuresBeforeFailed,
      Duration staleAfter,
      StuckReadingDetector stuck) {
    this.sensor = Objects.requireNonNull(sensor, "sensor");
    this.failuresBeforeFailed = failuresBeforeFailed;
    this.staleAfter = staleAfter;
    this.stuck = stuck;
  }

  public SensorDescriptor sensor() {
    return sensor;
  }

  /** A good read of {@code newValue} at {@code now}. */
  public SensorReading success(double newValue, Instant now) {
    seen(now);
    if (stuck != null) {
      stuck.accept(newValue);
    }
    value = newValue;
    valueTime = now;
    failures = 0;
    unavailable = false;
    lastError = null;
    return report(now);
  }

  /** A failed read at {@code now}. */
  public SensorReading failure(String error, Instant now) {
    seen(now);
    failures++;
    lastError = error;
    return report(now);
  }

  /**
   * A read that could not even be tried because the device was never opened: FAILED at once, since
   * waiting for more failures would only delay what cannot change.
   */
  public SensorReading unavailable(String error, Instant now) {
    seen(now);
    failures++;
    unavailable = true;
    lastError = error;
    return report(now);
  }

  /**
   * A reading if time alone changed the status (the value went stale while nothing was read),
   * otherwise empty. Call it between reads. A sensor that has never been read is reported stale
   * only once the staleness limit has passed since it was first checked, so starting a poller does
   * not flood the listener before the first reads.
   */
  public Optional<SensorReading> checkStaleness(Instant now) {
    seen(now);
    if (valueTime == null
        && reported == null
        && Duration.between(firstSeen, now).compareTo(staleAfter) <= 0) {
      return Optional.empty();
    }
    if (status(now) == ReadingStatus.STALE && reported != ReadingStatus.STALE) {
      return Optional.of(report(now));
    }
    return Optional.empty();
  }

  private void seen(Instant now) {
    if (firstSeen == null) {
      firstSeen = now;
    }
  }

  /** The reading as of {@code now}, without a read. */
  public SensorReading current(Instant now) {
    return reading(now, status(now));
  }

  private SensorReading report(Instant now) {
    ReadingStatus status = status(now);
    reported = status;
    return reading(now, status);
  }

  private ReadingStatus status(Instant now) {
    if (failures >= failuresBeforeFailed || unavailable) {
      return ReadingStatus.FAILED;
    }
    if (valueTime == null || Duration.between(valueTime, now).compareTo(staleAfter) > 0) {
      return ReadingStatus.STALE;
    }
    if (stuck != null && stuck.stuck()) {
      return ReadingStatus.INVALID;
    }
    return ReadingStatus.OK;
  }

  private SensorReading reading(Instant now, ReadingStatus status) {
    boolean hasValue = status != ReadingStatus.FAILED && valueTime != null;
    return new SensorReading(
        sensor,
        status,
        hasValue ? OptionalDouble.of(value) : OptionalDouble.empty(),
        hasValue ? Optional.of(valueTime) : Optional.empty(),
        now,
        failures,
        Optional.ofNullable(failures > 0 ? lastError : null));
  }
}
