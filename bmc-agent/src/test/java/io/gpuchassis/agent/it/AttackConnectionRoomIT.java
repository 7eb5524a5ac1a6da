package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.TestAgent.ADMIN;
import static io.gpuchassis.agent.it.TestAgent.READER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding 1, the administrator's room, with a small budget so that every part of it is reached: 24
 * slots, at most 6 unauthenticated (3 per address), 6 kept for administrators, so 12 for other
 * authenticated callers. A ReadOnly user who opens more than 12 keep-alive connections has the
 * extra ones served and closed; an unauthenticated flood holds 6; and an administrator still gets
 * the 6 slots kept for administrators, and more in place of the flood's.
 */
class AttackConnectionRoomIT {

  static final List<String> ATTACKERS =
      IntStream.rangeClosed(2, 6).mapToObj(i -> "127.0.0." + i).toList();

  @TempDir static Path stateDir;
  static TestAgent agent;
  static RawHttps raw;

  @BeforeAll
  static void start() throws Exception {
    agent =
        TestAgent.start(
            stateDir,
            config ->
                config.withHttp(
                    config
                        .http()
                        .withConnections(24, 6, 3, 6)
                        .withRequestHeaderTimeout(Duration.ofMinutes(10))
                        .withIdleTimeout(Duration.ofMinutes(10))));
    raw = RawHttps.of(agent);
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  @Test
  void neither_other_users_nor_an_unauthenticated_flood_take_the_administrators_room()
      throws Exception {
    List<SSLSocket> sockets = new ArrayList<>();
    try {
      // 16 keep-alive connections of a ReadOnly user, from another address than the administrator's
      int kept = 0;
      for (int i = 0; i < 16; i++) {
        SSLSocket socket = raw.open("127.0.0.20");
        sockets.add(socket);
        RawHttps.write(socket, request(READER));
        RawHttps.Response r = RawHttps.read(socket);
        assertEquals(200, r.status(), "every request is served");
        boolean closing = "close".equalsIgnoreCase(r.header("Connection"));
        assertEquals(
            closing,
            RawHttps.closedByServer(socket, Duration.ofMillis(closing ? 10_000 : 200)),
            "connection " + i + " closed as announced");
        if (!closing) {
          kept++;
        }
      }
      assertEquals(12, kept, "other callers keep 24 - 6 - 6 connections");

      try (SlowlorisFlood flood = SlowlorisFlood.open(raw, ATTACKERS, 20)) {
        flood.trickle();
        int held = AttackConnectionFloodIT.awaitHeldAtMost(flood, 6);
        assertTrue(held > 0, "the flood holds connections");

        // 12 + 6 slots are taken: administrators get the 6 nobody else may take, and beyond them
        // the flood makes way
        for (int i = 0; i < 8; i++) {
          SSLSocket admin = raw.open();
          sockets.add(admin);
          RawHttps.write(admin, request(ADMIN));
          RawHttps.Response r = RawHttps.read(admin);
          assertEquals(200, r.status(), "administrator connection " + i);
          assertFalse(
              "close".equalsIgnoreCase(r.header("Connection")),
              "administrator connection " + i + " kept");
        }
        for (SSLSocket admin : sockets.subList(sockets.size() - 8, sockets.size())) {
          RawHttps.write(admin, request(ADMIN));
          assertEquals(
              200, RawHttps.read(admin).status(), "every administrator connection still serves");
        }
      }
    } finally {
      for (SSLSocket s : sockets) {
        s.close();
      }
    }
  }

  private static String request(String authorization) {
    return "GET /redfish/v1/Chassis HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: "
        + authorization
        + "\r\n\r\n";
  }
}
