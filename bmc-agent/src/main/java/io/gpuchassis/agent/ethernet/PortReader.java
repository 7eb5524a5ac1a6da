package io.gpuchassis.agent.ethernet;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Reads one data-path port from sysfs below a root ({@code /} on the board, a simulated tree in
 * tests): link state, speed and carrier changes and the netdev statistics from {@code
 * /sys/class/net/<if>}, the RDMA counters from {@code /sys/class/infiniband/<dev>/ports/<n>}, and
 * the driver's statistics (PFC pause frames live only there) from {@code ethtool -S}. A file the
 * driver refuses to read (EINVAL from {@code carrier} or {@code speed} while the interface is down)
 * or a tool that fails leaves its part of the reading absent.
 */
public final class PortReader implements PortSource {

  /** In hw_counters but not a counter: how long the kernel caches the counters, in ms. */
  private static final String LIFESPAN = "lifespan";

  private static final int TOOL_SECONDS = 5;

  private final DataPort port;
  private final Path root;
  private final ToolRunner tools;
  private final Clock clock;

  /**
   * @param root the directory {@code sys/...} is below: {@code /} on the board
   */
  public PortReader(DataPort port, Path root, ToolRunner tools, Clock clock) {
    this.port = port;
    this.root = root;
    this.tools = tools;
    this.clock = clock;
  }

  /**
   * The port as the board's kernel shows it: sysfs below {@code /} (as {@code agent.network} reads
   * the management network) and the real {@code ethtool}, given {@value #TOOL_SECONDS} s to answer.
   */
  public static PortReader onBoard(DataPort port, Clock clock) {
    return new PortReader(
        port, Path.of("/"), new ProcessToolRunner(Duration.ofSeconds(TOOL_SECONDS)), clock);
  }

  @Override
  public PortReading read() {
    Path net = root.resolve("sys/class/net").resolve(port.netdev());
    Path rdma =
        root.resolve("sys/class/infiniband")
            .resolve(port.rdmaDevice())
            .resolve("ports")
            .resolve(Integer.toString(port.rdmaPort()));
    Map<CounterKey, Long> counters = new HashMap<>();
    readDirectory(net.resolve("statistics"), CounterSource.NETDEV, counters);
    readDirectory(rdma.resolve("hw_counters"), CounterSource.RDMA_HW, counters);
    readDirectory(rdma.resolve("counters"), CounterSource.RDMA_PORT, counters);
    ethtool()
        .forEach((name, value) -> counters.put(new CounterKey(CounterSource.ETHTOOL, name), value));
    OptionalLong speed = number(net.resolve("speed"));
    OptionalLong carrier = number(net.resolve("carrier"));
    return new PortReading(
        clock.instant(),
        text(net.resolve("operstate")),
        carrier.isPresent() ? Optional.of(carrier.getAsLong() == 1) : Optional.empty(),
        // The kernel prints -1 (SPEED_UNKNOWN) while a running interface has no link.
        speed.isPresent() && speed.getAsLong() > 0
            ? OptionalInt.of((int) speed.getAsLong())
            : OptionalInt.empty(),
        unsigned(net.resolve("carrier_changes")),
        counters,
        gids(rdma));
  }

  /**
   * The GID table's entries in use: {@code gids/<n>} with its {@code gid_attrs/types/<n>}; an
   * unused entry reads all zeros and its type cannot be read (EINVAL), so both are left out.
   */
  private static List<RoceGid> gids(Path rdma) {
    Path dir = rdma.resolve("gids");
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    List<RoceGid> gids = new ArrayList<>();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
      for (Path file : files) {
        String name = file.getFileName().toString();
        Optional<String> gid = text(file);
        Optional<String> type = text(rdma.resolve("gid_attrs/types").resolve(name));
        if (name.matches("[0-9]{1,5}")
            && gid.isPresent()
            && gid.get().matches("[0-9a-f]{4}(:[0-9a-f]{4}){7}")
            && !gid.get().matches("[0:]+")
            && type.isPresent()) {
          gids.add(new RoceGid(Integer.parseInt(name), gid.get(), type.get()));
        }
      }
    } catch (IOException e) {
      // the device went away between listing and reading: its GIDs are unknown this time
    }
    gids.sort(Comparator.comparingInt(RoceGid::index));
    return gids;
  }

  private Map<String, Long> ethtool() {
    try {
      return EthtoolStatistics.parse(tools.run(List.of("ethtool", "-S", port.netdev())));
    } catch (IOException e) {
      return Map.of();
    }
  }

  private static void readDirectory(Path dir, CounterSource source, Map<CounterKey, Long> into) {
    if (!Files.isDirectory(dir)) {
      return;
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
      for (Path file : files) {
        String name = file.getFileName().toString();
        if (!name.equals(LIFESPAN)) {
          unsigned(file).ifPresent(v -> into.put(new CounterKey(source, name), v));
        }
      }
    } catch (IOException e) {
      // the device went away between listing and reading: its counters are unknown this time
    }
  }

  private static OptionalLong unsigned(Path file) {
    Optional<String> value = text(file);
    if (value.isEmpty() || !value.get().matches("[0-9]{1,20}")) {
      return OptionalLong.empty();
    }
    try {
      return OptionalLong.of(Long.parseUnsignedLong(value.get()));
    } catch (NumberFormatException e) {
      return OptionalLong.empty();
    }
  }

  private static OptionalLong number(Path file) {
    Optional<String> value = text(file);
    if (value.isEmpty() || !value.get().matches("-?[0-9]{1,18}")) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(Long.parseLong(value.get()));
  }

  private static Optional<String> text(Path file) {
    try {
      return Optional.of(Files.readString(file).strip()).filter(v -> !v.isEmpty());
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
