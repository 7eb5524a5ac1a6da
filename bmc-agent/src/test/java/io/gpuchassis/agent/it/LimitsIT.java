package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.TestAgent.READER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.config.HttpLimits;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A huge header or a flood of connections from one address is refused, and the agent keeps serving
 * everyone else (the full connection budget: AttackConnectionFloodIT, AttackConnectionRoomIT).
 */
class LimitsIT {

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
  void an_oversized_header_is_refused() throws Exception {
    try (SSLSocket socket = agent.client.rawTls()) {
      String request =
          "GET /redfish/v1/ HTTP/1.1\r\nHost: localhost\r\nX-Big: "
              + "a".repeat(20 * 1024)
              + "\r\n\r\n";
      socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
      String status = firstLine(socket.getInputStream());
      assertTrue(status.matches("HTTP/1.1 4\\d\\d .*"), status);
    }
    assertEquals(200, agent.client.get("/redfish/v1/Chassis", READER).statusCode());
  }

  @Test
  void unauthenticated_connections_beyond_an_address_budget_are_closed_and_the_agent_recovers()
      throws Exception {
    int perAddress = HttpLimits.DEFAULT.maxUnauthenticatedConnectionsPerAddress();
    List<SSLSocket> held = new ArrayList<>();
    try {
      for (int i = 0; i < perAddress; i++) {
        held.add(agent.client.rawTls());
      }
      boolean refused;
      try (SSLSocket extra = agent.client.rawTls()) {
        extra
            .getOutputStream()
            .write("GET /redfish HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        refused = extra.getInputStream().read() == -1;
      } catch (IOException e) {
        refused = true;
      }
      assertTrue(refused, "connection " + (perAddress + 1) + " from one address must be closed");
      SSLSocket first = held.get(0);
      first
          .getOutputStream()
          .write("GET /redfish HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
      assertTrue(
          firstLine(first.getInputStream()).startsWith("HTTP/1.1 "),
          "the connections within it are served");
    } finally {
      for (SSLSocket s : held) {
        s.close();
      }
    }
    HttpResponse<String> after = null;
    for (int i = 0; i < 50 && (after == null || after.statusCode() != 200); i++) {
      Thread.sleep(20);
      after = agent.client.get("/redfish/v1/Chassis", READER);
    }
    assertEquals(200, after.statusCode(), "serving again once the flood is gone");
  }

  private static String firstLine(InputStream in) throws IOException {
    StringBuilder line = new StringBuilder();
    int c;
    while ((c = in.read()) != -1 && c != '\n') {
      if (c != '\r') {
        line.append((char) c);
      }
    }
    return line.toString();
  }
}
