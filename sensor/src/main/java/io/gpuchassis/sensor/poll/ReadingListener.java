package io.gpuchassis.sensor.poll;

/**
 * Receives readings. Called on the bus worker thread that produced the reading, in order per
 * sensor; must return quickly and must not block (hand the reading to the state writer, e.g.
 * through a queue). Exceptions are logged and otherwise ignored.
 */
@FunctionalInterface
public interface ReadingListener {

  void onReading(SensorReading reading);

  /** This listener, then {@code next}. */
  default ReadingListener andThen(ReadingListener next) {
    return reading -> {
      onReading(reading);
      next.onReading(reading);
    };
  }
}
