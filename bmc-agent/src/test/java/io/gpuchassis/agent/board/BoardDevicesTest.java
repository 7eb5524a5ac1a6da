package io.gpuchassis.agent.board;

import static io.gpuchassis.agent.board.BoardYaml.VALID;
import static io.gpuchassis.agent.board.BoardYaml.load;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The device nodes a board names: what `bmc-agent devices` lets the service open, and nothing more.
 */
class BoardDevicesTest {

  @TempDir Path dir;

  @Test
  void every_adapter_uart_gpiochip_and_the_console_port_the_board_names_and_no_other() {
    BoardDescription board = load(dir, VALID + "console:\n  device: /dev/ttymxc1\n");
    List<String> expected =
        new java.util.ArrayList<>(
            List.of(
                "/dev/gpiochip0", // slot 1's presence and power lines
                "/dev/i2c-1",
                "/dev/i2c-2",
                "/dev/i2c-6",
                "/dev/i2c-7",
                "/dev/i2c-8",
                "/dev/i2c-9",
                "/dev/i2c-10",
                "/dev/i2c-11", // the kernel-driven mux itself
                "/dev/ttyS2", // SW2's console
                "/dev/ttymxc1")); // the technician's
    for (int bus = 30; bus <= 37; bus++) {
      expected.add("/dev/i2c-" + bus); // the kernel mux's channels
    }
    assertEquals(new TreeSet<>(expected), BoardDevices.of(board));
  }

  @Test
  void an_inband_switch_names_its_switchtec_node_instead_of_a_uart() {
    BoardDescription board =
        load(
            dir,
            BoardYaml.validWith("uart: {device: /dev/ttyS2}", "inband: {device: /dev/switchtec0}"));
    assertTrue(BoardDevices.of(board).contains("/dev/switchtec0"));
    assertTrue(!BoardDevices.of(board).contains("/dev/ttyS2"));
  }

  @Test
  void the_devices_command_prints_a_drop_in_that_replaces_the_packaged_device_classes()
      throws Exception {
    Path file = dir.resolve("board.yaml");
    Files.writeString(file, VALID);
    StringWriter out = new StringWriter();
    assertEquals(
        0,
        Main.run(
            new PrintWriter(out, true),
            new PrintWriter(new StringWriter(), true),
            "devices",
            "--board",
            file.toString()));
    List<String> lines = out.toString().lines().filter(l -> !l.startsWith("#")).toList();
    assertEquals(List.of("[Service]", "DevicePolicy=closed", "DeviceAllow="), lines.subList(0, 3));
    assertTrue(lines.contains("DeviceAllow=/dev/ttyS2 rw"), out.toString());
    assertEquals(
        BoardDevices.of(BoardDescription.load(file)).size(), lines.size() - 3, out.toString());
    assertTrue(
        lines.stream().noneMatch(l -> l.contains("Capabilit")),
        "a board without data-path ports needs no capability: " + out);
  }

  @Test
  void a_board_with_data_path_ports_gets_cap_net_admin_for_their_tools() throws Exception {
    Path file = dir.resolve("reference.yaml");
    try (var in = BoardDevicesTest.class.getResourceAsStream("/board/reference-board.yaml")) {
      Files.write(file, in.readAllBytes());
    }
    assertTrue(
        !BoardDescription.load(file).networkAdapters().isEmpty(), "the reference board has NIC1");
    StringWriter out = new StringWriter();
    assertEquals(
        0,
        Main.run(
            new PrintWriter(out, true),
            new PrintWriter(new StringWriter(), true),
            "devices",
            "--board",
            file.toString()));
    List<String> lines = out.toString().lines().filter(l -> !l.startsWith("#")).toList();
    assertTrue(lines.contains("CapabilityBoundingSet=CAP_NET_ADMIN"), out.toString());
    assertTrue(lines.contains("AmbientCapabilities=CAP_NET_ADMIN"), out.toString());
  }
}
