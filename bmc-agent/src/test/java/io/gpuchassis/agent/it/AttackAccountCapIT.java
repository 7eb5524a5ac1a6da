package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.config.AuthenticationLimits;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding 19 (accounts): there was no cap, 300 accounts were created in 21 s (each a password hash,
 * a row, a member of every listing). Now at most {@code maxAccounts} (64 by default) exist; one
 * more is refused with 400 CreateLimitReachedForResource, and deleting one makes room again.
 */
class AttackAccountCapIT {

  static final String ACCOUNTS = "/redfish/v1/AccountService/Accounts";

  @Test
  void accounts_stop_at_the_cap(@TempDir Path stateDir) throws Exception {
    try (TestAgent agent = TestAgent.start(stateDir)) {
      AgentClient client = agent.client;
      int existing = json(client.get(ACCOUNTS, TestAgent.ADMIN)).get("Members@odata.count").asInt();
      String last = null;
      for (int i = existing; i < AuthenticationLimits.DEFAULT.maxAccounts(); i++) {
        HttpResponse<String> r = create(client, "bulk" + i);
        assertEquals(201, r.statusCode(), r.body());
        last = r.headers().firstValue("Location").orElseThrow();
      }
      HttpResponse<String> refused = create(client, "one-too-many");
      assertEquals(400, refused.statusCode(), refused.body());
      JsonNode error = json(refused).get("error");
      assertEquals(
          "Base.1.22.1.CreateLimitReachedForResource",
          error.at("/@Message.ExtendedInfo/0/MessageId").asText());
      assertEquals(
          "The create operation failed because the resource has reached the limit of possible resources.",
          error.at("/@Message.ExtendedInfo/0/Message").asText(),
          "the DMTF registry's words");
      assertEquals(
          AuthenticationLimits.DEFAULT.maxAccounts(),
          json(client.get(ACCOUNTS, TestAgent.ADMIN)).get("Members@odata.count").asInt());

      assertEquals(204, client.send("DELETE", last, TestAgent.ADMIN, null).statusCode());
      assertEquals(201, create(client, "one-too-many").statusCode(), "room again");
    }
  }

  private static HttpResponse<String> create(AgentClient client, String name) throws Exception {
    return client.send(
        "POST",
        ACCOUNTS,
        TestAgent.ADMIN,
        "{\"UserName\":\"" + name + "\",\"Password\":\"bulk-password-1\",\"RoleId\":\"ReadOnly\"}");
  }
}
