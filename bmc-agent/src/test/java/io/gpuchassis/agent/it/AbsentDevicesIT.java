package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.config.HardwareMode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real mode on a machine that has none of the board's devices: the agent starts, serves Redfish,
 * names every missing device with its board name and path in its log, and shows the switches failed
 * and the sensors offline.
 */
class AbsentDevicesIT {

  @TempDir Path dir;

  @Test
  void the_agent_starts_without_its_devices_and_names_each_missing_one() throws Exception {
    Path board = AbsentBoard.write(dir);
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    PrintStream stdout = System.out; // the log's stream (agent.logging)
    TestAgent agent;
    System.setOut(new PrintStream(log, true, StandardCharsets.UTF_8));
    try {
      agent =
          TestAgent.start(
              dir.resolve("state"),
              config -> config.withBoard(board).withHardwareMode(HardwareMode.REAL));
    } finally {
      System.setOut(stdout);
    }
    try (agent) {
      assertEquals(200, agent.client.get("/redfish/v1/", null).statusCode());
      JsonNode sw1 =
          await(
              agent,
              "/redfish/v1/Fabrics/PCIe/Switches/SW1",
              s ->
                  s.at("/Oem/GpuChassisAgent/ManagementFault").asText().contains(AbsentBoard.UART));
      assertEquals("Critical", sw1.at("/Status/Health").asText(), sw1.toString());
      JsonNode sw2 =
          await(
              agent,
              "/redfish/v1/Fabrics/PCIe/Switches/SW2",
              s -> s.at("/Oem/GpuChassisAgent/ManagementFault").asText().contains("/dev/i2c-93"));
      assertEquals("Critical", sw2.at("/Status/Health").asText(), sw2.toString());
      JsonNode inlet =
          await(
              agent,
              "/redfish/v1/Chassis/GPUChassis/Sensors/InletTemp",
              s -> "UnavailableOffline".equals(s.at("/Status/State").asText()));
      assertTrue(
          inlet.path("Reading").isMissingNode() || inlet.path("Reading").isNull(),
          "no reading, never 0");
      assertEquals(
          0,
          get(agent, "/redfish/v1/Chassis/GPUChassis/PCIeDevices").get("Members").size(),
          "no GPU can be found without the presence line or the sideband");
      assertEquals(
          0,
          get(agent, "/redfish/v1/Chassis/GPUChassis").path("SerialNumber").asText("").length(),
          "the serial number is read from the FRU EEPROM or not shown");
    }
    String text = log.toString(StandardCharsets.UTF_8);
    for (String missing :
        new String[] {
          "InletTemp (tmp75, /dev/i2c-91 address 0x48)",
          "FanController (max31790, /dev/i2c-91 address 0x20)",
          "PSU1 (pmbus-psu, /dev/i2c-92 address 0x58)",
          "SlotIo1 (pca9555, /dev/i2c-94 address 0x20)",
          "GPU sideband of slot 1 (/dev/i2c-96 address 0x4f)",
          "GPU sideband of slot 2 (/dev/i2c-97 channel 3 of mux GpuMux1 (0x70), address 0x4f)",
          "RearTemp (tmp75, /dev/i2c-103 address 0x4a)",
          "line 3 of gpiochip9",
          "ChassisFru (/dev/i2c-95 address 0x50)"
        }) {
      assertTrue(text.contains(missing), "the log names " + missing + ":\n" + text);
    }
  }

  private static JsonNode await(TestAgent agent, String path, Predicate<JsonNode> done)
      throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    JsonNode last = null;
    while (System.nanoTime() < deadline) {
      last = get(agent, path);
      if (done.test(last)) {
        return last;
      }
      Thread.sleep(100);
    }
    throw new AssertionError(path + " did not show it within 60 s: " + last);
  }

  private static JsonNode get(TestAgent agent, String path) throws Exception {
    var response = agent.client.get(path, TestAgent.ADMIN);
    assertEquals(200, response.statusCode(), path + ": " + response.body());
    return json(response);
  }
}
