package io.gpuchassis.agent.ethernet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.security.MutableClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reader against hand-written sysfs files, as a kernel shows them. */
class PortReaderTest {

  private static final DataPort PORT =
      new DataPort("NIC1", "1", "1", "enp1s0f0np0", "mlx5_0", 1, 100_000);

  @TempDir Path root;

  private final MutableClock clock = new MutableClock(Instant.parse("2026-12-04T12:00:00Z"));

  @Test
  void reads_link_netdev_rdma_and_ethtool_counters() throws IOException {
    Path net = root.resolve("sys/class/net/enp1s0f0np0");
    Path rdma = root.resolve("sys/class/infiniband/mlx5_0/ports/1");
    write(net.resolve("operstate"), "up");
    write(net.resolve("carrier"), "1");
    write(net.resolve("speed"), "100000");
    write(net.resolve("carrier_changes"), "4");
    write(net.resolve("statistics/rx_bytes"), "123456789012");
    write(rdma.resolve("hw_counters/out_of_sequence"), "4294967295");
    write(rdma.resolve("hw_counters/lifespan"), "10");
    write(rdma.resolve("counters/port_rcv_data"), "77");
    ToolRunner ethtool =
        command -> {
          assertEquals(List.of("ethtool", "-S", "enp1s0f0np0"), command);
          return "NIC statistics:\n     rx_prio3_pause: 9\n";
        };

    PortReading r = new PortReader(PORT, root, ethtool, clock).read();

    assertEquals(clock.instant(), r.at());
    assertTrue(r.linkUp());
    assertEquals(OptionalInt.of(100_000), r.speedMbps());
    assertEquals(OptionalLong.of(4), r.carrierChanges());
    assertEquals(OptionalLong.of(123_456_789_012L), r.counter(CounterSource.NETDEV, "rx_bytes"));
    assertEquals(
        OptionalLong.of(4_294_967_295L), r.counter(CounterSource.RDMA_HW, "out_of_sequence"));
    assertEquals(OptionalLong.of(77), r.counter(CounterSource.RDMA_PORT, "port_rcv_data"));
    assertEquals(OptionalLong.of(9), r.counter(CounterSource.ETHTOOL, "rx_prio3_pause"));
    assertEquals(OptionalLong.empty(), r.counter(CounterSource.RDMA_HW, "lifespan"));
    assertEquals(4, r.counters().size());
  }

  @Test
  void what_the_driver_refuses_or_a_failing_tool_leaves_out_is_absent_not_zero()
      throws IOException {
    Path net = root.resolve("sys/class/net/enp1s0f0np0");
    write(net.resolve("operstate"), "down");
    // While the interface is down the kernel answers EINVAL for carrier: a read that fails.
    Files.createDirectories(net.resolve("carrier"));
    write(net.resolve("speed"), "-1");
    ToolRunner failing =
        command -> {
          throw new IOException("Cannot get stats strings information: No such device");
        };

    PortReading r = new PortReader(PORT, root, failing, clock).read();

    assertFalse(r.linkUp());
    assertEquals(Optional.empty(), r.carrier());
    assertEquals(OptionalInt.empty(), r.speedMbps());
    assertEquals(OptionalLong.empty(), r.carrierChanges());
    assertTrue(r.counters().isEmpty());
  }

  @Test
  void a_port_name_cannot_reach_outside_its_folder() {
    for (String bad : List.of("..", ".", "a/b", "")) {
      assertThrows(
          IllegalArgumentException.class,
          () -> new DataPort("NIC1", "1", "1", bad, "mlx5_0", 1, 100_000),
          bad);
      assertThrows(
          IllegalArgumentException.class,
          () -> new DataPort("NIC1", "1", "1", "eth0", bad, 1, 100_000),
          bad);
    }
    assertThrows(
        IllegalArgumentException.class,
        () -> new DataPort("NIC1", "1", "1", "sixteen-chars-xx", "mlx5_0", 1, 100_000));
  }

  private static void write(Path file, String value) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, value + "\n");
  }
}
