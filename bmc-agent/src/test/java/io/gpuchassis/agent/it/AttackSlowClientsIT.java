package io.gpuchassis.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.file.Path;
import java.time.Duration;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding 1, the deadlines: a client that trickled one header line at a time (or a body a few bytes
 * at a time) kept its connection for as long as it liked, because every byte reset the idle
 * timeout. Here the headers must be complete within 2 s of the handshake and a body must keep up
 * 1000 bytes/s after 2 s; a client that keeps trickling is cut off at the deadline, and one that
 * keeps to it is served.
 */
class AttackSlowClientsIT {

  static final Duration HEADER_DEADLINE = Duration.ofSeconds(2);

  /**
   * Far beyond the deadline, far below the 60 s idle timeout that each trickled byte used to reset.
   */
  static final Duration CUT_OFF_WITHIN = Duration.ofSeconds(15);

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
                        .withRequestHeaderTimeout(HEADER_DEADLINE)
                        .withRequestBody(Duration.ofSeconds(2), 1000)));
    raw = RawHttps.of(agent);
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  @Test
  void trickled_headers_do_not_hold_a_connection_past_the_deadline() throws Exception {
    try (SSLSocket socket = raw.open()) {
      long start = System.nanoTime();
      RawHttps.write(socket, "GET /redfish/v1/ HTTP/1.1\r\nHost: 127.0.0.1\r\n");
      Duration held = trickleUntilClosed(socket, "X-Slow: 1\r\n");
      assertTrue(held.compareTo(CUT_OFF_WITHIN) < 0, "held for " + held);
      assertTrue(
          Duration.ofNanos(System.nanoTime() - start).compareTo(HEADER_DEADLINE) >= 0,
          "not before the deadline");
    }
    assertEquals(200, agent.client.get("/redfish/v1/", null).statusCode());
  }

  @Test
  void an_unauthenticated_keep_alive_connection_gets_the_header_deadline_for_its_next_request_too()
      throws Exception {
    try (SSLSocket socket = raw.open()) {
      RawHttps.write(socket, "GET /redfish/v1/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
      assertEquals(200, RawHttps.read(socket).status());
      RawHttps.write(socket, "GET /redfish/v1/ HTTP/1.1\r\n");
      Duration held = trickleUntilClosed(socket, "X-Slow: 1\r\n");
      assertTrue(held.compareTo(CUT_OFF_WITHIN) < 0, "held for " + held);
    }
  }

  @Test
  void an_authenticated_connection_may_idle_longer_than_the_header_deadline() throws Exception {
    try (SSLSocket socket = raw.open()) {
      String request =
          "GET /redfish/v1/Chassis HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: "
              + TestAgent.READER
              + "\r\n\r\n";
      RawHttps.write(socket, request);
      assertEquals(200, RawHttps.read(socket).status());
      assertFalse(
          RawHttps.closedByServer(socket, HEADER_DEADLINE.multipliedBy(2)),
          "idle within idleTimeout");
      RawHttps.write(socket, request);
      assertEquals(200, RawHttps.read(socket).status());
    }
  }

  @Test
  void a_trickled_body_is_cut_off() throws Exception {
    try (SSLSocket socket = raw.open()) {
      RawHttps.write(
          socket,
          "POST /redfish/v1/SessionService/Sessions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
              + "Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{\"UserName\":\"");
      Duration held = trickleUntilClosed(socket, "aaaaa");
      assertTrue(held.compareTo(CUT_OFF_WITHIN) < 0, "held for " + held);
    }
  }

  @Test
  void a_body_that_keeps_the_minimum_rate_is_read_even_after_the_base_deadline() throws Exception {
    String pad = "x".repeat(4000);
    String body =
        "{\"UserName\":\"reader\",\"Password\":\""
            + TestAgent.READER_PASSWORD
            + "\",\"Context\":\""
            + pad.repeat(6)
            + "\"}";
    try (SSLSocket socket = raw.open()) {
      RawHttps.write(
          socket,
          "POST /redfish/v1/SessionService/Sessions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
              + "Content-Type: application/json\r\nContent-Length: "
              + body.length()
              + "\r\n\r\n");
      // 6 parts of 4 KB, one every 600 ms: about 6.7 KB/s over 3.6 s, past the 2 s base deadline
      int part = body.length() / 6;
      for (int i = 0; i < 6; i++) {
        RawHttps.write(socket, body.substring(i * part, i == 5 ? body.length() : (i + 1) * part));
        if (i < 5) {
          assertFalse(
              RawHttps.closedByServer(socket, Duration.ofMillis(600)), "cut off after part " + i);
        }
      }
      int status = RawHttps.read(socket).status();
      assertTrue(status < 500, "answered: " + status);
    }
  }

  /** Writes {@code piece} every 250 ms until the server closes; returns how long that took. */
  private static Duration trickleUntilClosed(SSLSocket socket, String piece) throws IOException {
    long start = System.nanoTime();
    socket.setSoTimeout(250);
    while (Duration.ofNanos(System.nanoTime() - start).compareTo(CUT_OFF_WITHIN.multipliedBy(2))
        < 0) {
      try {
        if (socket.getInputStream().read() == -1) {
          break;
        }
      } catch (SocketTimeoutException e) {
        try {
          RawHttps.write(socket, piece);
        } catch (IOException closed) {
          break;
        }
      } catch (IOException closed) {
        break;
      }
    }
    return Duration.ofNanos(System.nanoTime() - start);
  }
}
