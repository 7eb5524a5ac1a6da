package io.gpuchassis.agent.ethernet;

import io.gpuchassis.agent.config.RoceProfile;
import io.gpuchassis.agent.ethernet.RoceCheck.Item;
import io.gpuchassis.agent.ethernet.RoceCheck.ItemResult;
import io.gpuchassis.agent.ethernet.RoceCheck.ItemState;
import io.gpuchassis.agent.ethernet.RoceToolOutput.DscpEntry;
import io.gpuchassis.agent.ethernet.RoceToolOutput.Red;
import io.gpuchassis.agent.ethernet.RoceToolOutput.RootQdisc;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Keeps one port's RoCE profile through the tools of Debian 12 (iproute2 6.1): each {@link #check}
 * reads every item, applies only the items that differ, reads those back and says of each whether
 * it was in sync, corrected, still differing or failed. A tool that fails (not installed, the
 * driver's EOPNOTSUPP) fails its item only; the others go on. Blocking: runs child processes.
 *
 * <ul>
 *   <li>MTU: {@code ip link set dev X mtu N}, read by {@code ip -j link show dev X}.
 *   <li>DSCP trust and map: {@code dcb app replace dev X dscp-prio 26:3 48:6}, read by {@code dcb
 *       -j app show dev X}; a DSCP entry switches mlx5 and mlxsw ports to DSCP trust (6.1 has no
 *       {@code dcb apptrust}). 6.1's {@code replace} exits 0 even when the kernel refused the
 *       entries, which the read-back shows.
 *   <li>PFC: {@code dcb pfc set dev X prio-pfc all:off 3:on}, read by {@code dcb -j pfc show dev
 *       X}.
 *   <li>ECN: a RED qdisc marking ECN as the port's egress root, {@code tc qdisc replace dev X root
 *       red limit L min MIN max MAX avpkt 1500 burst B probability 1 bandwidth 32gbit ecn}, read by
 *       {@code tc -j qdisc show dev X}. Switchdev drivers (mlxsw) offload it; on a NIC it runs in
 *       software on the host's egress and replaces the multi-queue root (docs/MONITORING.md).
 * </ul>
 */
public final class RoceProfileApplier {

  /** RED's average packet size, as tc's examples and NVIDIA's guides give it. */
  static final int AVPKT = 1500;

  /**
   * tc reads {@code bandwidth} into 32 bits of bytes a second, so 34 Gbit/s is the most it takes;
   * RED uses it only to age the average queue while the queue is idle.
   */
  static final String BANDWIDTH = "32gbit";

  private final String netdev;
  private final RoceProfile profile;
  private final ToolRunner tools;
  private final Clock clock;

  public RoceProfileApplier(String netdev, RoceProfile profile, ToolRunner tools, Clock clock) {
    this.netdev = netdev;
    this.profile = profile;
    this.tools = tools;
    this.clock = clock;
  }

  /** Reads, applies what differs, reads back: one result per item. */
  public RoceCheck check() {
    List<ItemResult> items = new ArrayList<>();
    Result<Integer> mtu = keep(Item.MTU, new Mtu(), items);
    Result<List<DscpEntry>> dscp = keep(Item.DSCP_MAP, new DscpMap(), items);
    Result<Set<Integer>> pfc = keep(Item.PFC, new Pfc(), items);
    Result<RootQdisc> root = keep(Item.ECN, new Ecn(), items);
    return new RoceCheck(
        clock.instant(),
        profile,
        items,
        mtu.value().map(OptionalInt::of).orElse(OptionalInt.empty()),
        dscp.value(),
        pfc.value(),
        root.value());
  }

  /** A value read, or the tool's failure. */
  private record Result<T>(Optional<T> value, Optional<String> failure) {
    static <T> Result<T> of(T value) {
      return new Result<>(Optional.of(value), Optional.empty());
    }

    static <T> Result<T> failed(String message) {
      return new Result<>(Optional.empty(), Optional.of(message));
    }
  }

  /** How one item is read, judged, described and applied. */
  private interface Kept<T> {
    List<String> read();

    T parse(String output) throws IOException;

    boolean inSync(T value);

    String describe(T value);

    List<String> apply(T found);
  }

  private <T> Result<T> keep(Item item, Kept<T> kept, List<ItemResult> items) {
    Result<T> before = read(kept);
    if (before.failure().isPresent()) {
      items.add(new ItemResult(item, ItemState.FAILED, Optional.empty(), before.failure()));
      return before;
    }
    T found = before.value().orElseThrow();
    if (kept.inSync(found)) {
      items.add(new ItemResult(item, ItemState.IN_SYNC, Optional.empty(), Optional.empty()));
      return before;
    }
    Optional<String> was = Optional.of(kept.describe(found));
    try {
      tools.run(kept.apply(found));
    } catch (IOException e) {
      items.add(new ItemResult(item, ItemState.FAILED, was, Optional.of(message(e))));
      return before;
    }
    Result<T> after = read(kept);
    if (after.failure().isPresent()) {
      items.add(new ItemResult(item, ItemState.FAILED, was, after.failure()));
      return after;
    }
    T now = after.value().orElseThrow();
    if (kept.inSync(now)) {
      items.add(new ItemResult(item, ItemState.CORRECTED, was, Optional.empty()));
    } else {
      items.add(
          new ItemResult(
              item,
              ItemState.DRIFTED,
              was,
              Optional.of("applied without an error, but read back as " + kept.describe(now))));
    }
    return after;
  }

