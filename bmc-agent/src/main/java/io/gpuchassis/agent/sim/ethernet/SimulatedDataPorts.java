package io.gpuchassis.agent.sim.ethernet;

import io.gpuchassis.agent.ethernet.DataPort;
import io.gpuchassis.agent.ethernet.HeldClock;
import io.gpuchassis.agent.ethernet.PortReader;
import io.gpuchassis.agent.ethernet.PortSource;
import io.gpuchassis.agent.ethernet.ToolRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The data-path ports of a simulated chassis: one {@link SimulatedPortTree} per port, all below one
 * temporary root, replaying healthy traffic on the agent's clock until a fault replays another
 * trace. The agent's real {@link PortReader} reads the root; {@link #source} brings the files up to
 * the clock's time first, as the kernel's are whenever they are read.
 */
public final class SimulatedDataPorts implements AutoCloseable {

  private final Path root;
  private final HeldClock clock;
  private final Map<DataPort, SimulatedPortTree> trees = new LinkedHashMap<>();
  private final SimulatedPortInventory inventory;

  /** Below a new temporary folder, removed by {@link #close}. */
  public SimulatedDataPorts(List<DataPort> ports, Clock clock) {
    this(ports, clock, temporaryRoot());
  }

  /**
   * Below {@code root} (the agent's state folder's {@code simulation/data-ports}), emptied first of
   * what a simulation that did not stop cleanly left there, and removed by {@link #close}.
   */
  public SimulatedDataPorts(List<DataPort> ports, Clock clock, Path root) {
    // held while a port is written and read, so the reading is dated when its files were written
    this.clock = new HeldClock(clock);
    this.root = root;
    try {
      delete(root);
      Files.createDirectories(root);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    for (DataPort port : ports) {
      peer(port, trees.size());
      trees.put(
          port,
          new SimulatedPortTree(
              root,
              port.netdev(),
              port.rdmaDevice(),
              port.rdmaPort(),
              PortFaultTraces.healthy(),
              this.clock));
    }
    this.inventory = new SimulatedPortInventory(root, ports);
  }

  /**
   * The peer {@code ping} reaches through the {@code index}th port (0-based, board order): {@link
   * #peer4}/{@link #peer6} of it, the port's own address 100 above in the same documentation
   * network (RFC 5737's 192.0.2.0/24, RFC 3849's 2001:db8::/32).
   */
  private void peer(DataPort port, int index) {
    synchronized (SimulatedToolState.RTNL) {
      new SimulatedToolState(root, port.netdev())
          .pingPeers(
              List.of(
                  peer4(index) + " 192.0.2." + (index + 101),
                  peer6(index) + " 2001:db8::" + Integer.toHexString(index + 0x101)));
    }
  }

  /** The IPv4 peer of the {@code index}th port: 192.0.2.1 for the first. */
  public static String peer4(int index) {
    return "192.0.2." + (index + 1);
  }

  /** The IPv6 peer of the {@code index}th port: 2001:db8::1 for the first. */
  public static String peer6(int index) {
    return "2001:db8::" + Integer.toHexString(index + 1);
  }

  /**
   * Adds {@code micros} to every round trip through {@code port} from now on (0: none), as a
   * congested or misrouted path would.
   */
  public void addedLatency(DataPort port, long micros) {
    tree(port).orElseThrow();
    synchronized (SimulatedToolState.RTNL) {
      new SimulatedToolState(root, port.netdev()).addedLatencyMicros(micros);
    }
  }

  /** The ports' modules, firmware and LLDP partner, as the tools print them. */
  public SimulatedPortInventory inventory() {
    return inventory;
  }

  /** Where the agent reads {@code port}: the real reader over this tree and its tools. */
  public PortSource source(DataPort port) {
    SimulatedPortTree tree = tree(port).orElseThrow();
    PortReader reader = new PortReader(port, root, new SimulatedTools(root), clock);
    return () -> {
      synchronized (clock) {
        clock.hold();
        try {
          tree.refresh();
          return reader.read();
        } finally {
          clock.release();
        }
      }
    };
  }

  /**
   * The tools of the tree ({@code ethtool}, {@code lldpcli}, {@code ip}, {@code dcb}, {@code tc},
   * {@code ping}), answering from its files as a board's would.
   */
  public ToolRunner tools() {
    return new SimulatedTools(root);
  }

  /**
   * Turns PFC off on every priority of {@code port}, as a NIC firmware reset or another
   * administrator's {@code dcb pfc set} would, behind the agent's back.
   */
  public void resetPfc(DataPort port) {
    tree(port).orElseThrow();
    synchronized (SimulatedToolState.RTNL) {
      new SimulatedToolState(root, port.netdev()).pfcEnabled(0);
    }
  }

  public Optional<SimulatedPortTree> tree(DataPort port) {
    return Optional.ofNullable(trees.get(port));
  }

  public List<DataPort> ports() {
    return List.copyOf(trees.keySet());
  }

  @Override
  public void close() {
    try {
      delete(root);
    } catch (IOException e) {
      // a folder left behind is no reason to fail a stop: the next start empties it
    }
  }

  private static Path temporaryRoot() {
    try {
      return Files.createTempDirectory("gpuchassis-data-ports");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void delete(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> files = Files.walk(root)) {
      for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(f);
      }
    }
  }
}
