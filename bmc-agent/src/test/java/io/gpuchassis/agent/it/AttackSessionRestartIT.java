package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.LoginAttacks.createAccount;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding 20: sessions did not survive a restart, so every restart logged every orchestrator out.
 * Now they are kept in the database as the SHA-256 of their token, with their owner, creation and
 * last use: a token works across a restart, a session deleted or whose account was deleted does not
 * come back, and the token itself is nowhere on disk.
 */
class AttackSessionRestartIT {

  static final String CHASSIS = "/redfish/v1/Chassis";

  @Test
  void sessions_outlive_a_restart_and_ended_ones_stay_ended(@TempDir Path stateDir)
      throws Exception {
    String kept;
    String keptUri;
    String closed;
    String orphaned;
    try (TestAgent agent = TestAgent.start(stateDir)) {
      AgentClient client = agent.client;
      HttpResponse<String> session = login(client, "operator", TestAgent.OPERATOR_PASSWORD);
      kept = token(session);
      keptUri = session.headers().firstValue("Location").orElseThrow();
      HttpResponse<String> other = login(client, "reader", TestAgent.READER_PASSWORD);
      closed = token(other);
      assertEquals(
          204,
          client
              .send(
                  "DELETE",
                  other.headers().firstValue("Location").orElseThrow(),
                  "token:" + closed,
                  null)
              .statusCode());
      String uri = createAccount(client, "temporary", "temporary-password-1", "ReadOnly");
      orphaned = token(login(client, "temporary", "temporary-password-1"));
      assertEquals(204, client.send("DELETE", uri, TestAgent.ADMIN, null).statusCode());
    }
    for (String file : new String[] {"agent.db", "agent.db-wal"}) {
      Path path = stateDir.resolve(file);
      if (Files.exists(path)) {
        assertFalse(
            new String(Files.readAllBytes(path), StandardCharsets.ISO_8859_1).contains(kept),
            "no token in " + file);
      }
    }
    // Started again on the same state directory: the accounts are there already and are kept.
    try (TestAgent agent = TestAgent.start(stateDir)) {
      AgentClient client = agent.client;
      assertEquals(
          200,
          client.get(CHASSIS, "token:" + kept).statusCode(),
          "still logged in after the restart");
      assertEquals(200, client.get(keptUri, "token:" + kept).statusCode());
      assertEquals(
          401,
          client.get(CHASSIS, "token:" + closed).statusCode(),
          "a closed session stays closed");
      assertEquals(
          401, client.get(CHASSIS, "token:" + orphaned).statusCode(), "its account is gone");
    }
  }

  private static HttpResponse<String> login(AgentClient client, String user, String password)
      throws Exception {
    HttpResponse<String> r =
        client.send(
            "POST",
            "/redfish/v1/SessionService/Sessions",
            null,
            "{\"UserName\":\"" + user + "\",\"Password\":\"" + password + "\"}");
    assertEquals(201, r.statusCode(), r.body());
    return r;
  }

  private static String token(HttpResponse<String> session) {
    return session.headers().firstValue("X-Auth-Token").orElseThrow();
  }
}
