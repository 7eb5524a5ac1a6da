package io.gpuchassis.agent.sim.ethernet;

/**
 * A counter of the simulated tree: where the kernel shows it, its name there, and how many bits the
 * hardware keeps it in (the value shown wraps at that width, as the hardware's does).
 */
public record TreeCounter(Place place, String name) {

  /** Where a counter is shown. */
  public enum Place {
    /** {@code /sys/class/net/<if>/statistics/<name>} */
    NETDEV,
    /** {@code /sys/class/infiniband/<dev>/ports/<n>/hw_counters/<name>} */
    HW_COUNTERS,
    /** {@code /sys/class/infiniband/<dev>/ports/<n>/counters/<name>} */
    PORT_COUNTERS,
    /** a line {@code name: value} of {@code ethtool -S <if>} */
    ETHTOOL
  }

  public static TreeCounter netdev(String name) {
    return new TreeCounter(Place.NETDEV, name);
  }

  public static TreeCounter hw(String name) {
    return new TreeCounter(Place.HW_COUNTERS, name);
  }

  public static TreeCounter port(String name) {
    return new TreeCounter(Place.PORT_COUNTERS, name);
  }

  public static TreeCounter ethtool(String name) {
    return new TreeCounter(Place.ETHTOOL, name);
  }

  /**
   * mlx5 reads its RDMA queue counters (out_of_sequence, packet_seq_err, ...) from 32-bit firmware
   * fields and its congestion counters (np_*, rp_*) from 64-bit ones; the rest is 64-bit.
   */
  public int widthBits() {
    return place == Place.HW_COUNTERS && !name.startsWith("np_") && !name.startsWith("rp_")
        ? 32
        : 64;
  }
}
