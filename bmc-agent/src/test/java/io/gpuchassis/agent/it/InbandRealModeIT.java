package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.RedfishAwait.await;
import static io.gpuchassis.agent.it.RedfishAwait.awaitSwitch;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.Main;
import io.gpuchassis.agent.config.HardwareMode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent in real mode on a board whose two switch chips are reached in-band, through the kernel
 * switchtec driver's file protocol: {@code bmc-agent simulate} serves each chip as a simulated
 * device node at the board's {@code inband.device} path, in a process of its own. The agent probes
 * the chips, composes a GPU across both, sees them go when the simulator is killed and come back
 * when it is started again (the transport reopens the node).
 */
class InbandRealModeIT {

  @TempDir Path dir;

  private SimulatorProcess simulator;

  @AfterEach
  void stopSimulator() {
    if (simulator != null) {
      simulator.close();
    }
  }

  @Test
  void real_mode_reaches_switches_through_switchtec_device_nodes_and_composes_a_gpu()
      throws Exception {
    Path board = writeBoard();
    simulator = SimulatorProcess.start(board);
    List<String> announced = simulator.announced();
    assertTrue(
        announced.contains(
            "SIMULATE SW1 inband " + dir.resolve("switchtec0") + " (seqpacket node)"),
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
                "SW1 (switchtec device "
                    + dir.resolve("switchtec0")
                    + "): answers:"
                    + " PSX GEN5 100 lanes (0x11f8:0x5100), serial 0x5e510001, firmware 6.30 B0A7"),
        probed.toString());

    try (TestAgent agent =
        TestAgent.start(
            dir.resolve("state"),
            config ->
                config
                    .withBoard(board)
                    .withHardwareMode(HardwareMode.REAL)
                    .withSwitchPollInterval(Duration.ofMillis(200)))) {
      JsonNode sw2 = awaitSwitch(agent, "SW2", "OK");
      assertEquals("0x5e510002", sw2.get("SerialNumber").asText(), "read through the node");
      awaitSwitch(agent, "SW1", "OK");

      // Host1 is on SW1, slot 3 on SW2: the bind goes through both nodes.
      var bind =
          agent.client.send(
              "POST",
              "/redfish/v1/Fabrics/PCIe/Zones/Host1/Actions/Zone.AddEndpoint",
              TestAgent.OPERATOR,
              "{\"Endpoint\":{\"@odata.id\":\"/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot3\"}}");
      assertEquals(200, agent.client.awaitTask(bind, TestAgent.OPERATOR).statusCode());
      JsonNode port =
          await(
              agent,
              "/redfish/v1/Fabrics/PCIe/Switches/SW2/Ports/0",
              p -> "LinkUp".equals(p.get("LinkStatus").asText()),
              "the slot's link up in the next poll");
      assertEquals(16, port.get("ActiveWidth").asInt(), port.toString());

      simulator.kill();
      awaitSwitch(agent, "SW1", "Critical");
      simulator = SimulatorProcess.start(board);
      awaitSwitch(agent, "SW1", "OK");
    }
  }

  private Path writeBoard() throws IOException {
    String gpu =
        "model: \"NVIDIA H100 PCIe\", vendorId: \"0x10de\", deviceId: \"0x2331\", subsystemVendorId:"
            + " \"0x10de\", subsystemId: \"0x1626\", memoryGiB: 80, tdpWatts: 350, firmwareVersion:"
            + " \"96.00.30.00.01\", maxGen: 5, maxWidth: 16";
    String chip =
        "manufacturer: Microchip, model: \"Switchtec PSX 100xG5\", vendorId: \"0x11f8\","
            + " deviceId: \"0x5100\", laneCount: 100, portCount: 48, maxGen: 5";
    Path file = dir.resolve("board.yaml");
    Files.writeString(
        file,
        String.join(
            "\n",
            "chassis: {id: GPUChassis, manufacturer: Test, model: RM-2, partNumber: \"RM2-A\","
                + " sku: \"RM2\"}",
            "switches:",
            "  - {id: SW1, " + chip + ", inband: {device: \"" + dir.resolve("switchtec0") + "\"}}",
            "  - {id: SW2, " + chip + ", inband: {device: \"" + dir.resolve("switchtec1") + "\"}}",
            "interSwitchLinks:",
            "  - a: {switch: SW1, port: 8, width: 16, maxGen: 5}",
            "    b: {switch: SW2, port: 8, width: 16, maxGen: 5}",
            "hosts:",
            "  - {id: Host1, switch: SW1, port: 4, width: 16, maxGen: 5}",
            "slots:",
            "  - {id: 1, switch: SW1, port: 0, width: 16, maxGen: 5, pins: {presence: {switch: SW1,"
                + " gpio: 16}}}",
            "  - {id: 3, switch: SW2, port: 0, width: 16, maxGen: 5, pins: {presence: {switch: SW2,"
                + " gpio: 16}}}",
            "simulation:",
            "  switches:",
            "    - {switch: SW1, serialNumber: \"0x5e510001\", firmwareVersion: \"6.30 B0A7\"}",
            "    - {switch: SW2, serialNumber: \"0x5e510002\", firmwareVersion: \"6.30 B0A7\"}",
            "  gpus:",
            "    - {slot: 3, serialNumber: \"1654123000903\", " + gpu + "}",
            ""));
    return file;
  }
}
