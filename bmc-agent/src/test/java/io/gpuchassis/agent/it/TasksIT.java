package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static io.gpuchassis.agent.it.TestAgent.ADMIN;
import static io.gpuchassis.agent.it.TestAgent.OPERATOR;
import static io.gpuchassis.agent.it.TestAgent.READER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.config.SimulationSpeed;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Zone changes as DSP0266 asynchronous operations over HTTPS: 202 + task monitor, 202 while the
 * switch works, the final response once done, the Task's state and TaskEvent messages, a failed
 * bind as an Exception, and DELETE on the monitor. The agent runs at realistic speed (a bind takes
 * ~800 ms) so that "while running" is really seen.
 */
class TasksIT {

  static final String ZONE1 = "/redfish/v1/Fabrics/PCIe/Zones/Host1";
  static final String MONITORS = "/redfish/v1/TaskService/TaskMonitors/";

  @TempDir static Path stateDir;
  static TestAgent agent;
  static AgentClient client;

  @BeforeAll
  static void start() throws Exception {
    // No polling after the first: a hung mailbox must first be hit by the bind under test, not by a
    // poll (after which
    // the bind would be refused as busy, unsubmitted, which is a different path).
    agent = TestAgent.start(stateDir, SimulationSpeed.REALISTIC, java.time.Duration.ofMinutes(10));
    client = agent.client;
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  /** Zone.AddEndpoint of the GPU in {@code slot}, asking for a task (DSP0266's respond-async). */
  static HttpResponse<String> add(int slot) throws Exception {
    return client.send(
        "POST",
        ZONE1 + "/Actions/Zone.AddEndpoint",
        OPERATOR,
        "{\"Endpoint\":{\"@odata.id\":\"/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot"
            + slot
            + "\"}}",
        "Prefer",
        "respond-async");
  }

  static List<String> members() throws Exception {
    return json(client.get(ZONE1, READER)).at("/Links/Endpoints").findValuesAsText("@odata.id");
  }

  static List<String> messageIds(JsonNode task) {
    return task.path("Messages").findValuesAsText("MessageId");
  }

  @Test
  void a_zone_action_answers_202_with_a_monitor_that_ends_in_the_zone() throws Exception {
    HttpResponse<String> accepted = add(1);
    assertEquals(202, accepted.statusCode(), accepted.body());
    String monitor = accepted.headers().firstValue("Location").orElseThrow();
    assertTrue(monitor.matches(MONITORS + "\\d+"), monitor);
    assertTrue(accepted.headers().firstValue("Retry-After").isPresent());
    JsonNode task = json(accepted);
    assertEquals("#Task.v1_7_4.Task", task.get("@odata.type").asText());
    assertEquals("Running", task.get("TaskState").asText());
    assertEquals(monitor, task.get("TaskMonitor").asText());
    assertEquals("POST", task.at("/Payload/HttpOperation").asText());

    HttpResponse<String> running = client.get(monitor, READER);
    assertEquals(202, running.statusCode(), "the switch is still binding: " + running.body());
    assertEquals(monitor, running.headers().firstValue("Location").orElseThrow());

    HttpResponse<String> done = client.awaitTask(accepted, READER);
    assertEquals(200, done.statusCode(), done.body());
    assertTrue(json(done).at("/Links/Endpoints").toString().contains("GPU-Slot1"), done.body());
    assertTrue(members().contains("/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot1"));

    JsonNode finished = json(client.get(task.get("@odata.id").asText(), READER));
    assertEquals("Completed", finished.get("TaskState").asText());
    assertEquals("OK", finished.get("TaskStatus").asText());
    assertEquals(100, finished.get("PercentComplete").asInt());
    assertTrue(finished.has("EndTime"));
    // What the task did, in the Composition and Fabric registries' words, between its start and its
    // end.
    assertEquals(
        List.of(
            "TaskEvent.1.0.5.TaskStarted",
            "Composition.1.1.3.ResourceBlockCompositionStateChanged",
            "GpuChassisComposition.1.0.0.LinkVerified",
            "Fabric.1.0.3.ZoneModified",
            "TaskEvent.1.0.5.TaskCompletedOK"),
        messageIds(finished));
    assertEquals(
        "The composition status of the resource block "
            + "'/redfish/v1/CompositionService/ResourceBlocks/GPU-Slot1' has changed.",
        finished.at("/Messages/1/Message").asText());
    assertTrue(
        finished
            .at("/Messages/2/Message")
            .asText()
            .matches(
                "The link of the GPU in '/redfish/v1/CompositionService/ResourceBlocks/GPU-Slot1'"
                    + " trained at Gen\\d x\\d+, the rate the GPU and its slot are capable of\\."),
        finished.at("/Messages/2/Message").asText());
    assertEquals(
        "Zone 'Host1' in fabric 'PCIe' was modified.", finished.at("/Messages/3/Message").asText());
    assertEquals(
        "The task with Id '" + finished.get("Id").asText() + "' has completed.",
        finished.at("/Messages/4/Message").asText());

    JsonNode tasks = json(client.get("/redfish/v1/TaskService/Tasks", READER));
    assertTrue(tasks.get("Members").toString().contains(finished.get("@odata.id").asText()));
    JsonNode service = json(client.get("/redfish/v1/TaskService", READER));
    assertEquals("Oldest", service.get("CompletedTaskOverWritePolicy").asText());
    assertTrue(service.get("LifeCycleEventOnTaskStateChange").asBoolean());
    assertEquals(
        "/redfish/v1/TaskService",
        json(client.get("/redfish/v1/", null)).at("/Tasks/@odata.id").asText());

    // A finished task's monitor is forgotten on DELETE, and the Task with it.
    assertEquals(204, client.send("DELETE", monitor, ADMIN, null).statusCode());
    assertEquals(404, client.get(monitor, READER).statusCode());
    assertEquals(404, client.get(finished.get("@odata.id").asText(), READER).statusCode());
  }

  @Test
  void a_bind_whose_link_does_not_train_ends_in_exception_and_leaves_the_slot_unbound()
      throws Exception {
    var fault =
        agent
            .agent
            .faults()
            .orElseThrow()
            .inject("link-down", "/redfish/v1/Fabrics/PCIe/Switches/SW1/Ports/1");
    try {
      HttpResponse<String> accepted = add(2);
      // The switch is working: a DELETE on the monitor cannot stop it.
      String monitor = accepted.headers().firstValue("Location").orElseThrow();
      HttpResponse<String> cancel = client.send("DELETE", monitor, ADMIN, null);
      assertEquals(409, cancel.statusCode(), cancel.body());
      assertTrue(cancel.body().contains("Base.1.22.1.ResourceInUse"), cancel.body());

      HttpResponse<String> done = client.awaitTask(accepted, READER);
      assertEquals(503, done.statusCode(), done.body());
      assertTrue(done.body().contains("the binding was undone"), done.body());
      JsonNode task = json(client.get(json(accepted).get("@odata.id").asText(), READER));
      assertEquals("Exception", task.get("TaskState").asText());
      assertEquals("Critical", task.get("TaskStatus").asText());
      assertEquals(100, task.get("PercentComplete").asInt());
      List<String> ids = messageIds(task);
      assertEquals("TaskEvent.1.0.5.TaskStarted", ids.get(0));
      assertTrue(ids.contains("Base.1.22.1.ServiceTemporarilyUnavailable"), ids.toString());
      assertEquals("TaskEvent.1.0.5.TaskAborted", ids.get(ids.size() - 1));
      assertFalse(
          members().contains("/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot2"),
          "the slot is unbound");
    } finally {
      agent.agent.faults().orElseThrow().clear(fault.id());
    }
  }

  @Test
  void a_bind_whose_switch_stops_answering_ends_in_exception_and_shows_the_gpu_failed()
      throws Exception {
    String block = "/redfish/v1/CompositionService/ResourceBlocks/GPU-Slot7";
    var fault =
        agent
            .agent
            .faults()
            .orElseThrow()
            .inject("mrpc-timeout", "/redfish/v1/Fabrics/PCIe/Switches/SW2");
    try {
      HttpResponse<String> accepted =
          client.send(
              "POST",
              "/redfish/v1/Systems/Host4/Actions/ComputerSystem.AddResourceBlock",
              OPERATOR,
              "{\"ResourceBlock\":{\"@odata.id\":\"" + block + "\"}}");
      HttpResponse<String> done = client.awaitTask(accepted, READER);
      assertEquals(503, done.statusCode(), done.body());
      assertTrue(
          done.body().contains("is unknown"), "says the switch's state is unknown: " + done.body());
      JsonNode task = json(client.get(json(accepted).get("@odata.id").asText(), READER));
      assertEquals("Exception", task.get("TaskState").asText());
      JsonNode status = json(client.get(block, READER)).get("CompositionStatus");
      assertEquals(
          "Failed",
          status.get("CompositionState").asText(),
          "not shown as free while it may be bound");
      List<String> free =
          json(client.get("/redfish/v1/CompositionService/FreePool", READER))
              .at("/Members")
              .findValuesAsText("@odata.id");
      assertFalse(free.contains(block), "a GPU in an unknown state is offered to no one");
    } finally {
      agent.agent.faults().orElseThrow().clear(fault.id());
    }
    // Once the switch answers again, the orchestrator settles the GPU like any release:
    // ReadyToRemove, then remove.
    String remove = "/redfish/v1/Systems/Host4/Actions/ComputerSystem.RemoveResourceBlock";
    String param = "{\"ResourceBlock\":{\"@odata.id\":\"" + block + "\"}}";
    HttpResponse<String> notYet = client.send("POST", remove, OPERATOR, param);
    assertEquals(409, notYet.statusCode(), notYet.body());
    assertTrue(notYet.body().contains("ReadyToRemove"), notYet.body());
    assertEquals(
        200,
        client
            .send(
                "PATCH",
                "/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot7",
                OPERATOR,
                "{\"ReadyToRemove\":true}")
            .statusCode());
    HttpResponse<String> released =
        client.awaitTask(client.send("POST", remove, OPERATOR, param), READER);
    assertEquals(200, released.statusCode(), released.body());
    assertEquals(
        "Unused",
        json(client.get(block, READER)).at("/CompositionStatus/CompositionState").asText());
    assertTrue(
        json(client.get("/redfish/v1/CompositionService/FreePool", READER))
            .at("/Members")
            .findValuesAsText("@odata.id")
            .contains(block),
        "free again");
  }

  @Test
  void refusals_known_before_any_hardware_work_are_answered_at_once_without_a_task()
      throws Exception {
    agent.agent.bindings().bind(6, "Host3").join();
    try {
      HttpResponse<String> refused =
          client.send(
              "POST",
              ZONE1 + "/Actions/Zone.AddEndpoint",
              OPERATOR,
              "{\"Endpoint\":{\"@odata.id\":\"/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot6\"}}");
      assertEquals(409, refused.statusCode(), refused.body());
      assertTrue(refused.headers().firstValue("Location").isEmpty());
      assertEquals(404, client.get(MONITORS + "999999", READER).statusCode());
    } finally {
      agent.agent.bindings().unbind(6, true).join();
    }
  }
}
