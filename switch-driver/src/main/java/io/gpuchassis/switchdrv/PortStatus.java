package io.gpuchassis.switchdrv;

import java.util.OptionalInt;

/**
 * Link status of one physical port, as LNKSTAT and the port's config-space mirror report it.
 *
 * @param physicalPort physical port ID
 * @param partition partition the port belongs to, empty when unbound (firmware reports 255)
 * @param logicalPort logical port within the partition (0 = USP), meaningful only when bound
 * @param upstream whether this is a partition's upstream port (a host connection)
 * @param linkUp data-link layer up
 * @param negotiatedGen negotiated PCIe generation (1..6), 0 when the link is down
 * @param negotiatedWidth negotiated lane count, 0 when the link is down
 * @param maxGen the port's maximum PCIe generation (Link Capabilities of the port)
 * @param maxWidth configured (maximum) lane count of the port
 * @param ltssm LTSSM state
 * @param laneReversal lane-reversal code (0 normal)
 * @param firstActiveLane first active lane
 */
public record PortStatus(
    int physicalPort,
    OptionalInt partition,
    int logicalPort,
    boolean upstream,
    boolean linkUp,
    int negotiatedGen,
    int negotiatedWidth,
    int maxGen,
    int maxWidth,
    LtssmState ltssm,
    int laneReversal,
    int firstActiveLane) {

  /** Whether the link trained below what the port can do (narrower or slower). */
  public boolean degraded() {
    return linkUp && (negotiatedWidth < maxWidth || negotiatedGen < maxGen);
  }

  /** Usable data rate per direction in MB/s (per-lane table 250/500/985/1969/3938/7563 MB/s). */
  public long bandwidthMBps() {
    int[] perLane = {0, 250, 500, 985, 1969, 3938, 7563};
    if (!linkUp || negotiatedGen < 1 || negotiatedGen > 6) {
      return 0;
    }
    return (long) perLane[negotiatedGen] * negotiatedWidth;
  }
}
