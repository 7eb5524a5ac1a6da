package io.gpuchassis.switchdrv;

/**
 * The bandwidth counters of one physical port (PMON sub 1): bytes of each TLP kind that left and
 * entered the port since its counters were last cleared, and the time they have been counting.
 * Divide a byte count difference by the time difference for a rate.
 *
 * @param physicalPort physical port ID
 * @param timeMicros the counters' time stamp in microseconds
 * @param egress bytes out of the switch through this port (toward the attached device or host)
 * @param ingress bytes into the switch through this port
 */
public record PortBandwidth(
    int physicalPort, long timeMicros, Direction egress, Direction ingress) {

  /**
   * Byte counts of one direction, as 64-bit counters.
   *
   * @param posted posted TLP bytes (memory writes, messages)
   * @param completion completion TLP bytes (read data)
   * @param nonPosted non-posted TLP bytes (read requests, configuration and I/O requests)
   */
  public record Direction(long posted, long completion, long nonPosted) {

    /** All bytes of this direction. */
    public long total() {
      return posted + completion + nonPosted;
    }
  }
}
