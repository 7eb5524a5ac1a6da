package io.gpuchassis.agent.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The RoCE profile the agent keeps on every port the board file marks {@code roce: true}: the
 * de-facto NVIDIA defaults unless the configuration says otherwise ({@link #DEFAULT}). The port
 * trusts DSCP (a DSCP application entry switches mlx5 and mlxsw ports to DSCP trust): RoCE's DSCP
 * maps to the RoCE priority, the congestion notification packets' (CNP) DSCP to theirs; PFC is on
 * for the RoCE priority alone in {@link RoceMode#LOSSLESS} mode and off everywhere in {@link
 * RoceMode#LOSSY} mode; ECN marks between two queue depths; jumbo frames.
 *
 * @param mode lossless (PFC and ECN) or lossy (ECN only)
 * @param mtu the interface MTU, 1280..9216 bytes (IPv6's minimum to the common switch maximum)
 * @param rocePriority the 802.1p priority RoCE traffic is carried on, 0..7
 * @param roceDscp the DSCP RoCE packets carry, 0..63
 * @param cnpPriority the priority congestion notification packets are carried on, 0..7
 * @param cnpDscp the DSCP congestion notification packets carry, 0..63
 * @param ecnMinBytes the queue depth where ECN marking begins
 * @param ecnMaxBytes the queue depth where every packet is marked
 */
public record RoceProfile(
    RoceMode mode,
    int mtu,
    int rocePriority,
    int roceDscp,
    int cnpPriority,
    int cnpDscp,
    int ecnMinBytes,
    int ecnMaxBytes) {

  /** NVIDIA's lossless RoCE defaults (Onyx {@code roce lossless}, Cumulus RoCE): see the docs. */
  public static final RoceProfile DEFAULT =
      new RoceProfile(RoceMode.LOSSLESS, 9000, 3, 26, 6, 48, 150_000, 1_500_000);

  public static final int MIN_MTU = 1280;
  public static final int MAX_MTU = 9216;

  /** The deepest ECN threshold: 64 MB, far beyond any NIC's or switch's buffer. */
  public static final int MAX_ECN_BYTES = 64 << 20;

  public RoceProfile {
    List<String> problems = problems(mode, mtu, rocePriority, roceDscp, cnpPriority, cnpDscp);
    if (ecnMinBytes < 1 || ecnMaxBytes > MAX_ECN_BYTES || ecnMinBytes >= ecnMaxBytes) {
      problems.add(
          "ecnMinKB and ecnMaxKB must satisfy 1 <= min < max <= "
              + MAX_ECN_BYTES / 1000
              + " KB, got min "
              + ecnMinBytes / 1000.0
              + " KB and max "
              + ecnMaxBytes / 1000.0
              + " KB");
    }
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(String.join("; ", problems));
    }
  }

  private static List<String> problems(
      RoceMode mode, int mtu, int rocePriority, int roceDscp, int cnpPriority, int cnpDscp) {
    List<String> problems = new ArrayList<>();
    if (mode == null) {
      problems.add("mode is missing");
    }
    if (mtu < MIN_MTU || mtu > MAX_MTU) {
      problems.add("mtu must lie between " + MIN_MTU + " and " + MAX_MTU + ", got " + mtu);
    }
    range(problems, "rocePriority", rocePriority, 7);
    range(problems, "cnpPriority", cnpPriority, 7);
    range(problems, "roceDscp", roceDscp, 63);
    range(problems, "cnpDscp", cnpDscp, 63);
    if (roceDscp == cnpDscp) {
      problems.add("roceDscp and cnpDscp must differ, both are " + roceDscp);
    }
    if (mode == RoceMode.LOSSLESS && rocePriority == cnpPriority) {
      // a CNP must never wait behind the paused traffic it is about
      problems.add(
          "cnpPriority must differ from rocePriority in lossless mode, both are " + rocePriority);
    }
    return problems;
  }

  private static void range(List<String> problems, String key, int value, int max) {
    if (value < 0 || value > max) {
      problems.add(key + " must lie between 0 and " + max + ", got " + value);
    }
  }

  /** The DSCP-to-priority entries of the port's application table. */
  public Map<Integer, Integer> dscpPriorities() {
    Map<Integer, Integer> map = new TreeMap<>();
    map.put(roceDscp, rocePriority);
    map.put(cnpDscp, cnpPriority);
    return map;
  }

  /** The priorities PFC is enabled on: the RoCE priority when lossless, none when lossy. */
  public TreeSet<Integer> pfcPriorities() {
    TreeSet<Integer> on = new TreeSet<>();
    if (mode == RoceMode.LOSSLESS) {
      on.add(rocePriority);
    }
    return on;
  }
}
