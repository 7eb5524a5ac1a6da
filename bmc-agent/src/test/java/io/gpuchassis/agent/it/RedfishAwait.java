package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** Polls a resource of a running agent until it shows what a test waits for; never times it. */
final class RedfishAwait {

  /** Generous: the machine may be busy and a real-mode agent polls real transports. */
  private static final long LIMIT_SECONDS = 90;

  private RedfishAwait() {}

  /** A switch's {@code Status.Health}. */
  static JsonNode awaitSwitch(TestAgent agent, String id, String health) throws Exception {
    return await(
        agent,
        "/redfish/v1/Fabrics/PCIe/Switches/" + id,
        s -> health.equals(s.at("/Status/Health").asText()),
        "switch " + id + " " + health);
  }

  static JsonNode await(TestAgent agent, String path, Predicate<JsonNode> done, String what)
      throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(LIMIT_SECONDS);
    JsonNode last = null;
    while (System.nanoTime() < deadline) {
      var response = agent.client.get(path, TestAgent.ADMIN);
      assertEquals(200, response.statusCode(), path + ": " + response.body());
      last = json(response);
      if (done.test(last)) {
        return last;
      }
      Thread.sleep(100);
    }
    throw new AssertionError("not " + what + " within " + LIMIT_SECONDS + " s: " + last);
  }

  /** {@code path} as a reader sees it; it must answer 200. */
  static JsonNode read(TestAgent agent, String path) throws Exception {
    var response = agent.client.get(path, TestAgent.READER);
    assertEquals(200, response.statusCode(), path + ": " + response.body());
    return json(response);
  }

  /** As {@link #await(TestAgent, String, Predicate, String)}, named by the path it polls. */
  static JsonNode await(TestAgent agent, String path, Predicate<JsonNode> done) throws Exception {
    return await(agent, path, done, path + " as awaited");
  }

  /** A stream of the events whose OriginOfCondition is {@code origin}. */
  static SseReader streamAbout(TestAgent agent, String origin) throws Exception {
    String filter =
        URLEncoder.encode("OriginResource eq '" + origin + "'", StandardCharsets.UTF_8)
            .replace("+", "%20");
    SseReader reader =
        new SseReader(
            agent.client.stream(
                "/redfish/v1/EventService/SSE?$filter=" + filter, TestAgent.READER));
    assertEquals(200, reader.response.statusCode());
    return reader;
  }

  /** The first event record on {@code reader} whose MessageId {@code messageId} accepts. */
  static JsonNode awaitEvent(SseReader reader, Predicate<String> messageId, String what)
      throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(LIMIT_SECONDS);
    while (System.nanoTime() < deadline) {
      SseReader.Received r = reader.next(Duration.ofMillis(200));
      if (r != null) {
        for (JsonNode record : r.data().get("Events")) {
          if (messageId.test(record.get("MessageId").asText())) {
            return record;
          }
        }
      }
    }
    throw new AssertionError("no " + what + " within " + LIMIT_SECONDS + " s");
  }

  /** The first ResourceEvent on {@code reader} whose MessageId ends with {@code key}. */
  static JsonNode awaitResourceEvent(SseReader reader, String key) throws Exception {
    return awaitEvent(
        reader, id -> id.startsWith("ResourceEvent.") && id.endsWith(key), "ResourceEvent.*" + key);
  }
}
