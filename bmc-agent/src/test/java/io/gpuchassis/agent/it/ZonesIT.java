package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static io.gpuchassis.agent.it.TestAgent.ADMIN;
import static io.gpuchassis.agent.it.TestAgent.OPERATOR;
import static io.gpuchassis.agent.it.TestAgent.READER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Composing GPUs into hosts through the fabric's Zones over real HTTPS. */
class ZonesIT {

  static final String ZONE1 = "/redfish/v1/Fabrics/PCIe/Zones/Host1";
  static final String ZONE2 = "/redfish/v1/Fabrics/PCIe/Zones/Host2";

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
        + "\"}}";
  }

  static List<String> members(String zone) throws Exception {
    return json(client.get(zone, READER)).at("/Links/Endpoints").findValuesAsText("@odata.id");
  }

  @Test
  void a_gpu_is_added_to_a_zone_and_removed_once_the_host_released_it() throws Exception {
    HttpResponse<String> added =
        client.awaitTask(
            client.send("POST", ZONE1 + "/Actions/Zone.AddEndpoint", OPERATOR, endpoint(1)),
            OPERATOR);
    assertEquals(200, added.statusCode(), added.body());
    assertTrue(members(ZONE1).contains("/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot1"));
    JsonNode port = json(client.get("/redfish/v1/Fabrics/PCIe/Switches/SW1/Ports/0", READER));
    assertEquals(
        0, port.at("/Oem/GpuChassisAgent/BoundToPartition").asInt(), "bound on the switch");

    HttpResponse<String> early =
        client.send("POST", ZONE1 + "/Actions/Zone.RemoveEndpoint", OPERATOR, endpoint(1));
    assertEquals(409, early.statusCode(), "the host has not released the GPU");
    assertTrue(members(ZONE1).contains("/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot1"));

    String device = "/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot1";
    assertEquals(
        200, client.send("PATCH", device, OPERATOR, "{\"ReadyToRemove\":true}").statusCode());
    HttpResponse<String> removed =
        client.awaitTask(
            client.send("POST", ZONE1 + "/Actions/Zone.RemoveEndpoint", OPERATOR, endpoint(1)),
            OPERATOR);
    assertEquals(200, removed.statusCode(), removed.body());
    assertTrue(!members(ZONE1).contains("/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot1"));
  }

  @Test
  void two_clients_racing_for_one_gpu_one_wins_the_other_gets_409_at_once() throws Exception {
    CountDownLatch go = new CountDownLatch(1);
    List<CompletableFuture<HttpResponse<String>>> racers = new ArrayList<>();
    for (String zone : List.of(ZONE1, ZONE2, ZONE1, ZONE2)) {
      racers.add(
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  go.await();
                  return client.send(
                      "POST", zone + "/Actions/Zone.AddEndpoint", ADMIN, endpoint(2));
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              }));
    }
    go.countDown();
    int ok = 0;
    int conflict = 0;
    for (var r : racers) {
      HttpResponse<String> response = r.join();
      if (response.statusCode() == 202) {
        // the winner's work was accepted: it ends bound; the losers were refused before any
        // hardware work
        assertEquals(200, client.awaitTask(response, ADMIN).statusCode());
        ok++;
      } else {
        assertEquals(409, response.statusCode(), response.body());
        assertTrue(
            response.body().contains("Composition.1.1.3.ResourceBlockInUse"), response.body());
        conflict++;
      }
    }
    assertEquals(1, ok);
    assertEquals(3, conflict);
  }

  @Test
  void a_zone_patch_is_guarded_by_its_etag_and_moves_the_gpus_it_names() throws Exception {
    HttpResponse<String> current = client.get(ZONE2, READER);
    String etag = current.headers().firstValue("ETag").orElseThrow();
    String body =
        "{\"Links\":{\"Endpoints\":[{\"@odata.id\":\"/redfish/v1/Fabrics/PCIe/Endpoints/Host2\"},"
            + "{\"@odata.id\":\"/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot3\"},"
            + "{\"@odata.id\":\"/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot4\"}]}}";
    assertEquals(
        412, client.send("PATCH", ZONE2, OPERATOR, body, "If-Match", "\"stale\"").statusCode());
    assertTrue(
        !members(ZONE2).contains("/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot3"),
        "412 changed nothing");
    HttpResponse<String> patched =
        client.awaitTask(client.send("PATCH", ZONE2, OPERATOR, body, "If-Match", etag), OPERATOR);
    assertEquals(200, patched.statusCode(), patched.body());
    assertTrue(
        members(ZONE2)
            .containsAll(
                List.of(
                    "/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot3",
                    "/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot4")));
  }

  @Test
  void refusals_say_why_and_change_nothing() throws Exception {
    // Slot 6 (SW2) is reached from SW1's hosts over one inter-switch link, which carries one host's
    // GPUs at a time.
    agent.agent.bindings().bind(6, "Host2").join();
    HttpResponse<String> linkBusy =
        client.send("POST", ZONE1 + "/Actions/Zone.AddEndpoint", ADMIN, endpoint(7));
    assertEquals(400, linkBusy.statusCode());
    assertTrue(linkBusy.body().contains("carries the GPUs of Host2"), linkBusy.body());
    agent.agent.bindings().unbind(6, true).join();
    assertEquals(
        400, client.send("POST", ZONE1 + "/Actions/Zone.AddEndpoint", ADMIN, "{}").statusCode());
    assertEquals(
        400,
        client
            .send(
                "POST",
                ZONE1 + "/Actions/Zone.AddEndpoint",
                ADMIN,
                "{\"Endpoint\":{\"@odata.id\":\"/redfish/v1/Fabrics/PCIe/Endpoints/Host2\"}}")
            .statusCode());
    assertEquals(
        403,
        client.send("POST", ZONE1 + "/Actions/Zone.AddEndpoint", READER, endpoint(1)).statusCode());
    assertEquals(
        404,
        client
            .send(
                "POST",
                "/redfish/v1/Fabrics/PCIe/Zones/Host9/Actions/Zone.AddEndpoint",
                ADMIN,
                endpoint(1))
            .statusCode());
    assertEquals(
        1, members("/redfish/v1/Fabrics/PCIe/Zones/Host3").size(), "only the host's own initiator");
  }
}
