package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.TestAgent.ADMIN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.config.HttpLimits;
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
 * Finding 1, the slots: 128 TLS connections trickling header lines took every connection slot, and
 * everyone else got an empty reply for as long as the attack went on. Here 500 such connections
 * come from ten addresses, with the default budget, and the request-header deadline set far beyond
 * the test so that only the budget stands between them and the administrator: at most 32 are held,
 * and an administrator is served within a second while they are.
 */
class AttackConnectionFloodIT {

  static final List<String> ATTACKERS =
      IntStream.rangeClosed(2, 11).mapToObj(i -> "127.0.0." + i).toList();
  static final String MANAGER = "/redfish/v1/Managers/BMC";

  @TempDir static Path stateDir;
  static TestAgent agent;
  static RawHttps raw;

  @BeforeAll
  static void start() throws Exception {
    // the deadlines beyond the test: slow machines must not turn this into a test of them
    agent =
        TestAgent.start(
            stateDir,
            config ->
                config.withHttp(
                    config
                        .http()
                        .withRequestHeaderTimeout(Duration.ofMinutes(10))
                        .withIdleTimeout(Duration.ofMinutes(10))));
    raw = RawHttps.of(agent);
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  @Test
  void five_hundred_slow_connections_hold_no_more_than_their_budget_and_an_administrator_is_served()
      throws Exception {
    HttpLimits limits = HttpLimits.DEFAULT;
    try (SSLSocket before = raw.open()) {
      assertEquals(
          200,
          get(before, ADMIN),
          "an administrator's keep-alive connection from before the attack");
      try (SlowlorisFlood flood = SlowlorisFlood.open(raw, ATTACKERS, 50)) {
        flood.trickle();
        int held = awaitHeldAtMost(flood, limits.maxUnauthenticatedConnections());
        assertTrue(
            held >= limits.maxUnauthenticatedConnections() / 2,
            "the attack holds connections (" + held + ") while the administrator is served below");

        List<Long> millis = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
          flood.trickle();
          long start = System.nanoTime();
          try (SSLSocket admin = raw.open()) {
            assertEquals(200, get(admin, ADMIN), "administrator request " + i);
          }
          millis.add((System.nanoTime() - start) / 1_000_000);
        }
        System.out.printf(
            "Connection flood: %d slow connections attempted from %d addresses, %d held;"
                + " administrator served in %s ms%n",
            ATTACKERS.size() * 50, ATTACKERS.size(), held, millis);
        assertTrue(
            millis.stream().allMatch(ms -> ms < 1000),
            "administrator served within 1 s: " + millis + " ms");
        assertEquals(
            200, get(before, ADMIN), "the administrator's earlier connection was not pushed out");

        flood.trickle();
        int stillHeld = flood.open();
        assertTrue(
            stillHeld > 0 && stillHeld <= limits.maxUnauthenticatedConnections(),
            "the attack was still on while the administrator was served: " + stillHeld + " held");
      }
    }
  }

  /**
   * Polls until the agent holds at most {@code limit} of the flood's connections (closing takes a
   * moment).
   */
  static int awaitHeldAtMost(SlowlorisFlood flood, int limit) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    int held = flood.open();
    while (held > limit) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(
            held + " of the attacker's connections are held, more than " + limit);
      }
      held = flood.open();
    }
    return held;
  }

  /** A GET of the manager on a keep-alive connection, as {@code authorization}: the status. */
  static int get(SSLSocket socket, String authorization) throws Exception {
    RawHttps.write(
        socket,
        "GET "
            + MANAGER
            + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: "
            + authorization
            + "\r\n\r\n");
    return RawHttps.read(socket).status();
  }
}
