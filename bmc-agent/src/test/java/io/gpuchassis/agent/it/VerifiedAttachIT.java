package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static io.gpuchassis.agent.it.TestAgent.ADMIN;
import static io.gpuchassis.agent.it.TestAgent.OPERATOR;
import static io.gpuchassis.agent.it.TestAgent.READER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A verified attach over HTTPS, through the task a composer polls: the task's messages give the
 * rate the GPU's link trained at and the rate it is capable of; a marginal link is retrained once
 * and ends at its full rate; a link that stays below ends the task with a Warning and an event and
 * the GPU attached; a link that never comes up undoes the attach.
 */
class VerifiedAttachIT {

  static final String ZONE = "/redfish/v1/Fabrics/PCIe/Zones/Host1";

  @TempDir static Path stateDir;
  static TestAgent agent;
  static AgentClient client;

  @BeforeAll
  static void start() throws Exception {
    agent = TestAgent.start(stateDir);
    client = agent.client;
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  @Test
  void a_healthy_attach_names_the_rate_its_link_trained_at() throws Exception {
    JsonNode task = attach(1);
    assertEquals("Completed", task.get("TaskState").asText(), task.toString());
    assertEquals("OK", task.get("TaskStatus").asText(), task.toString());
    JsonNode verified = message(task, "LinkVerified");
    assertEquals(block(1), verified.at("/MessageArgs/0").asText());
    assertTrue(verified.at("/MessageArgs/1").asText().matches("Gen\\d x\\d+"), verified.toString());
    assertTrue(messages(task, "LinkRetrained").isEmpty(), "nothing to retrain");
  }

  @Test
  void a_marginal_link_is_retrained_once_and_ends_at_its_full_rate() throws Exception {
    String fault = client.injectFault(ADMIN, "marginal-link", switchPortOf(2));
    try {
      JsonNode task = attach(2);
      assertEquals("Completed", task.get("TaskState").asText(), task.toString());
      assertEquals("OK", task.get("TaskStatus").asText(), task.toString());
      JsonNode retrained = message(task, "LinkRetrained");
      String before = retrained.at("/MessageArgs/1").asText();
      String after = retrained.at("/MessageArgs/2").asText();
      assertNotEquals(before, after, retrained.toString());
      assertEquals(after, message(task, "LinkVerified").at("/MessageArgs/1").asText());
    } finally {
      client.send("DELETE", fault, ADMIN, null);
    }
  }

  @Test
  void a_link_that_stays_below_its_rate_ends_the_attach_with_a_warning_and_an_event()
      throws Exception {
    String fault = client.injectFault(ADMIN, "link-degrade", switchPortOf(3));
    try {
      JsonNode task = attach(3);
      assertEquals("Completed", task.get("TaskState").asText(), task.toString());
      assertEquals("Warning", task.get("TaskStatus").asText(), task.toString());
      JsonNode retrained = message(task, "LinkRetrained");
      JsonNode below = message(task, "LinkBelowCapability");
      assertEquals("Warning", below.get("MessageSeverity").asText());
      String trained = below.at("/MessageArgs/1").asText();
      String capable = below.at("/MessageArgs/2").asText();
      assertNotEquals(trained, capable, below.toString());
      assertEquals(trained, retrained.at("/MessageArgs/2").asText(), "one retrain, still low");
      assertTrue(
          members(ZONE).contains(endpointUri(3)), "the GPU stays attached at the lower rate");

      // the event follows the snapshot the task completed with, from the events' own observer
      String log = "";
      for (long end = System.nanoTime() + 30_000_000_000L; System.nanoTime() < end; ) {
        log =
            client
                .get("/redfish/v1/Managers/BMC/LogServices/EventLog/Entries?$expand=.", READER)
                .body();
        if (log.contains("GpuChassisComposition.1.0.0.LinkBelowCapability")) {
          break;
        }
        Thread.sleep(100);
      }
      assertTrue(
          log.contains("GpuChassisComposition.1.0.0.LinkBelowCapability") && log.contains(block(3)),
          "the degraded attach is an event about the GPU's block: " + log);
    } finally {
      client.send("DELETE", fault, ADMIN, null);
    }
  }

  @Test
  void a_link_that_never_comes_up_undoes_the_attach() throws Exception {
    String fault = client.injectFault(ADMIN, "link-down", switchPortOf(4));
    try {
      HttpResponse<String> outcome = client.awaitTask(post(4), OPERATOR);
      assertEquals(503, outcome.statusCode(), outcome.body());
      assertTrue(outcome.body().contains("did not come up"), outcome.body());
      assertFalse(members(ZONE).contains(endpointUri(4)));
      assertEquals(
          "Unused",
          json(client.get("/redfish/v1/CompositionService/ResourceBlocks/GPU-Slot4", READER))
              .at("/CompositionStatus/CompositionState")
              .asText());
    } finally {
      client.send("DELETE", fault, ADMIN, null);
    }
  }

  /** Attaches the GPU in {@code slot} to Host1 and returns its task once done. */
  private static JsonNode attach(int slot) throws Exception {
    HttpResponse<String> accepted = post(slot);
    assertEquals(202, accepted.statusCode(), accepted.body());
    String taskUri = json(accepted).get("@odata.id").asText();
    HttpResponse<String> outcome = client.awaitTask(accepted, OPERATOR);
    assertEquals(200, outcome.statusCode(), outcome.body());
    return json(client.get(taskUri, READER));
  }

  private static HttpResponse<String> post(int slot) throws Exception {
    return client.send(
        "POST",
        ZONE + "/Actions/Zone.AddEndpoint",
        OPERATOR,
        "{\"Endpoint\":{\"@odata.id\":\"" + endpointUri(slot) + "\"}}");
  }

  /** The switch port the GPU in {@code slot} is cabled to, as its processor's port names it. */
  private static String switchPortOf(int slot) throws Exception {
    return json(client.get(block(slot) + "/Processors/GPU/Ports/PCIe", READER))
        .at("/Links/ConnectedSwitchPorts/0/@odata.id")
        .asText();
  }

  private static List<String> members(String zone) throws Exception {
    return json(client.get(zone, READER)).at("/Links/Endpoints").findValuesAsText("@odata.id");
  }

  private static String endpointUri(int slot) {
    return "/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot" + slot;
  }

  private static JsonNode message(JsonNode task, String key) {
    List<JsonNode> found = messages(task, key);
    assertEquals(1, found.size(), key + " once in " + task.get("Messages"));
    return found.get(0);
  }

  private static List<JsonNode> messages(JsonNode task, String key) {
    List<JsonNode> found = new ArrayList<>();
    task.get("Messages")
        .forEach(
            m -> {
              if (m.get("MessageId").asText().endsWith("." + key)) {
                found.add(m);
              }
            });
    return found;
  }

  private static String block(int slot) {
    return "/redfish/v1/CompositionService/ResourceBlocks/GPU-Slot" + slot;
  }
}
