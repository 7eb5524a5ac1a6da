package io.gpuchassis.sensor.poll;

/** How far a reading can be trusted. */
public enum ReadingStatus {
  /** The value is recent. */
  OK,
  /**
   * The value is older than the sensor's staleness limit (reads failing or late); shown, but not
   * healthy.
   */
  STALE,
  /**
   * The sensor answers, but its value cannot be trusted: a fine-resolution sensor read the same
   * value bit for bit too many times in a row ({@link StuckReadingDetector}), so the device is
   * frozen. Shown, not healthy, not used for control; OK again as soon as the value changes.
   */
  INVALID,
  /** The configured number of reads in a row failed; there is no value. */
  FAILED
}
