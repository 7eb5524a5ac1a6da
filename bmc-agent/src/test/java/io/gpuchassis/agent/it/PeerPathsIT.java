package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static io.gpuchassis.agent.it.TestAgent.ADMIN;
import static io.gpuchassis.agent.it.TestAgent.OPERATOR;
import static io.gpuchassis.agent.it.TestAgent.READER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The GPU peer paths through the HTTP API: linked from the Fabric's Oem, readable with Login,
 * following the hosts' bindings as they change and the negotiated width of the links as they train.
 */
class PeerPathsIT {

  static final String FABRIC = "/redfish/v1/Fabrics/PCIe";
  static final String PEER_PATHS = FABRIC + "/Oem/GpuChassisAgent/PeerPaths";
  static final String BLOCKS = "/redfish/v1/CompositionService/ResourceBlocks";
  static final String SLOT1_PORT = FABRIC + "/Switches/SW1/Ports/0";

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

  static JsonNode pair(JsonNode body, int a, int b) {
    for (JsonNode p : body.path("GpuPairs")) {
      if (p.at("/Endpoints/0/@odata.id").asText().endsWith("/GPU-Slot" + a)
          && p.at("/Endpoints/1/@odata.id").asText().endsWith("/GPU-Slot" + b)) {
        return p;
      }
    }
    throw new AssertionError("no pair " + a + ", " + b + " in " + body);
  }

  static void compose(String host, int... slots) throws Exception {
    StringBuilder body = new StringBuilder("{\"Links\":{\"ResourceBlocks\":[");
    body.append("{\"@odata.id\":\"").append(BLOCKS).append('/').append(host).append("\"}");
    for (int slot : slots) {
      body.append(",{\"@odata.id\":\"")
          .append(BLOCKS)
          .append("/GPU-Slot")
          .append(slot)
          .append("\"}");
    }
    body.append("]}}");
    HttpResponse<String> r =
        client.awaitTask(
            client.send("PATCH", "/redfish/v1/Systems/" + host, OPERATOR, body.toString()),
            OPERATOR);
    assertEquals(200, r.statusCode(), r.body());
  }

  /** Polls the peer paths, bounded, until the pair satisfies {@code condition}. */
  static JsonNode awaitPair(int a, int b, Predicate<JsonNode> condition, String what)
      throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    JsonNode last = null;
    while (System.nanoTime() < deadline) {
      last = pair(json(client.get(PEER_PATHS, READER)), a, b);
      if (condition.test(last)) {
        return last;
      }
      Thread.sleep(50);
    }
    fail("waited 10 s for " + what + "; last: " + last);
    return null;
  }

  @Test
  void the_fabric_links_the_peer_paths_which_any_login_reads() throws Exception {
    JsonNode fabric = json(client.get(FABRIC, READER));
    assertEquals(
        "#GpuChassisAgent.v1_0_0.Fabric",
        fabric.at("/Oem/GpuChassisAgent/@odata.type").asText(),
        fabric.toString());
    assertEquals(PEER_PATHS, fabric.at("/Oem/GpuChassisAgent/PeerPaths/@odata.id").asText());

    HttpResponse<String> read = client.get(PEER_PATHS, READER);
    assertEquals(200, read.statusCode(), read.body());
    JsonNode body = json(read);
    assertEquals("#GpuChassisAgent.v1_0_0.PeerPaths", body.path("@odata.type").asText());
    assertEquals(16 * 15 / 2, body.path("GpuPairs").size(), "every pair of the 16 GPUs");
    assertTrue(read.headers().firstValue("ETag").isPresent(), "a cached resource has an ETag");
    assertEquals(
        "</redfish/v1/JsonSchemas/GpuChassisAgent.v1_0_0/GpuChassisAgent.v1_0_0.json>;"
            + " rel=describedby",
        read.headers().firstValue("Link").orElse(""),
        "its schema is the agent's own");
    assertEquals(401, client.get(PEER_PATHS, null).statusCode());
    assertEquals(405, client.send("PATCH", PEER_PATHS, ADMIN, "{}").statusCode());
  }

  @Test
  void the_paths_follow_the_hosts_bindings_and_the_links_negotiated_width() throws Exception {
    JsonNode free = pair(json(client.get(PEER_PATHS, READER)), 11, 13);
    assertEquals("NotComposed", free.path("Composition").asText());
    assertEquals("SameSwitch", free.path("Path").asText());
    assertFalse(free.at("/LimitingLink/Negotiated").asBoolean(), "no link until bound");

    compose("Host5", 11, 12);
    compose("Host6", 13);
    JsonNode together =
        awaitPair(
            11, 12, p -> p.at("/LimitingLink/Negotiated").asBoolean(), "the bound links trained");
    assertEquals("SameSystem", together.path("Composition").asText());
    assertEquals("SameSwitch", together.path("Path").asText());
    assertTrue(together.path("PeerToPeerDMA").asBoolean());
    assertEquals("/redfish/v1/Systems/Host5", together.at("/System/@odata.id").asText());
    assertEquals(16, together.at("/LimitingLink/Width").asInt());

    JsonNode apart = pair(json(client.get(PEER_PATHS, READER)), 11, 13);
    assertEquals("DifferentSystems", apart.path("Composition").asText());
    assertEquals("None", apart.path("Path").asText());
    assertFalse(apart.path("PeerToPeerDMA").asBoolean(true));

    // Slot 11's link retrains at Gen4 x8: the pair's bandwidth is now that link's.
    String port = FABRIC + "/Switches/SW3/Ports/0";
    String fault = client.injectFault(ADMIN, "link-degrade", port);
    try {
      JsonNode narrowed =
          awaitPair(11, 12, p -> p.at("/LimitingLink/Width").asInt() == 8, "the x8 link");
      assertEquals(port, narrowed.at("/LimitingLink/Port/@odata.id").asText());
      assertTrue(narrowed.at("/LimitingLink/Negotiated").asBoolean());
    } finally {
      assertEquals(204, client.send("DELETE", fault, ADMIN, null).statusCode());
    }
  }
}