  private <T> Result<T> read(Kept<T> kept) {
    try {
      return Result.of(kept.parse(tools.run(kept.read())));
    } catch (IOException e) {
      return Result.failed(message(e));
    }
  }

  private static String message(IOException e) {
    return e.getMessage() == null ? e.toString() : e.getMessage();
  }

  private final class Mtu implements Kept<Integer> {
    @Override
    public List<String> read() {
      return List.of("ip", "-j", "link", "show", "dev", netdev);
    }

    @Override
    public Integer parse(String output) throws IOException {
      return RoceToolOutput.mtu(output);
    }

    @Override
    public boolean inSync(Integer value) {
      return value == profile.mtu();
    }

    @Override
    public String describe(Integer value) {
      return "mtu " + value;
    }

    @Override
    public List<String> apply(Integer found) {
      return List.of("ip", "link", "set", "dev", netdev, "mtu", Integer.toString(profile.mtu()));
    }
  }

  private final class DscpMap implements Kept<List<DscpEntry>> {
    @Override
    public List<String> read() {
      return List.of("dcb", "-j", "app", "show", "dev", netdev);
    }

    @Override
    public List<DscpEntry> parse(String output) throws IOException {
      return RoceToolOutput.dscpPriorities(output);
    }

    @Override
    public boolean inSync(List<DscpEntry> value) {
      return profile.dscpPriorities().entrySet().stream().allMatch(e -> mapped(value, e));
    }

    @Override
    public String describe(List<DscpEntry> value) {
      List<DscpEntry> ours =
          value.stream().filter(e -> profile.dscpPriorities().containsKey(e.dscp())).toList();
      return ours.isEmpty()
          ? "no dscp-prio entry for DSCP "
              + profile.roceDscp()
              + " or "
              + profile.cnpDscp()
              + " (PCP trust)"
          : "dscp-prio "
              + ours.stream()
                  .map(e -> e.dscp() + ":" + e.priority())
                  .collect(Collectors.joining(" "));
    }

    /** Only the entries that differ: {@code replace} drops the DSCP's other priorities. */
    @Override
    public List<String> apply(List<DscpEntry> found) {
      List<String> command = new ArrayList<>(List.of("dcb", "app", "replace", "dev", netdev));
      command.add("dscp-prio");
      profile.dscpPriorities().entrySet().stream()
          .filter(e -> !mapped(found, e))
          .forEach(e -> command.add(e.getKey() + ":" + e.getValue()));
      return command;
    }

    private boolean mapped(List<DscpEntry> value, Map.Entry<Integer, Integer> wanted) {
      List<DscpEntry> entries = value.stream().filter(e -> e.dscp() == wanted.getKey()).toList();
      return entries.size() == 1 && entries.get(0).priority() == wanted.getValue();
    }
  }

  private final class Pfc implements Kept<Set<Integer>> {
    @Override
    public List<String> read() {
      return List.of("dcb", "-j", "pfc", "show", "dev", netdev);
    }

    @Override
    public Set<Integer> parse(String output) throws IOException {
      return RoceToolOutput.pfcEnabled(output);
    }

    @Override
    public boolean inSync(Set<Integer> value) {
      return value.equals(profile.pfcPriorities());
    }

    @Override
    public String describe(Set<Integer> value) {
      return value.isEmpty() ? "PFC off on every priority" : "PFC on priorities " + value;
    }

    @Override
    public List<String> apply(Set<Integer> found) {
      List<String> command =
          new ArrayList<>(List.of("dcb", "pfc", "set", "dev", netdev, "prio-pfc", "all:off"));
      profile.pfcPriorities().forEach(p -> command.add(p + ":on"));
      return command;
    }
  }

  private final class Ecn implements Kept<RootQdisc> {
    @Override
    public List<String> read() {
      return List.of("tc", "-j", "qdisc", "show", "dev", netdev);
    }

    @Override
    public RootQdisc parse(String output) throws IOException {
      return RoceToolOutput.rootQdisc(output);
    }

    @Override
    public boolean inSync(RootQdisc value) {
      return value.red().isPresent()
          && value.red().get().ecn()
          && value.red().get().min() == profile.ecnMinBytes()
          && value.red().get().max() == profile.ecnMaxBytes();
    }

    @Override
    public String describe(RootQdisc value) {
      if (value.red().isEmpty()) {
        return "root qdisc " + value.kind() + " (no ECN marking)";
      }
      Red red = value.red().get();
      return "red min " + red.min() + " max " + red.max() + (red.ecn() ? " ecn" : " (drops)");
    }

    /** tc's own default burst, written out: (2 min + max) / (3 avpkt); the limit 4 max. */
    @Override
    public List<String> apply(RootQdisc found) {
      long min = profile.ecnMinBytes();
      long max = profile.ecnMaxBytes();
      // at least what tc's EWMA needs (tc_red_eval_ewma: burst + 1 - min / avpkt >= 1)
      long burst = Math.max((2 * min + max) / (3L * AVPKT), min / AVPKT + 1);
      return List.of(
          "tc",
          "qdisc",
          "replace",
          "dev",
          netdev,
          "root",
          "red",
          "limit",
          Long.toString(4 * max),
          "min",
          Long.toString(min),
          "max",
          Long.toString(max),
          "avpkt",
          Integer.toString(AVPKT),
          "burst",
          Long.toString(burst),
          "probability",
          "1",
          "bandwidth",
          BANDWIDTH,
          "ecn");
    }
  }
}
