package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.Vertx;
import java.net.ServerSocket;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Push subscriptions over agent restarts and their DeliveryRetryPolicy, each with an agent of its
 * own.
 */
class EventDeliveryIT {

  @TempDir Path stateDir;
  Vertx vertx;

  @BeforeEach
  void start() {
    vertx = Vertx.vertx();
  }

  @AfterEach
  void stop() {
    vertx.close().await();
  }

  @Test
  void a_subscription_survives_a_restart_and_still_receives_events() throws Exception {
    try (EventReceiver receiver = EventReceiver.start(vertx, Duration.ZERO)) {
      String subscription;
      try (TestAgent agent = TestAgent.start(stateDir, LoopbackReceivers::allowed)) {
        subscription = EventsIT.subscribeOn(agent, receiver.url(), ", \"Context\": \"kept\"");
      }
      try (TestAgent agent = TestAgent.start(stateDir, LoopbackReceivers::allowed)) {
        HttpResponse<String> r = agent.client.get(subscription, TestAgent.READER);
        assertEquals(200, r.statusCode(), r.body());
        assertEquals("kept", json(r).get("Context").asText());
        assertEquals(receiver.url(), json(r).get("Destination").asText());
        EventsIT.submitOn(agent, EventsIT.TEST_MESSAGE);
        JsonNode event = receiver.next(EventsIT.WAIT);
        assertNotNull(event, "delivered after the restart");
        assertEquals("kept", event.get("Context").asText());
      }
    }
  }

  @Test
  void suspend_retries_disables_a_subscriber_that_stays_dead() throws Exception {
    int deadPort;
    try (ServerSocket s = new ServerSocket(0)) {
      deadPort = s.getLocalPort();
    }
    try (TestAgent agent = TestAgent.start(stateDir, LoopbackReceivers::allowed)) {
      HttpResponse<String> patched =
          agent.client.send(
              "PATCH",
              "/redfish/v1/EventService",
              TestAgent.ADMIN,
              "{\"DeliveryRetryAttempts\": 1, \"DeliveryRetryIntervalSeconds\": 1}");
      assertEquals(200, patched.statusCode(), patched.body());
      String s =
          EventsIT.subscribeOn(
              agent,
              "http://127.0.0.1:" + deadPort + "/events",
              ", \"DeliveryRetryPolicy\": \"SuspendRetries\"");
      assertEquals(
          "Enabled",
          json(agent.client.get(s, TestAgent.READER)).get("Status").get("State").asText());
      EventsIT.submitOn(agent, EventsIT.TEST_MESSAGE);
      long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
      String state;
      do {
        Thread.sleep(100);
        state = json(agent.client.get(s, TestAgent.READER)).get("Status").get("State").asText();
      } while (!state.equals("Disabled") && System.nanoTime() < deadline);
      assertEquals("Disabled", state, "suspended after one attempt and one retry");
      assertEquals(
          204,
          agent
              .client
              .send(
                  "POST", s + "/Actions/EventDestination.ResumeSubscription", TestAgent.ADMIN, "{}")
              .statusCode());
      assertEquals(
          "Enabled",
          json(agent.client.get(s, TestAgent.READER)).get("Status").get("State").asText());
    }
  }

  @Test
  void terminate_after_retries_deletes_the_subscription() throws Exception {
    int deadPort;
    try (ServerSocket s = new ServerSocket(0)) {
      deadPort = s.getLocalPort();
    }
    try (TestAgent agent = TestAgent.start(stateDir, LoopbackReceivers::allowed)) {
      agent.client.send(
          "PATCH",
          "/redfish/v1/EventService",
          TestAgent.ADMIN,
          "{\"DeliveryRetryAttempts\": 0, \"DeliveryRetryIntervalSeconds\": 1}");
      String s =
          EventsIT.subscribeOn(
              agent,
              "http://127.0.0.1:" + deadPort + "/events",
              ", \"DeliveryRetryPolicy\": \"TerminateAfterRetries\"");
      EventsIT.submitOn(agent, EventsIT.TEST_MESSAGE);
      long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
      int status;
      do {
        Thread.sleep(100);
        status = agent.client.get(s, TestAgent.READER).statusCode();
      } while (status != 404 && System.nanoTime() < deadline);
      assertEquals(404, status);
    }
  }
}
