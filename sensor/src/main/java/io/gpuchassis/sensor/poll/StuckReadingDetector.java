package io.gpuchassis.sensor.poll;

/**
 * Tells a frozen sensor from a live one by its noise: a fine-resolution sensor dithers by an LSB or
 * two from read to read, so a value that stays bit-identical for {@code samples} reads in a row
 * means the device stopped converting (a hung ADC, a wedged part answering from a latched
 * register). Use it only on sensors whose resolution is below their noise (a 12-bit TMP75's 0.0625
 * °C): a coarse or integer reading, a stopped fan's zero tach or a status word legitimately
 * repeats.
 *
 * <p>The default of 60 samples (a minute at a 1 s poll) keeps false alarms out of reach: with a
 * 12-bit sensor's noise about one LSB rms, two reads agree with a probability of about 0.3, and 59
 * agreements in a row about 10⁻³¹, while a frozen sensor is still found within a minute, long
 * before its true temperature can have drifted far.
 *
 * <p>Not thread-safe: owned by one sensor's tracker.
 */
public final class StuckReadingDetector {

  /** One minute of readings at the production poll interval of 1 s. */
  public static final int DEFAULT_SAMPLES = 60;

  private final int samples;
  private long lastBits;
  private int run; // how many reads in a row had lastBits

  /**
   * @param samples how many bit-identical reads in a row make the sensor stuck (at least 2)
   */
  public StuckReadingDetector(int samples) {
    if (samples < 2) {
      throw new IllegalArgumentException(
          "a stuck reading needs at least 2 identical samples, not " + samples);
    }
    this.samples = samples;
  }

  /**
   * Records a read; true while the value has been bit-identical for at least the configured number
   * of reads.
   */
  public boolean accept(double value) {
    long bits = Double.doubleToRawLongBits(value);
    if (run > 0 && bits == lastBits) {
      run = Math.min(run + 1, samples); // saturate: a sensor stuck for days must not overflow
    } else {
      lastBits = bits;
      run = 1;
    }
    return stuck();
  }

  public boolean stuck() {
    return run >= samples;
  }

  public int samples() {
    return samples;
  }
}
