package io.gpuchassis.agent.sim.ethernet;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * One mlx5 port's sysfs files and recorded {@code ethtool -S} output below a root folder, replaying
 * a {@link CounterTrace} from the moment it is made: {@link #refresh()} writes what the kernel
 * would show at the clock's time (values wrapped at the hardware's width; speed -1 and carrier 0
 * while the link is down, as a running interface without link shows them). The agent's real reader
 * reads the files; nothing above it is simulated.
 *
 * <p>Layout: {@code sys/class/net/<if>/{operstate,carrier,carrier_changes,speed,statistics/*}},
 * {@code sys/class/infiniband/<dev>/ports/<n>/{hw_counters/*,counters/*}} (with {@code
 * hw_counters/lifespan}, which is no counter), {@code tool-output/ethtool-S-<if>}.
 */
public final class SimulatedPortTree {

  private final Path root;
  private final String netdev;
  private final Path net;
  private final Path rdma;
  private final Clock clock;
  private final Map<TreeCounter, Long> resetAt = new HashMap<>();
  private final Map<Path, String> written = new HashMap<>();
  // What earlier traces counted before {@link #replay} moved on to the current one.
  private final Map<TreeCounter, Long> carried = new HashMap<>();
  private long carriedChanges;
  private long carriedDowns;
  private CounterTrace trace;
  private Instant start;

  public SimulatedPortTree(
      Path root, String netdev, String rdmaDevice, int rdmaPort, CounterTrace trace, Clock clock) {
    this.root = root;
    this.netdev = netdev;
    this.net = root.resolve("sys/class/net").resolve(netdev);
    this.rdma =
        root.resolve("sys/class/infiniband")
            .resolve(rdmaDevice)
            .resolve("ports")
            .resolve(Integer.toString(rdmaPort));
    this.trace = trace;
    this.clock = clock;
    this.start = clock.instant();
    refresh();
  }

  /** Where {@code ethtool -S <if>}'s recorded output is, for {@link SimulatedTools}. */
  public static Path ethtoolOutput(Path root, String netdev) {
    return root.resolve("tool-output").resolve("ethtool-S-" + netdev);
  }

  /** Every counter starts again from zero now, as after a driver reload or a port reset. */
  public synchronized void resetCounters() {
    for (TreeCounter c : Mlx5Counters.all()) {
      resetAt.put(c, total(c, elapsed()));
    }
    refresh();
  }

  /**
   * Goes on with {@code next} from now, its phases starting now: every counter, the carrier changes
   * and the link drops go on from where they stand (a fault begins or ends on a running port). A
   * link whose state differs from where {@code next} begins changes now.
   */
  public synchronized void replay(CounterTrace next) {
    Duration t = elapsed();
    CounterTrace.Link link = trace.linkAt(t);
    for (TreeCounter c : Mlx5Counters.all()) {
      carried.put(c, total(c, t));
    }
    carriedChanges += link.carrierChanges();
    carriedDowns += linkDowns(link);
    boolean beginsUp = beginsUp(next);
    if (link.carrier() != beginsUp) {
      carriedChanges++;
      carriedDowns += link.carrier() ? 1 : 0;
    }
    trace = next;
    start = clock.instant();
    refresh();
  }

  /** Writes every file as the kernel would show it now. */
  public synchronized void refresh() {
    Duration t = elapsed();
    CounterTrace.Link link = trace.linkAt(t);
    write(net.resolve("operstate"), link.carrier() ? "up" : "down");
    write(net.resolve("carrier"), link.carrier() ? "1" : "0");
    write(net.resolve("carrier_changes"), Long.toString(carriedChanges + link.carrierChanges()));
    write(net.resolve("speed"), link.carrier() ? Integer.toString(link.speedMbps()) : "-1");
    write(rdma.resolve("hw_counters/lifespan"), "10");
    writeGids();
    StringBuilder ethtool = new StringBuilder("NIC statistics:\n");
    for (TreeCounter c : Mlx5Counters.all()) {
      String value = Long.toUnsignedString(shown(c, t, link));
      switch (c.place()) {
        case NETDEV -> write(net.resolve("statistics").resolve(c.name()), value);
        case HW_COUNTERS -> write(rdma.resolve("hw_counters").resolve(c.name()), value);
        case PORT_COUNTERS -> write(rdma.resolve("counters").resolve(c.name()), value);
        case ETHTOOL ->
            ethtool.append("     ").append(c.name()).append(": ").append(value).append('\n');
      }
    }
    write(ethtoolOutput(root, netdev), ethtool.toString().stripTrailing());
  }

  private long shown(TreeCounter c, Duration t, CounterTrace.Link link) {
    long count =
        c.name().equals("link_down_events_phy")
            ? carriedDowns + linkDowns(link)
            : total(c, t) - resetAt.getOrDefault(c, 0L);
    return c.widthBits() == 64 ? count : count & ((1L << c.widthBits()) - 1);
  }

  /**
   * The GID table as mlx5 fills it for an interface with an IPv4 address: the link-local GID and
   * the IPv4-mapped one, each as RoCE v1 and v2, then an unused entry (zeros, its type unreadable).
   */
  private void writeGids() {
    int host = Math.floorMod(netdev.hashCode(), 250) + 1;
    String linkLocal = String.format("fe80:0000:0000:0000:0e42:a1ff:fe00:%04x", host);
    String ipv4 = String.format("0000:0000:0000:0000:0000:ffff:c0a8:%04x", 0x6400 + host);
    String[] gids = {linkLocal, linkLocal, ipv4, ipv4};
    for (int i = 0; i < gids.length; i++) {
      write(rdma.resolve("gids").resolve(Integer.toString(i)), gids[i]);
      write(
          rdma.resolve("gid_attrs/types").resolve(Integer.toString(i)),
          i % 2 == 0 ? "IB/RoCE v1" : "RoCE v2");
    }
    write(rdma.resolve("gids/4"), "0000:0000:0000:0000:0000:0000:0000:0000");
  }

  /** Everything {@code c} counted from the first trace's start, unwrapped. */
  private long total(TreeCounter c, Duration t) {
    return carried.getOrDefault(c, 0L) + trace.count(c, t);
  }

  /**
   * Drops since the current trace's start: every other carrier change, the first one a drop if it
   * began up.
   */
  private long linkDowns(CounterTrace.Link link) {
    return beginsUp(trace) ? (link.carrierChanges() + 1) / 2 : link.carrierChanges() / 2;
  }

  private static boolean beginsUp(CounterTrace trace) {
    return !(trace.phases().get(0).link() instanceof LinkPhase.Down);
  }

  private Duration elapsed() {
    return Duration.between(start, clock.instant());
  }

  /**
   * Written aside and moved into place, so a reader never sees half a value; a file whose value
   * stands is left as it is (most counters stand still, and the agent refreshes every period).
   */
  private void write(Path file, String content) {
    if (content.equals(written.get(file))) {
      return;
    }
    try {
      Files.createDirectories(file.getParent());
      Path next = file.resolveSibling("." + file.getFileName() + ".next");
      Files.writeString(next, content + "\n");
      Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      written.put(file, content);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
