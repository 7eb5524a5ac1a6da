package io.gpuchassis.agent.ethernet;

/**
 * How much a counter counted between two readings. A counter that went backwards either wrapped (it
 * was in the top quarter of its width and is now in the bottom quarter: it counted to the top and
 * on from zero) or was reset (a driver reload, a port reset), and then it counted its current value
 * since the reset, as Prometheus's {@code rate()} assumes.
 */
public final class CounterDelta {

  private CounterDelta() {}

  /**
   * @param previous the earlier value (unsigned)
   * @param current the later value (unsigned)
   * @param widthBits how many bits the hardware keeps the counter in (32 or 64)
   */
  public static long between(long previous, long current, int widthBits) {
    if (Long.compareUnsigned(current, previous) >= 0) {
      return current - previous;
    }
    if (wrapped(previous, current, widthBits)) {
      // modulo 2^width: for 64 bits Java's overflowing subtraction is exactly that
      return widthBits == 64 ? current - previous : (1L << widthBits) - previous + current;
    }
    return current;
  }

  private static boolean wrapped(long previous, long current, int widthBits) {
    if (widthBits == 64) {
      return (previous >>> 62) == 3 && (current >>> 62) == 0; // top quarter, then bottom quarter
    }
    long range = 1L << widthBits;
    return previous >= range - range / 4 && previous < range && current < range / 4;
  }
}
