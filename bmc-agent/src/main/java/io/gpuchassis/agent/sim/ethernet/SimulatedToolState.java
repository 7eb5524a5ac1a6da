package io.gpuchassis.agent.sim.ethernet;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the kernel and an mlx5 driver hold for one interface of a simulated tree, as {@code ip},
 * {@code dcb} and {@code tc} set and show it: the MTU, the DCB application table, the PFC enable
 * bits and the root qdisc. Kept in files below {@code tool-state/<if>/} so that every tool and the
 * fault switchboard see one state; a file not yet written is the driver's default (MTU 1500, no
 * application entries, PFC off, the multi-queue root with a pfifo_fast per transmit queue).
 */
final class SimulatedToolState {

  /** mlx5's MTU range ({@code netdev->min_mtu}, {@code max_mtu}). */
  static final int MIN_MTU = 68;

  static final int MAX_MTU = 9978;

  /** The simulated NIC's transmit queues (channels). */
  static final int TX_QUEUES = 8;

  /** One lock for every tree's state: a tool's read-modify-write is one step, as under RTNL. */
  static final Object RTNL = new Object();

  /** An application table entry ({@code struct dcb_app}); selector 5 is DSCP. */
  record App(int selector, int protocol, int priority) {}

  /** A RED root qdisc as the kernel keeps its parameters. */
  record Red(
      long handleMajor,
      long limit,
      long min,
      long max,
      boolean ecn,
      boolean harddrop,
      boolean adaptive,
      boolean nodrop) {}

  private final Path root;
  private final String netdev;
  private final Path dir;

  SimulatedToolState(Path root, String netdev) {
    this.root = root;
    this.netdev = netdev;
    this.dir = root.resolve("tool-state").resolve(netdev);
  }

  /** Whether the tree has the interface at all (its sysfs folder). */
  boolean exists() {
    return netdev.matches("[A-Za-z0-9_.:-]{1,15}")
        && Files.isDirectory(root.resolve("sys/class/net").resolve(netdev));
  }

  String netdev() {
    return netdev;
  }

  Path root() {
    return root;
  }

  int mtu() {
    return read("mtu").map(Integer::parseInt).orElse(1500);
  }

  void mtu(int mtu) {
    write("mtu", Integer.toString(mtu));
  }

  /** The application table, in the order entries were added. */
  List<App> apps() {
    List<App> apps = new ArrayList<>();
    for (String line : read("app").orElse("").split("\n")) {
      if (!line.isBlank()) {
        String[] f = line.trim().split(" ");
        apps.add(new App(Integer.parseInt(f[0]), Integer.parseInt(f[1]), Integer.parseInt(f[2])));
      }
    }
    return apps;
  }

  void apps(List<App> apps) {
    StringBuilder text = new StringBuilder();
    apps.forEach(
        a ->
            text.append(a.selector())
                .append(' ')
                .append(a.protocol())
                .append(' ')
                .append(a.priority())
                .append('\n'));
    write("app", text.toString());
  }

  /** {@code pfc_en}: bit n enables PFC on priority n. */
  int pfcEnabled() {
    return read("pfc").map(Integer::parseInt).orElse(0);
  }

  void pfcEnabled(int bits) {
    write("pfc", Integer.toString(bits & 0xff));
  }

  /** The RED root qdisc, when one replaced the default root. */
  Optional<Red> red() {
    return read("qdisc")
        .filter(s -> !s.isBlank())
        .map(
            s -> {
              String[] f = s.trim().split(" ");
              return new Red(
                  Long.parseLong(f[0]),
                  Long.parseLong(f[1]),
                  Long.parseLong(f[2]),
                  Long.parseLong(f[3]),
                  f[4].equals("1"),
                  f[5].equals("1"),
                  f[6].equals("1"),
                  f[7].equals("1"));
            });
  }

  void red(Optional<Red> red) {
    write(
        "qdisc",
        red.map(
                r ->
                    String.join(
                        " ",
                        Long.toString(r.handleMajor()),
                        Long.toString(r.limit()),
                        Long.toString(r.min()),
                        Long.toString(r.max()),
                        r.ecn() ? "1" : "0",
                        r.harddrop() ? "1" : "0",
                        r.adaptive() ? "1" : "0",
                        r.nodrop() ? "1" : "0"))
            .orElse(""));
  }

  /** The next handle the kernel gives a qdisc created without one (8001:, 8002:, ...). */
  long nextHandleMajor() {
    long next = read("next-handle").map(Long::parseLong).orElse(0x8001L);
    write("next-handle", Long.toString(next + 1));
    return next;
  }

  /**
   * The ping peers reachable through the interface, one {@code <peer> <own address>} a line (the
   * peer's and the interface's address of one family); none by default.
   */
  List<String[]> pingPeers() {
    return read("ping-peers")
        .map(s -> s.lines().filter(l -> !l.isBlank()).map(l -> l.trim().split("\\s+")).toList())
        .orElse(List.of());
  }

  void pingPeers(List<String> lines) {
    write("ping-peers", String.join("\n", lines) + "\n");
  }

  /** What a fault adds to every round trip through the interface, in microseconds; 0 without. */
  long addedLatencyMicros() {
    return read("added-latency-us").map(Long::parseLong).orElse(0L);
  }

  void addedLatencyMicros(long micros) {
    write("added-latency-us", Long.toString(micros));
  }

  private Optional<String> read(String name) {
    Path file = dir.resolve(name);
    try {
      return Files.isRegularFile(file)
          ? Optional.of(Files.readString(file).strip())
          : Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Written aside and moved into place, so a reader never sees half a state. */
  private void write(String name, String content) {
    try {
      Files.createDirectories(dir);
      Path file = dir.resolve(name);
      Path next = dir.resolve("." + name + ".next");
      Files.writeString(next, content);
      Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
