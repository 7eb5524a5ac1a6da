package io.gpuchassis.agent.ethernet;

/**
 * Where a counter is read, and how wide the hardware keeps it: a counter that goes backwards has
 * wrapped only if it is narrower than 64 bits and was near the top of its range; otherwise it was
 * reset.
 */
public enum CounterSource {
  /** {@code /sys/class/net/<if>/statistics/*}: the kernel's 64-bit netdev statistics. */
  NETDEV,
  /**
   * {@code /sys/class/infiniband/<dev>/ports/<n>/hw_counters/*}: mlx5 keeps its queue counters
   * (out_of_sequence, packet_seq_err, out_of_buffer, ...) in 32 bits, its congestion counters
   * (np_*, rp_*) in 64.
   */
  RDMA_HW,
  /** {@code /sys/class/infiniband/<dev>/ports/<n>/counters/*}: the port's IB-style counters. */
  RDMA_PORT,
  /** {@code ethtool -S <if>}: the driver's own statistics, 64-bit in mlx5 (PFC pause, PHY, FEC). */
  ETHTOOL;

  /** The width in bits the hardware keeps this counter in. */
  public int widthBits(String name) {
    if (this == RDMA_HW && !name.startsWith("np_") && !name.startsWith("rp_")) {
      return 32;
    }
    return 64;
  }
}
