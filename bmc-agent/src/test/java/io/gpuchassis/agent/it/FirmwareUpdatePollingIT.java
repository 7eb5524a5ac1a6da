package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.config.SimulationSpeed;
import io.gpuchassis.switchdrv.FirmwareVersion;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A switch being written is still watched: at realistic flash speed (5 ms per block) a 300 KiB
 * image takes about three seconds, and the switch's one-second polls go on between its blocks while
 * it shows as Updating.
 */
class FirmwareUpdatePollingIT {

  static final String SWITCH = "/redfish/v1/Fabrics/PCIe/Switches/SW3";

  @TempDir Path stateDir;

  @Test
  void the_switch_is_polled_between_blocks_and_shows_updating() throws Exception {
    try (TestAgent agent = TestAgent.start(stateDir, SimulationSpeed.REALISTIC)) {
      byte[] bundle =
          SignedBundles.of(stateDir)
              .image(FirmwareVersion.parse("9.30 B001"), new byte[300 * 1024]);
      HttpResponse<String> accepted =
          agent.client.pushBundle(
              TestAgent.OPERATOR,
              "{\"Targets\": [\"/redfish/v1/UpdateService/FirmwareInventory/SW3\"]}",
              bundle);
      assertEquals(202, accepted.statusCode(), accepted.body());
      String taskUri = json(accepted).get("@odata.id").asText();
      Set<String> polledWhileUpdating = new HashSet<>();
      while (!json(agent.client.get(taskUri, TestAgent.READER))
          .get("TaskState")
          .asText()
          .equals("Completed")) {
        JsonNode sw = json(agent.client.get(SWITCH, TestAgent.READER));
        if (sw.at("/Status/State").asText().equals("Updating")) {
          polledWhileUpdating.add(sw.at("/Oem/GpuChassisAgent/LastPolled").asText());
        }
        Thread.sleep(100);
      }
      assertTrue(
          polledWhileUpdating.size() >= 2,
          "the switch's last poll moved on while it was written: " + polledWhileUpdating);
      assertEquals(
          "Enabled", json(agent.client.get(SWITCH, TestAgent.READER)).at("/Status/State").asText());
    }
  }
}
