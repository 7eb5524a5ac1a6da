package io.gpuchassis.agent.sim.ethernet;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The traces the simulated 100 GbE port replays. Each starts with {@link #NORMAL} seconds of
 * healthy traffic, then its fault for {@link #FAULT} seconds, then healthy traffic again for ever;
 * the phases change on whole multiples of five seconds.
 */
public final class Traces {

  /** The port's speed, and what it can do. */
  public static final int SPEED_MBPS = 100_000;

  public static final Duration NORMAL = Duration.ofSeconds(30);
  public static final Duration FAULT = Duration.ofSeconds(30);

  /** The out_of_sequence counter of the lossy trace starts this close below its 32-bit wrap. */
  public static final long BEFORE_WRAP = 1_000;

  private Traces() {}

  /**
   * Healthy RoCE traffic at 10 GB/s each way: some congestion (ECN marks, CNPs sent and handled)
   * and a few pause frames, no loss.
   */
  public static Map<TreeCounter, Long> healthy() {
    Map<TreeCounter, Long> rates = new HashMap<>();
    long bytes = 10_000_000_000L;
    long packets = bytes / 4_096;
    for (String dir : List.of("rx", "tx")) {
      rates.put(TreeCounter.netdev(dir + "_bytes"), bytes);
      rates.put(TreeCounter.netdev(dir + "_packets"), packets);
      rates.put(TreeCounter.ethtool(dir + "_bytes_phy"), bytes);
      rates.put(TreeCounter.ethtool(dir + "_packets_phy"), packets);
      rates.put(TreeCounter.ethtool(dir + "_prio3_bytes"), bytes);
      rates.put(TreeCounter.ethtool(dir + "_prio3_packets"), packets);
    }
    rates.put(TreeCounter.port("port_rcv_data"), bytes / 4); // IB counts data in 4-byte words
    rates.put(TreeCounter.port("port_xmit_data"), bytes / 4);
    rates.put(TreeCounter.port("port_rcv_packets"), packets);
    rates.put(TreeCounter.port("port_xmit_packets"), packets);
    rates.put(TreeCounter.hw("rx_write_requests"), packets);
    rates.put(TreeCounter.hw("np_ecn_marked_roce_packets"), 200L);
    rates.put(TreeCounter.hw("np_cnp_sent"), 200L);
    rates.put(TreeCounter.hw("rp_cnp_handled"), 150L);
    rates.put(Mlx5Counters.rxPause(), 20L);
    rates.put(Mlx5Counters.txPause(), 10L);
    rates.put(TreeCounter.ethtool("rx_prio3_pause_duration"), 2_000L); // µs paused per second
    rates.put(TreeCounter.ethtool("rx_prio3_pause_transition"), 10L);
    return rates;
  }

  /** Healthy traffic all along. */
  public static CounterTrace steady() {
    return new CounterTrace("steady", List.of(up(Duration.ofSeconds(60), healthy())), Map.of());
  }

  /**
   * A pause storm: the peer pauses priority 3 some 6,000 times a second (paused nearly all the
   * time), so this port's RoCE traffic falls to a tenth.
   */
  public static CounterTrace pauseStorm() {
    Map<TreeCounter, Long> storm = healthy();
    storm.replaceAll(
        (c, r) -> c.name().endsWith("bytes") || c.name().contains("packets") ? r / 10 : r);
    storm.put(Mlx5Counters.rxPause(), 6_000L);
    storm.put(TreeCounter.ethtool("rx_prio3_pause_duration"), 950_000L);
    storm.put(TreeCounter.ethtool("rx_prio3_pause_transition"), 3_000L);
    return faulty("pause storm", storm, Map.of());
  }

  /**
   * A receiver that cannot drain (the host side behind this port stalls): for 15 s this port sends
   * some 6,000 PFC pause frames a second and its stall watch counts warnings; for the next 15 s it
   * has stopped pausing (mlx5's stall prevention, past its critical watermark), counts stall errors
   * and drops what it cannot take.
   */
  public static CounterTrace stuckReceiver() {
    Duration half = FAULT.dividedBy(2);
    Map<TreeCounter, Long> pausing = healthy();
    pausing.replaceAll(
        (c, r) -> c.name().endsWith("bytes") || c.name().contains("packets") ? r / 10 : r);
    pausing.put(Mlx5Counters.txPause(), 6_000L);
    pausing.put(TreeCounter.ethtool("tx_prio3_pause_duration"), 950_000L);
    pausing.put(TreeCounter.ethtool("tx_pause_storm_warning_events"), 1L);
    Map<TreeCounter, Long> stalled = new HashMap<>(pausing);
    stalled.put(Mlx5Counters.txPause(), 0L);
    stalled.put(TreeCounter.ethtool("tx_prio3_pause_duration"), 0L);
    stalled.put(TreeCounter.ethtool("tx_pause_storm_warning_events"), 0L);
    stalled.put(TreeCounter.ethtool("tx_pause_storm_error_events"), 1L);
    stalled.put(TreeCounter.ethtool("rx_discards_phy"), 100_000L);
    return new CounterTrace(
        "stuck receiver",
        List.of(up(NORMAL, healthy()), up(half, pausing), up(half, stalled), up(NORMAL, healthy())),
        Map.of());
  }

  /**
   * A lossy link: packets dropped on the way, seen as 50 out-of-sequence packets a second at this
   * responder and 20 sequence-error NAKs at this requester, with the PHY correcting bits and some
   * retransmission timeouts; out_of_sequence wraps at 2^32 during the fault.
   */
  public static CounterTrace lossyLink() {
    Map<TreeCounter, Long> lossy = healthy();
    lossy.put(TreeCounter.hw("out_of_sequence"), 50L);
    lossy.put(TreeCounter.hw("packet_seq_err"), 20L);
    lossy.put(TreeCounter.hw("local_ack_timeout_err"), 1L);
    lossy.put(TreeCounter.hw("duplicate_request"), 5L);
    lossy.put(TreeCounter.ethtool("rx_corrected_bits_phy"), 100_000L);
    // what the FEC could not correct: the frames the RoCE counters above then miss
    lossy.put(TreeCounter.ethtool("rx_pcs_symbol_err_phy"), 3L);
    lossy.put(TreeCounter.ethtool("rx_discards_phy"), 70L);
    return faulty(
        "lossy link", lossy, Map.of(TreeCounter.hw("out_of_sequence"), (1L << 32) - BEFORE_WRAP));
  }

  /** A flapping link: down and back once every two seconds, fifteen flaps in the fault. */
  public static CounterTrace flappingLink() {
    return new CounterTrace(
        "flapping link",
        List.of(
            up(NORMAL, healthy()),
            new TracePhase(
                FAULT, new LinkPhase.Flapping(Duration.ofSeconds(2), SPEED_MBPS), Map.of()),
            up(NORMAL, healthy())),
        Map.of());
  }

  /**
   * A link that drops and comes back at 25 Gb/s (a lane lost), stays slow for the fault, then drops
   * and comes back at full speed; each drop lasts five seconds.
   */
  public static CounterTrace slowLink() {
    Map<TreeCounter, Long> slow = healthy();
    slow.replaceAll(
        (c, r) -> c.name().endsWith("bytes") || c.name().contains("packets") ? r / 4 : r);
    Duration down = Duration.ofSeconds(5);
    return new CounterTrace(
        "slow link",
        List.of(
            up(NORMAL, healthy()),
            new TracePhase(down, new LinkPhase.Down(), Map.of()),
            new TracePhase(FAULT, new LinkPhase.Up(25_000), slow),
            new TracePhase(down, new LinkPhase.Down(), Map.of()),
            up(NORMAL, healthy())),
        Map.of());
  }

  private static CounterTrace faulty(
      String name, Map<TreeCounter, Long> fault, Map<TreeCounter, Long> initial) {
    return new CounterTrace(
        name, List.of(up(NORMAL, healthy()), up(FAULT, fault), up(NORMAL, healthy())), initial);
  }

  private static TracePhase up(Duration length, Map<TreeCounter, Long> rates) {
    return new TracePhase(length, new LinkPhase.Up(SPEED_MBPS), rates);
  }
}
