package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static io.gpuchassis.agent.it.TestAgent.ADMIN;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.config.AgentConfig;
import io.gpuchassis.agent.config.AuthenticationLimits;
import io.gpuchassis.agent.config.ConfigFile;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * What the login attack tests share: settings as an operator writes them, accounts, the security
 * log, medians.
 */
final class LoginAttacks {

  private LoginAttacks() {}

  /**
   * The agent's settings with {@code yaml} (the body of an {@code authentication:} mapping) read as
   * from a file.
   */
  static UnaryOperator<AgentConfig> authentication(String yaml) {
    return config -> {
      try {
        Path file = Files.createTempFile("authentication", ".yaml");
        try {
          Files.writeString(file, "authentication:\n" + yaml.indent(2));
          AuthenticationLimits limits =
              ConfigFile.apply(AgentConfig.defaults(), file).authentication();
          return config.withAuthentication(limits);
        } finally {
          Files.delete(file);
        }
      } catch (java.io.IOException e) {
        throw new IllegalStateException(e);
      }
    };
  }

  /** Creates an account as admin, with the agent's own password cost; returns its URI. */
  static String createAccount(AgentClient client, String user, String password, String role)
      throws Exception {
    HttpResponse<String> r =
        client.send(
            "POST",
            "/redfish/v1/AccountService/Accounts",
            ADMIN,
            "{\"UserName\":\""
                + user
                + "\",\"Password\":\""
                + password
                + "\",\"RoleId\":\""
                + role
                + "\"}");
    assertEquals(201, r.statusCode(), r.body());
    return r.headers().firstValue("Location").orElseThrow();
  }

  /** Every security log entry, oldest first, as the Redfish service shows them. */
  static List<JsonNode> securityLog(AgentClient client) throws Exception {
    List<JsonNode> entries = new ArrayList<>();
    String next = "/redfish/v1/Managers/BMC/LogServices/SecurityLog/Entries?$expand=.";
    while (next != null) {
      JsonNode page = json(client.get(next, ADMIN));
      page.get("Members").forEach(entries::add);
      next =
          page.hasNonNull("Members@odata.nextLink")
              ? page.get("Members@odata.nextLink").asText()
              : null;
    }
    return entries;
  }

  static long median(List<Long> values) {
    long[] sorted = values.stream().mapToLong(Long::longValue).toArray();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }
}
