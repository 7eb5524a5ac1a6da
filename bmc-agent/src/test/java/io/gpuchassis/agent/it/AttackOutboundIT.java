package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.Vertx;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding 10, the agent as a proxy into internal networks: subscriptions and SimpleUpdate used to
 * accept plain {@code http://}, loopback and link-local destinations (169.254.169.254). With the
 * default settings, against the running agent: they are refused when named, with the Base message
 * naming {@code Destination} or {@code ImageURI}, however the address is written; and a
 * subscription whose destination is no longer allowed (a changed policy, or a name that now
 * resolves elsewhere) is not sent to.
 */
class AttackOutboundIT {

  static final String SUBSCRIPTIONS = "/redfish/v1/EventService/Subscriptions";
  static final String SIMPLE_UPDATE =
      "/redfish/v1/UpdateService/Actions/UpdateService.SimpleUpdate";

  /**
   * Plain http to an ordinary address, and https to every way of writing a loopback or link-local
   * address.
   */
  static final List<String> REFUSED =
      List.of(
          "http://192.0.2.10/x",
          "https://127.0.0.1/x",
          "https://127.0.0.53:8443/x",
          "https://localhost/x",
          "https://[::1]/x",
          "https://169.254.169.254/latest/meta-data/iam/",
          "https://[fe80::1]/x",
          "https://0.0.0.0/x",
          "https://[::ffff:127.0.0.1]/x",
          "https://[::ffff:169.254.169.254]/x");

  @TempDir static Path stateDir;
  static TestAgent agent;
  static Vertx vertx;

  @BeforeAll
  static void start() throws Exception {
    agent = TestAgent.start(stateDir);
    vertx = Vertx.vertx();
  }

  @AfterAll
  static void stop() {
    agent.close();
    vertx.close().await();
  }

  static int count(String collection) throws Exception {
    return json(agent.client.get(collection, TestAgent.ADMIN)).get("Members@odata.count").asInt();
  }

  @Test
  void subscriptions_to_plain_http_or_internal_addresses_are_refused() throws Exception {
    int before = count(SUBSCRIPTIONS);
    for (String destination : REFUSED) {
      HttpResponse<String> r =
          agent.client.send(
              "POST",
              SUBSCRIPTIONS,
              TestAgent.ADMIN,
              "{\"Destination\": \"" + destination + "\", \"Protocol\": \"Redfish\"}");
      assertEquals(400, r.statusCode(), destination + " -> " + r.body());
      JsonNode info = json(r).at("/error/@Message.ExtendedInfo/0");
      assertEquals(
          "Base.1.22.1.PropertyValueFormatError", info.get("MessageId").asText(), r.body());
      assertEquals(
          List.of(destination, "Destination"),
          AgentClient.JSON.convertValue(info.get("MessageArgs"), List.class));
    }
    assertEquals(before, count(SUBSCRIPTIONS), "nothing created");
    HttpResponse<String> management =
        agent.client.send(
            "POST",
            SUBSCRIPTIONS,
            TestAgent.ADMIN,
            "{\"Destination\": \"https://192.0.2.10/events\", \"Protocol\": \"Redfish\"}");
    assertEquals(
        201,
        management.statusCode(),
        "https to the management network is fine: " + management.body());
    assertEquals(
        204,
        agent
            .client
            .send(
                "DELETE",
                management.headers().firstValue("Location").orElseThrow(),
                TestAgent.ADMIN,
                null)
            .statusCode());
  }

  @Test
  void simple_update_from_plain_http_or_internal_addresses_is_refused_before_any_task()
      throws Exception {
    int before = count("/redfish/v1/TaskService/Tasks");
    for (String uri : REFUSED) {
      String image = uri + "switch.fwb";
      HttpResponse<String> r =
          agent.client.send(
              "POST", SIMPLE_UPDATE, TestAgent.OPERATOR, "{\"ImageURI\": \"" + image + "\"}");
      assertEquals(400, r.statusCode(), image + " -> " + r.body());
      JsonNode info = json(r).at("/error/@Message.ExtendedInfo/0");
      assertEquals(
          "Base.1.22.1.ActionParameterValueFormatError", info.get("MessageId").asText(), r.body());
      assertEquals("ImageURI", info.at("/MessageArgs/1").asText(), r.body());
    }
    assertEquals(before, count("/redfish/v1/TaskService/Tasks"), "no task started");
    JsonNode service = json(agent.client.get("/redfish/v1/UpdateService", TestAgent.READER));
    assertEquals(
        List.of("HTTPS"),
        AgentClient.JSON.convertValue(
            service.at(
                "/Actions/#UpdateService.SimpleUpdate/TransferProtocol@Redfish.AllowableValues"),
            List.class));
  }

  @Test
  void a_subscription_whose_destination_is_no_longer_allowed_is_not_sent_to(@TempDir Path dir)
      throws Exception {
    try (EventReceiver receiver = EventReceiver.start(vertx, Duration.ZERO)) {
      String subscription;
      try (TestAgent permissive = TestAgent.start(dir, LoopbackReceivers::allowed)) {
        subscription = EventsIT.subscribeOn(permissive, receiver.url(), "");
        EventsIT.submitOn(permissive, EventsIT.TEST_MESSAGE);
        assertNotNull(receiver.next(EventsIT.WAIT), "delivered while loopback http is allowed");
      }
      // The same subscription, now that its destination is denied (as after a DNS answer that
      // changed): kept, and
      // checked at every delivery.
      try (TestAgent strict = TestAgent.start(dir)) {
        assertEquals(200, strict.client.get(subscription, TestAgent.ADMIN).statusCode());
        EventsIT.submitOn(strict, EventsIT.TEST_MESSAGE);
        assertNull(
            receiver.next(Duration.ofSeconds(3)),
            "nothing reaches a destination no longer allowed");
      }
    }
  }
}
