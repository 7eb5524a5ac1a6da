package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.TestAgent.ADMIN;
import static io.gpuchassis.agent.it.TestAgent.ADMIN_PASSWORD;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding 15: the JSON reader took duplicate names (the last won, while a filter in front could
 * have read the first) and ignored junk after the document. Both are now MalformedJSON, and change
 * nothing.
 */
class AttackStrictJsonIT {

  @TempDir static Path stateDir;
  static TestAgent agent;

  @BeforeAll
  static void start() throws Exception {
    agent = TestAgent.start(stateDir);
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  @Test
  void duplicate_names_and_trailing_content_are_malformed_json_and_change_nothing()
      throws Exception {
    for (String body :
        new String[] {
          "{\"SessionTimeout\":600,\"SessionTimeout\":700}",
          "{\"SessionTimeout\":600}xyz",
          "{\"SessionTimeout\":600} {\"SessionTimeout\":700}",
          "{\"SessionTimeout\":600}]",
          "{\"Oem\":{\"a\":1,\"a\":2},\"SessionTimeout\":600}",
        }) {
      HttpResponse<String> r =
          agent.client.send("PATCH", "/redfish/v1/SessionService", ADMIN, body);
      assertEquals(400, r.statusCode(), body + " -> " + r.body());
      assertEquals(
          "Base.1.22.1.MalformedJSON",
          AgentClient.json(r).at("/error/@Message.ExtendedInfo/0/MessageId").asText(),
          body);
    }
    assertEquals(1800, timeout());

    // The same document without the junk is taken (whitespace after it is not junk).
    assertEquals(
        200,
        agent
            .client
            .send("PATCH", "/redfish/v1/SessionService", ADMIN, "{\"SessionTimeout\":600}\r\n ")
            .statusCode());
    assertEquals(600, timeout());
  }

  @Test
  void a_login_naming_the_user_twice_is_refused() throws Exception {
    String body =
        "{\"UserName\":\"reader\",\"UserName\":\"admin\",\"Password\":\"" + ADMIN_PASSWORD + "\"}";
    HttpResponse<String> r =
        agent.client.send("POST", "/redfish/v1/SessionService/Sessions", null, body);
    assertEquals(400, r.statusCode(), r.body());
    assertEquals(
        "Base.1.22.1.MalformedJSON",
        AgentClient.json(r).at("/error/@Message.ExtendedInfo/0/MessageId").asText());
  }

  private static int timeout() throws Exception {
    return AgentClient.json(agent.client.get("/redfish/v1/SessionService", ADMIN))
        .get("SessionTimeout")
        .asInt();
  }
}
