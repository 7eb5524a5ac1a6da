package io.gpuchassis.agent.sim.ethernet;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.ethernet.DataPort;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimulatedDataPortsTest {

  static final DataPort PORT = new DataPort("NIC1", "1", "1", "enp1s0f0np0", "mlx5_0", 1, 100_000);

  @TempDir Path state;

  @Test
  void the_files_live_below_the_folder_given_emptied_of_a_killed_runs_leftovers_and_go_at_close()
      throws Exception {
    Path root = state.resolve("simulation/data-ports");
    Path leftover = root.resolve("sys/class/net/eth9/carrier");
    Files.createDirectories(leftover.getParent());
    Files.writeString(leftover, "1\n");

    try (SimulatedDataPorts ports =
        new SimulatedDataPorts(List.of(PORT), Clock.systemUTC(), root)) {
      assertFalse(Files.exists(leftover), "what an unclean stop left is gone");
      assertTrue(Files.isRegularFile(root.resolve("sys/class/net/enp1s0f0np0/carrier")));
      assertTrue(ports.source(PORT).read().linkUp(), "the real reader reads them there");
    }
    assertFalse(Files.exists(root), "removed at close");
  }
}
