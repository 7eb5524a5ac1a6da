package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.switchdrv.FirmwareVersion;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An update of several switches is one task with a sub-task per switch: each with its own steps,
 * percentage and end, so a client sees how far each target is; when one fails, the one under way
 * ends in Exception and those not reached are Cancelled.
 */
class FirmwareSubTasksIT {

  static final String INVENTORY = "/redfish/v1/UpdateService/FirmwareInventory/";

  @TempDir static Path stateDir;
  static TestAgent agent;
  static SignedBundles bundles;

  @BeforeAll
  static void start() throws Exception {
    agent = TestAgent.start(stateDir);
    bundles = SignedBundles.of(stateDir);
    SignedBundles.awaitEverySwitchRead(agent);
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  @Test
  void each_target_of_one_update_has_a_sub_task_that_ends_with_its_own_part() throws Exception {
    HttpResponse<String> accepted = push(FirmwareVersion.parse("9.30 B051"), "SW1", "SW3");
    assertEquals(202, accepted.statusCode(), accepted.body());
    HttpResponse<String> done = agent.client.awaitTask(accepted, TestAgent.READER);
    assertEquals(200, done.statusCode(), done.body());

    List<JsonNode> subTasks = subTasksOf(accepted);
    assertEquals(2, subTasks.size());
    for (int i = 0; i < 2; i++) {
      JsonNode sub = subTasks.get(i);
      String target = i == 0 ? "SW1" : "SW3";
      assertTrue(sub.get("Name").asText().endsWith(": " + target), sub.toString());
      assertEquals("Completed", sub.get("TaskState").asText());
      assertEquals(100, sub.get("PercentComplete").asInt());
      List<String> steps = messageIds(sub);
      assertEquals(
          List.of(
              "Update.1.3.0.TargetDetermined",
              "Update.1.3.0.TransferringToComponent",
              "Update.1.3.0.VerifyingAtComponent",
              "Update.1.3.0.ApplyingOnComponent",
              "Update.1.3.0.AwaitToActivate"),
          steps,
          target + "'s own steps only");
      assertTrue(sub.path("SubTasks").isMissingNode(), "a sub-task has none");
    }
  }

  @Test
  void a_failed_target_ends_its_sub_task_in_exception_and_the_ones_not_reached_are_cancelled()
      throws Exception {
    var fault =
        agent
            .agent
            .faults()
            .orElseThrow()
            .inject("firmware-crc-mismatch", "/redfish/v1/Fabrics/PCIe/Switches/SW2");
    try {
      HttpResponse<String> accepted = push(FirmwareVersion.parse("9.30 B052"), "SW4", "SW2", "SW1");
      assertEquals(202, accepted.statusCode(), accepted.body());
      HttpResponse<String> failed = agent.client.awaitTask(accepted, TestAgent.READER);
      assertEquals(503, failed.statusCode(), failed.body());

      List<JsonNode> subTasks = subTasksOf(accepted);
      assertEquals(
          List.of("Completed", "Exception", "Cancelled"),
          subTasks.stream().map(s -> s.get("TaskState").asText()).toList());
      assertEquals(100, subTasks.get(0).get("PercentComplete").asInt());
      assertTrue(
          messageIds(subTasks.get(1)).contains("Update.1.3.0.TransferFailed"),
          subTasks.get(1).toString());
      assertEquals(
          List.of("Update.1.3.0.TargetDetermined"),
          messageIds(subTasks.get(2)),
          "SW1 was named, never written");
    } finally {
      agent.agent.faults().orElseThrow().clear(fault.id());
    }
  }

  private static HttpResponse<String> push(FirmwareVersion version, String... switches)
      throws Exception {
    List<String> targets = new ArrayList<>();
    for (String id : switches) {
      targets.add("\"" + INVENTORY + id + "\"");
    }
    return agent.client.pushBundle(
        TestAgent.OPERATOR,
        "{\"Targets\": " + targets + ", \"@Redfish.OperationApplyTime\": \"OnReset\"}",
        bundles.image(version));
  }

  /** The task's sub-tasks, read through its SubTasks collection. */
  private static List<JsonNode> subTasksOf(HttpResponse<String> accepted) throws Exception {
    JsonNode task =
        json(agent.client.get(json(accepted).get("@odata.id").asText(), TestAgent.READER));
    String collection = task.at("/SubTasks/@odata.id").asText();
    assertEquals(task.get("@odata.id").asText() + "/SubTasks", collection);
    List<JsonNode> subTasks = new ArrayList<>();
    for (JsonNode member : json(agent.client.get(collection, TestAgent.READER)).get("Members")) {
      subTasks.add(json(agent.client.get(member.get("@odata.id").asText(), TestAgent.READER)));
    }
    return subTasks;
  }

  private static List<String> messageIds(JsonNode task) {
    List<String> ids = new ArrayList<>();
    task.path("Messages").forEach(m -> ids.add(m.get("MessageId").asText()));
    return ids;
  }
}
