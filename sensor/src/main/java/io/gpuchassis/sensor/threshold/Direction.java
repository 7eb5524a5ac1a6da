package io.gpuchassis.sensor.threshold;

/** Which side of the normal range a threshold guards. */
public enum Direction {
  UPPER,
  LOWER
}
