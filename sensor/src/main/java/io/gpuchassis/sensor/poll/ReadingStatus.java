package io.gpuchassis.sensor.poll;

/** How far a reading can be trusted. */
public enum ReadingStatus {
  /** The value is recent. */
  OK,
  /** The value is older than the sensor's staleness limit (reads failing or late); shown, but not healthy. */
  STALE,
  /** The configured number of reads in a row failed; there is no value. */
  FAILED
}
