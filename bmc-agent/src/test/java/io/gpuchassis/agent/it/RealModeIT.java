package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static io.gpuchassis.agent.it.RedfishAwait.await;
import static io.gpuchassis.agent.it.RedfishAwait.awaitSwitch;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.Main;
import io.gpuchassis.agent.config.HardwareMode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent in real mode, on a board whose two switch chips are served by {@code bmc-agent
 * simulate} in a process of its own: SW1 on a UART (a real pseudo-terminal, opened by the agent
 * with jSerialComm), SW2 over MoE (Switchtec management over Ethernet) on a loopback port. Slot
 * presence is on the switches' connector GPIOs, so the agent finds its GPUs through the chips
 * alone. Nothing of the simulation is in the agent's process: it sees what a board would show it.
 */
class RealModeIT {

  @TempDir Path dir;

  private static final String SW2_HOST = "127.0.0.92";

  private SimulatorProcess simulator;

  @AfterEach
  void stopSimulator() {
    if (simulator != null) {
      simulator.close();
    }
  }

  @Test
  void real_mode_reaches_switches_over_a_pty_and_tcp_composes_a_gpu_and_reports_a_lost_simulator()
      throws Exception {
    Path board = writeBoard();
    simulator = SimulatorProcess.start(board);
    List<String> announced = simulator.announced();
    assertTrue(
        announced.stream().anyMatch(l -> l.startsWith("SIMULATE SW1 uart /dev/pts/")),
        announced.toString());
    assertTrue(
        announced.stream().anyMatch(l -> l.startsWith("SIMULATE SW2 tcp " + SW2_HOST + ":")),
        announced.toString());

    StringWriter probed = new StringWriter();
    assertEquals(
        0,
        Main.run(
            new PrintWriter(probed, true),
            new PrintWriter(new StringWriter(), true),
            "probe",
            "--board",
            board.toString()),
        probed.toString());
    assertTrue(
        probed
            .toString()
            .contains(
                "SW1 ("
                    + dir.resolve("ttySW1")
                    + " at 115200 baud): answers:"
                    + " PSX GEN5 100 lanes (0x11f8:0x5100), serial 0x5e510001, firmware 6.30 B0A7"),
        probed.toString());
    assertTrue(
        probed.toString().contains("slot 3 line PRSNT# (GPIO 16 of switch SW2): answers: low"),
        probed.toString());

    try (TestAgent agent =
        TestAgent.start(
            dir.resolve("state"),
            config ->
                config
                    .withBoard(board)
                    .withHardwareMode(HardwareMode.REAL)
                    .withSwitchPollInterval(Duration.ofMillis(200)))) {
      assertFalse(agent.agent.platform().simulated());
      assertTrue(
          Thread.getAllStackTraces().keySet().stream()
              .map(Thread::getName)
              .noneMatch(name -> name.equals("sim-physics") || name.startsWith("moe-accept")),
          "no simulation runs in a real-mode agent: no physics clock, no simulated switch served");
      JsonNode manager = get(agent, "/redfish/v1/Managers/BMC");
      assertFalse(
          manager.at("/Oem/GpuChassisAgent/SimulatedHardware").asBoolean(true), manager.toString());

      JsonNode sw1 = awaitSwitch(agent, "SW1", "OK");
      assertEquals(
          "0x5e510001", sw1.get("SerialNumber").asText(), "read from the chip over the pty");
      assertEquals("6.30 B0A7", sw1.get("FirmwareVersion").asText());
      JsonNode sw2 = awaitSwitch(agent, "SW2", "OK");
      assertEquals("0x5e510002", sw2.get("SerialNumber").asText(), "read from the chip over MoE");
      assertEquals(
          4,
          get(agent, "/redfish/v1/Fabrics/PCIe/Switches/SW1/Ports").get("Members").size(),
          "two slots, a host port and the inter-switch link are wired to SW1");

      JsonNode devices = get(agent, "/redfish/v1/Chassis/GPUChassis/PCIeDevices");
      assertEquals(
          List.of(
              "/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot1",
              "/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot3"),
          ids(devices),
          "presence read on the chips' GPIOs: slots 1 and 3 hold GPUs, slot 2 is empty");

      // Host1 is on SW1, slot 3 on SW2: the bind goes over the pty to SW1 (the link) and over MoE
      // to SW2 (the slot).
      var bind =
          agent.client.send(
              "POST",
              "/redfish/v1/Fabrics/PCIe/Zones/Host1/Actions/Zone.AddEndpoint",
              TestAgent.OPERATOR,
              "{\"Endpoint\":{\"@odata.id\":\"/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot3\"}}");
      assertEquals(200, agent.client.awaitTask(bind, TestAgent.OPERATOR).statusCode());
      assertTrue(
          ids(get(agent, "/redfish/v1/Fabrics/PCIe/Zones/Host1").at("/Links/Endpoints"))
              .contains("/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot3"));
      JsonNode port =
          await(
              agent,
              "/redfish/v1/Fabrics/PCIe/Switches/SW2/Ports/0",
              p -> "LinkUp".equals(p.get("LinkStatus").asText()),
              "the slot's link up in the next poll");
      assertEquals(16, port.get("ActiveWidth").asInt(), port.toString());

      simulator.kill();
      JsonNode lost1 = awaitSwitch(agent, "SW1", "Critical");
      assertFalse(
          lost1.at("/Oem/GpuChassisAgent/ManagementFault").asText().isEmpty(), lost1.toString());
      awaitSwitch(agent, "SW2", "Critical");

      simulator = SimulatorProcess.start(board);
      awaitSwitch(agent, "SW1", "OK");
      awaitSwitch(agent, "SW2", "OK");
    }
  }

