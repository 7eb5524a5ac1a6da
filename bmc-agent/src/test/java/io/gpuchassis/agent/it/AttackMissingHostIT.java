package io.gpuchassis.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding 16: an HTTP/1.1 request without Host, sent by anyone without logging in, was answered 500
 * and logged as a bug twice. It, and every other malformed request a client can send, now gets a
 * 4xx Redfish error, and the log says nothing about a bug.
 */
class AttackMissingHostIT {

  @TempDir static Path stateDir;
  static TestAgent agent;
  static RawHttps raw;

  @BeforeAll
  static void start() throws Exception {
    agent = TestAgent.start(stateDir);
    raw = RawHttps.of(agent);
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  @Test
  void requests_without_one_clear_host_are_400_and_nothing_is_logged_as_a_bug() throws Exception {
    try (CapturedLog log = new CapturedLog()) {
      RawHttps.Response missing = raw.exchange("GET /redfish/v1/ HTTP/1.1\r\n\r\n");
      assertError(missing, 400, "Base.1.22.1.HeaderMissing");
      assertEquals(
          "Host", json(missing).at("/error/@Message.ExtendedInfo/0/MessageArgs/0").asText());

      RawHttps.Response anonymousWrite =
          raw.exchange(
              "POST /redfish/v1/SessionService/Sessions HTTP/1.1\r\nContent-Type: application/json\r\n"
                  + "Content-Length: 2\r\n\r\n{}");
      assertError(anonymousWrite, 400, "Base.1.22.1.HeaderMissing");

      RawHttps.Response twice =
          raw.exchange("GET /redfish/v1/ HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n");
      assertError(twice, 400, "Base.1.22.1.HeaderInvalid");

      RawHttps.Response blank = raw.exchange("GET /redfish/v1/ HTTP/1.1\r\nHost: \r\n\r\n");
      assertError(blank, 400, "Base.1.22.1.HeaderInvalid");

      // HTTP/1.0 may leave Host out (RFC 9112): served.
      assertEquals(200, raw.exchange("GET /redfish/v1/ HTTP/1.0\r\n\r\n").status());

      // Other things only a client can get wrong: a request target that is not a path, an unknown
      // expectation.
      RawHttps.Response star = raw.exchange("GET * HTTP/1.1\r\nHost: x\r\n\r\n");
      assertTrue(star.status() >= 400 && star.status() < 500, star.toString());
      assertTrue(star.body().contains("\"error\""), star.body());
      RawHttps.Response expectation =
          raw.exchange(
              "POST /redfish/v1/SessionService/Sessions HTTP/1.1\r\nHost: x\r\nExpect: teapot\r\n"
                  + "Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}");
      assertError(expectation, 417, "Base.1.22.1.HeaderInvalid");

      String logged = log.text();
      assertFalse(logged.contains("Bug"), logged);
      assertFalse(logged.contains("ERROR"), logged);
    }
    assertEquals(
        200,
        agent.client.get("/redfish/v1/Chassis", TestAgent.READER).statusCode(),
        "still serving");
  }

  private static void assertError(RawHttps.Response response, int status, String messageId)
      throws Exception {
    assertEquals(status, response.status(), response.toString());
    JsonNode body = json(response);
    assertEquals(
        messageId, body.at("/error/@Message.ExtendedInfo/0/MessageId").asText(), response.body());
    assertEquals("nosniff", response.header("X-Content-Type-Options"));
  }

  private static JsonNode json(RawHttps.Response response) throws Exception {
    return AgentClient.JSON.readTree(response.body());
  }
}
