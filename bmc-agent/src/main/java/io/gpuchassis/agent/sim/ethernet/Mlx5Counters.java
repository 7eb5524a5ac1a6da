package io.gpuchassis.agent.sim.ethernet;

import java.util.ArrayList;
import java.util.List;

/**
 * The counters a ConnectX (mlx5) port in Ethernet mode shows, as the simulated tree shows them: the
 * kernel's netdev statistics, the RDMA queue and congestion counters (drivers/infiniband/hw/
 * mlx5/counters.c), the port counters, and a part of {@code ethtool -S} (drivers/net/ethernet/
 * mellanox/mlx5/core/en_stats.c). The PFC pause counters are printed only for the priorities with
 * PFC on: here priority 3, RoCE's in the lossless profile.
 */
public final class Mlx5Counters {

  /** The priority PFC is on. */
  public static final int PFC_PRIORITY = 3;

  private static final List<String> NETDEV =
      List.of(
          "rx_packets",
          "tx_packets",
          "rx_bytes",
          "tx_bytes",
          "rx_errors",
          "tx_errors",
          "rx_dropped",
          "tx_dropped",
          "multicast",
          "collisions",
          "rx_length_errors",
          "rx_over_errors",
          "rx_crc_errors",
          "rx_frame_errors",
          "rx_fifo_errors",
          "rx_missed_errors",
          "tx_aborted_errors",
          "tx_carrier_errors",
          "tx_fifo_errors",
          "tx_heartbeat_errors",
          "tx_window_errors",
          "rx_compressed",
          "tx_compressed",
          "rx_nohandler");

  private static final List<String> HW =
      List.of(
          "rx_write_requests",
          "rx_read_requests",
          "rx_atomic_requests",
          "out_of_buffer",
          "out_of_sequence",
          "duplicate_request",
          "rnr_nak_retry_err",
          "packet_seq_err",
          "implied_nak_seq_err",
          "local_ack_timeout_err",
          "resp_local_length_error",
          "resp_cqe_error",
          "req_cqe_error",
          "req_remote_invalid_request",
          "req_remote_access_errors",
          "resp_remote_access_errors",
          "resp_cqe_flush_error",
          "req_cqe_flush_error",
          "roce_adp_retrans",
          "roce_adp_retrans_to",
          "roce_slow_restart",
          "roce_slow_restart_cnps",
          "roce_slow_restart_trans",
          "rp_cnp_ignored",
          "rp_cnp_handled",
          "np_ecn_marked_roce_packets",
          "np_cnp_sent",
          "rx_icrc_encapsulated");

  private static final List<String> PORT =
      List.of(
          "excessive_buffer_overrun_errors",
          "link_downed",
          "link_error_recovery",
          "local_link_integrity_errors",
          "port_rcv_constraint_errors",
          "port_rcv_data",
          "port_rcv_errors",
          "port_rcv_packets",
          "port_rcv_remote_physical_errors",
          "port_rcv_switch_relay_errors",
          "port_xmit_constraint_errors",
          "port_xmit_data",
          "port_xmit_discards",
          "port_xmit_packets",
          "port_xmit_wait",
          "symbol_error",
          "VL15_dropped",
          "multicast_rcv_packets",
          "multicast_xmit_packets",
          "unicast_rcv_packets",
          "unicast_xmit_packets");

  private static final List<String> ETHTOOL_HEAD =
      List.of(
          "rx_packets",
          "rx_bytes",
          "tx_packets",
          "tx_bytes",
          "rx_out_of_buffer",
          "rx_packets_phy",
          "rx_bytes_phy",
          "tx_packets_phy",
          "tx_bytes_phy",
          "rx_discards_phy",
          "tx_discards_phy",
          "rx_pause_ctrl_phy",
          "tx_pause_ctrl_phy",
          "link_down_events_phy",
          "rx_pcs_symbol_err_phy",
          "rx_corrected_bits_phy");

  private Mlx5Counters() {}

  public static List<TreeCounter> all() {
    List<TreeCounter> all = new ArrayList<>();
    NETDEV.forEach(n -> all.add(TreeCounter.netdev(n)));
    HW.forEach(n -> all.add(TreeCounter.hw(n)));
    PORT.forEach(n -> all.add(TreeCounter.port(n)));
    all.addAll(ethtool());
    return all;
  }

  /** In the order mlx5 prints them: the software and PHY counters, per priority, PFC, stalls. */
  static List<TreeCounter> ethtool() {
    List<TreeCounter> lines = new ArrayList<>();
    ETHTOOL_HEAD.forEach(n -> lines.add(TreeCounter.ethtool(n)));
    for (int prio = 0; prio < 8; prio++) {
      for (String f :
          List.of(
              "rx_prio%d_bytes",
              "rx_prio%d_packets", "rx_prio%d_discards", "tx_prio%d_bytes", "tx_prio%d_packets")) {
        lines.add(TreeCounter.ethtool(String.format(f, prio)));
      }
    }
    for (String f :
        List.of(
            "rx_%s_pause",
            "rx_%s_pause_duration",
            "tx_%s_pause",
            "tx_%s_pause_duration",
            "rx_%s_pause_transition")) {
      lines.add(TreeCounter.ethtool(String.format(f, "prio" + PFC_PRIORITY)));
    }
    lines.add(TreeCounter.ethtool("tx_pause_storm_warning_events"));
    lines.add(TreeCounter.ethtool("tx_pause_storm_error_events"));
    return lines;
  }

  public static TreeCounter rxPause() {
    return TreeCounter.ethtool("rx_prio" + PFC_PRIORITY + "_pause");
  }

  public static TreeCounter txPause() {
    return TreeCounter.ethtool("tx_prio" + PFC_PRIORITY + "_pause");
  }
}
