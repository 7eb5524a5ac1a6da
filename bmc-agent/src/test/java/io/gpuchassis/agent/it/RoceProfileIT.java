package io.gpuchassis.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.config.DataPortSettings;
import io.gpuchassis.agent.config.RoceProfile;
import io.gpuchassis.agent.config.RoceSettings;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The RoCE profile on the simulated reference chassis's two RoCE ports, through HTTPS: applied at
 * start through the simulated ip, dcb and tc and shown as read back; PFC turned off behind the
 * agent's back ({@code ethernet-profile-drift}) is seen, raised and re-applied. The profile is
 * checked every 500 ms here.
 */
class RoceProfileIT {

  static final String NIC = "/redfish/v1/Chassis/GPUChassis/NetworkAdapters/NIC1";
  static final String PORT1 = NIC + "/Ports/1";
  static final String PORT2 = NIC + "/Ports/2";

  @TempDir static Path stateDir;
  static TestAgent agent;

  @BeforeAll
  static void start() throws Exception {
    agent =
        TestAgent.start(
            stateDir,
            c ->
                c.withDataPorts(
                    new DataPortSettings(
                        Duration.ofMillis(500),
                        new RoceSettings(RoceProfile.DEFAULT, Duration.ofMillis(500)))));
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  @Test
  void each_roce_port_shows_the_profile_applied_as_read_back() throws Exception {
    for (String uri : new String[] {PORT1, PORT2}) {
      JsonNode roce =
          RedfishAwait.await(
                  agent,
                  uri,
                  p -> p.at("/Oem/GpuChassisAgent/RoCE/ProfileState").asText().equals("Applied"))
              .at("/Oem/GpuChassisAgent/RoCE");
      assertEquals("Lossless", roce.get("Mode").asText(), roce.toString());
      assertEquals("DSCP", roce.get("TrustMode").asText());
      assertEquals("[3]", roce.get("PFCEnabledPriorities").toString());
      assertEquals(3, roce.get("RoCEPriority").asInt());
      assertEquals(26, roce.get("RoCEDSCP").asInt());
      assertEquals(6, roce.get("CNPPriority").asInt());
      assertEquals(48, roce.get("CNPDSCP").asInt());
      assertEquals(150.0, roce.at("/ECN/MinThresholdKB").asDouble());
      assertEquals(1500.0, roce.at("/ECN/MaxThresholdKB").asDouble());
      assertEquals(9000, roce.get("MTU").asInt());
      assertEquals(4, roce.get("Items").size());
      for (JsonNode item : roce.get("Items")) {
        String state = item.get("State").asText();
        assertTrue(state.equals("InSync") || state.equals("Corrected"), item.toString());
      }
    }
    assertTrue(
        RedfishAwait.read(agent, NIC)
            .at("/Controllers/0/ControllerCapabilities/DataCenterBridging/Capable")
            .asBoolean());
  }

  @Test
  void pfc_turned_off_behind_the_agents_back_is_raised_and_re_applied() throws Exception {
    RedfishAwait.await(
        agent,
        PORT2,
        p -> p.at("/Oem/GpuChassisAgent/RoCE/ProfileState").asText().equals("Applied"));
    try (SseReader events = RedfishAwait.streamAbout(agent, PORT2)) {
      String fault = agent.client.injectFault(TestAgent.ADMIN, "ethernet-profile-drift", PORT2);
      try {
        JsonNode detected = RedfishAwait.awaitResourceEvent(events, ".ResourceErrorsDetected");
        assertEquals(
            "Oem/GpuChassisAgent/RoCE/PFCEnabledPriorities",
            detected.at("/MessageArgs/0").asText(),
            detected.toString());
        assertEquals("RoCEProfileDrift", detected.at("/MessageArgs/1").asText());
        assertEquals(PORT2, detected.at("/OriginOfCondition/@odata.id").asText());
        JsonNode corrected = RedfishAwait.awaitResourceEvent(events, ".ResourceErrorsCorrected");
        assertEquals("RoCEProfileDrift", corrected.at("/MessageArgs/1").asText());
      } finally {
        agent.client.send("DELETE", fault, TestAgent.ADMIN, null);
      }
    }
    JsonNode roce =
        RedfishAwait.await(
                agent, PORT2, p -> p.at("/Oem/GpuChassisAgent/RoCE/DriftsCorrected").asInt() >= 1)
            .at("/Oem/GpuChassisAgent/RoCE");
    assertEquals("[3]", roce.get("PFCEnabledPriorities").toString(), roce.toString());
    assertEquals("Applied", roce.get("ProfileState").asText());
    assertTrue(roce.has("LastDrift"), roce.toString());
  }
}
