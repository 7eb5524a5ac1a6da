package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static io.gpuchassis.agent.it.TestAgent.ADMIN;
import static io.gpuchassis.agent.it.TestAgent.OPERATOR;
import static io.gpuchassis.agent.it.TestAgent.READER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A GPU whose host has not released it (ReadyToRemove not set): the removal actions refuse it with
 * a message naming what a client can do, and release it when forced with {@code
 * Oem.GpuChassisAgent.Force}, which takes an Administrator (ConfigureManager besides
 * ConfigureComponents) and is recorded in the security log.
 */
class ForcedReleaseIT {

  static final String ZONE1 = "/redfish/v1/Fabrics/PCIe/Zones/Host1";
  static final String SYSTEM2 = "/redfish/v1/Systems/Host2";
  static final String FORCE = ", \"Oem\": {\"GpuChassisAgent\": {\"Force\": true}}";

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

  static String endpoint(int slot) {
    return "{\"Endpoint\":{\"@odata.id\":\"/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot"
        + slot
        + "\"}";
  }

  static String block(int slot) {
    return "{\"ResourceBlock\":{\"@odata.id\":\"/redfish/v1/CompositionService/ResourceBlocks/GPU-Slot"
        + slot
        + "\"}";
  }

  static boolean inZone(int slot) throws Exception {
    return json(client.get(ZONE1, READER))
        .at("/Links/Endpoints")
        .findValuesAsText("@odata.id")
        .contains("/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot" + slot);
  }

  @Test
  void remove_endpoint_unforced_409_operator_forced_403_admin_forced_released_and_audited()
      throws Exception {
    assertEquals(
        200,
        finish(
                client.send(
                    "POST", ZONE1 + "/Actions/Zone.AddEndpoint", OPERATOR, endpoint(1) + "}"),
                OPERATOR)
            .statusCode());
    String remove = ZONE1 + "/Actions/Zone.RemoveEndpoint";

    HttpResponse<String> unforced = client.send("POST", remove, ADMIN, endpoint(1) + "}");
    assertEquals(409, unforced.statusCode(), unforced.body());
    String message = json(unforced).at("/error/message").asText();
    assertTrue(
        message.contains("ReadyToRemove is not set")
            && message.contains("PCIeDevice")
            && message.contains("{\"Oem\": {\"GpuChassisAgent\": {\"Force\": true}}}"),
        message);
    assertFalse(message.contains("force the removal"), "names what exists: " + message);

    HttpResponse<String> operator =
        client.send("POST", remove, OPERATOR, endpoint(1) + FORCE + "}");
    assertEquals(403, operator.statusCode(), operator.body());
    assertTrue(operator.body().contains("InsufficientPrivilege"), operator.body());
    assertTrue(inZone(1), "a refused force changes nothing");

    HttpResponse<String> bad =
        client.send(
            "POST",
            remove,
            ADMIN,
            endpoint(1) + ", \"Oem\": {\"GpuChassisAgent\": {\"Force\": \"yes\"}}}");
    assertEquals(400, bad.statusCode(), bad.body());
    assertTrue(bad.body().contains("ActionParameterValueTypeError"), bad.body());
    HttpResponse<String> onAdd =
        client.send("POST", ZONE1 + "/Actions/Zone.AddEndpoint", ADMIN, endpoint(2) + FORCE + "}");
    assertEquals(400, onAdd.statusCode(), "adding has no force: " + onAdd.body());
    assertTrue(inZone(1));

    HttpResponse<String> forced =
        finish(client.send("POST", remove, ADMIN, endpoint(1) + FORCE + "}"), ADMIN);
    assertEquals(200, forced.statusCode(), forced.body());
    assertFalse(inZone(1), "released");
    assertTrue(
        awaitAudit("/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot1", "Host1", "Zone.RemoveEndpoint"));
  }

  @Test
  void remove_resource_block_takes_the_same_force_with_the_same_privilege() throws Exception {
    String add = SYSTEM2 + "/Actions/ComputerSystem.AddResourceBlock";
    String remove = SYSTEM2 + "/Actions/ComputerSystem.RemoveResourceBlock";
    assertEquals(
        200, finish(client.send("POST", add, OPERATOR, block(3) + "}"), OPERATOR).statusCode());
    HttpResponse<String> unforced = client.send("POST", remove, OPERATOR, block(3) + "}");
    assertEquals(409, unforced.statusCode(), unforced.body());
    assertEquals(403, client.send("POST", remove, OPERATOR, block(3) + FORCE + "}").statusCode());
    HttpResponse<String> forced =
        finish(client.send("POST", remove, ADMIN, block(3) + FORCE + "}"), ADMIN);
    assertEquals(200, forced.statusCode(), forced.body());
    assertTrue(
        awaitAudit(
            "/redfish/v1/CompositionService/ResourceBlocks/GPU-Slot3",
            "Host2",
            "ComputerSystem.RemoveResourceBlock"));
  }

  /**
   * A change answers 202 and a task while it runs, or its result at once when it finished within
   * the request.
   */
  private static HttpResponse<String> finish(HttpResponse<String> response, String who)
      throws Exception {
    return response.statusCode() == 202 ? client.awaitTask(response, who) : response;
  }

  /**
   * The security log records a forced release on a worker thread: it shows within a few seconds.
   */
  private static boolean awaitAudit(String gpu, String host, String action) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (System.nanoTime() < deadline) {
      JsonNode entries =
          json(
              client.get(
                  "/redfish/v1/Managers/BMC/LogServices/SecurityLog/Entries?$expand=.", ADMIN));
      for (JsonNode e : entries.path("Members")) {
        String text = e.path("Message").asText();
        if (e.path("MessageId").asText().endsWith(".ForcedRelease")
            && text.contains("'admin'")
            && text.contains(gpu)
            && text.contains(host)
            && text.contains(action)) {
          return true;
        }
      }
      Thread.sleep(100);
    }
    return false;
  }
}