  private Path writeBoard() throws IOException {
    // SW2's endpoint on an address of its own: no client socket of this machine (those leave from
    // 127.0.0.1) can hold its port when the simulator is started again
    int tcpPort;
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getByName(SW2_HOST))) {
      tcpPort = free.getLocalPort();
    }
    String gpu =
        "model: \"NVIDIA H100 PCIe\", vendorId: \"0x10de\", deviceId: \"0x2331\", subsystemVendorId:"
            + " \"0x10de\", subsystemId: \"0x1626\", memoryGiB: 80, tdpWatts: 350, firmwareVersion: \"96.00.30.00.01\","
            + " maxGen: 5, maxWidth: 16";
    String chip =
        "manufacturer: Microchip, model: \"Switchtec PSX 100xG5\", vendorId: \"0x11f8\","
            + " deviceId: \"0x5100\", laneCount: 100, portCount: 48, maxGen: 5";
    Path file = dir.resolve("board.yaml");
    Files.writeString(
        file,
        String.join(
            "\n",
            "chassis: {id: GPUChassis, manufacturer: Test, model: RM-2, partNumber: \"RM2-A\", sku: \"RM2\"}",
            "switches:",
            "  - {id: SW1, "
                + chip
                + ", uart: {device: \""
                + dir.resolve("ttySW1")
                + "\", baud: 115200}}",
            "  - {id: SW2, " + chip + ", tcp: {host: " + SW2_HOST + ", port: " + tcpPort + "}}",
            "interSwitchLinks:",
            "  - a: {switch: SW1, port: 8, width: 16, maxGen: 5}",
            "    b: {switch: SW2, port: 8, width: 16, maxGen: 5}",
            "hosts:",
            "  - {id: Host1, switch: SW1, port: 4, width: 16, maxGen: 5}",
            "  - {id: Host2, switch: SW2, port: 4, width: 16, maxGen: 5}",
            "slots:",
            "  - {id: 1, switch: SW1, port: 0, width: 16, maxGen: 5, pins: {presence: {switch: SW1, gpio: 16}}}",
            "  - {id: 2, switch: SW1, port: 1, width: 16, maxGen: 5, pins: {presence: {switch: SW1, gpio: 17}}}",
            "  - {id: 3, switch: SW2, port: 0, width: 16, maxGen: 5, pins: {presence: {switch: SW2, gpio: 16}}}",
            "simulation:",
            "  switches:",
            "    - {switch: SW1, serialNumber: \"0x5e510001\", firmwareVersion: \"6.30 B0A7\"}",
            "    - {switch: SW2, serialNumber: \"0x5e510002\", firmwareVersion: \"6.30 B0A7\"}",
            "  gpus:",
            "    - {slot: 1, serialNumber: \"1654123000901\", " + gpu + "}",
            "    - {slot: 3, serialNumber: \"1654123000903\", " + gpu + "}",
            ""));
    return file;
  }

  private static JsonNode get(TestAgent agent, String path) throws Exception {
    var response = agent.client.get(path, TestAgent.ADMIN);
    assertEquals(200, response.statusCode(), path + ": " + response.body());
    return json(response);
  }

  private static List<String> ids(JsonNode node) {
    JsonNode members = node.has("Members") ? node.get("Members") : node;
    List<String> ids = new ArrayList<>();
    members.forEach(m -> ids.add(m.get("@odata.id").asText()));
    return ids;
  }
}
