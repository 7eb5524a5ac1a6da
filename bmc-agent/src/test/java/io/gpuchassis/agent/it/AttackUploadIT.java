package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.config.OutboundPolicy;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding 3, an Operator fills the disk: multipart pushes whose bodies never end (no closing
 * boundary), or whose client goes away, used to stay in {@code firmware/staging} until a restart,
 * and any number ran at once. Over real TLS sockets: such a push is removed by its deadline (and
 * answered 408), a client that disconnects leaves nothing at once, a second push while one is
 * received is refused 503 with Retry-After, and a push the file system has no room for is refused
 * 507 before a byte is stored.
 */
class AttackUploadIT {

  /** The shortest deadline the setting accepts: the test waits for it. */
  static final Duration DEADLINE = Duration.ofSeconds(10);

  static final long DECLARED = 60L * 1024 * 1024;

  @TempDir static Path stateDir;
  static TestAgent agent;

  @BeforeAll
  static void start() throws Exception {
    agent =
        TestAgent.start(
            stateDir,
            c ->
                c.withOutbound(
                    OutboundPolicy.DEFAULT.withUploads(
                        DEADLINE, OutboundPolicy.DEFAULT.stagingFreeSpaceMarginBytes())));
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  @BeforeEach
  void nothing_staged() throws Exception {
    await(
        "staging empty before the test",
        () -> staged(agent).isEmpty(),
        Duration.ofSeconds(DEADLINE.toSeconds() + 5));
  }

  static List<Path> staged(TestAgent on) {
    try (var files = Files.list(on.stateDir.resolve("firmware/staging"))) {
      return files.toList();
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * A push that declares 60 MiB, sends its head and {@code megabytes} MiB of its file, and never
   * its end.
   */
  static StallingClient endlessPush(TestAgent on, int megabytes) throws Exception {
    StallingClient client = StallingClient.connect(on, 0);
    String preamble =
        "--endless\r\nContent-Disposition: form-data; name=\"UpdateParameters\"\r\n"
            + "Content-Type: application/json\r\n\r\n{}\r\n"
            + "--endless\r\nContent-Disposition: form-data; name=\"UpdateFile\"; filename=\"switch.fwb\"\r\n"
            + "Content-Type: application/octet-stream\r\n\r\n";
    client.send(
        "POST "
            + AgentClient.MULTIPART_PUSH
            + " HTTP/1.1\r\nHost: 127.0.0.1:"
            + on.agent.port()
            + "\r\nAuthorization: "
            + TestAgent.OPERATOR
            + "\r\nContent-Type: multipart/form-data; boundary=endless\r\nContent-Length: "
            + DECLARED
            + "\r\n\r\n"
            + preamble);
    byte[] chunk = new byte[1024 * 1024];
    for (int i = 0; i < megabytes; i++) {
      client.send(chunk);
    }
    return client;
  }

  static void await(String what, BooleanSupplier condition, Duration within) throws Exception {
    long deadline = System.nanoTime() + within.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(what + ": not within " + within);
      }
      Thread.sleep(50);
    }
  }

  static long stagedBytes(TestAgent on) {
    return staged(on).stream().mapToLong(p -> p.toFile().length()).sum();
  }

  @Test
  void a_push_that_never_ends_is_removed_at_its_deadline_and_answered_408() throws Exception {
    try (StallingClient push = endlessPush(agent, 4)) {
      await("the push is being staged", () -> stagedBytes(agent) > 0, Duration.ofSeconds(5));
      long started = System.nanoTime();
      await("the push is removed", () -> staged(agent).isEmpty(), DEADLINE.plusSeconds(5));
      Duration took = Duration.ofNanos(System.nanoTime() - started);
      System.out.printf(
          "Endless push: staging emptied %d ms after staging began (deadline %d s)%n",
          took.toMillis(), DEADLINE.toSeconds());
      assertTrue(took.compareTo(DEADLINE.plusSeconds(3)) < 0, "removed after " + took);
      String answer = new String(push.readToEnd(5000), StandardCharsets.UTF_8);
      assertTrue(answer.startsWith("HTTP/1.1 408"), answer);
      assertTrue(answer.contains("Base.1.22.1.MissingOrMalformedPart"), answer);
    }
  }

  @Test
  void an_endless_push_to_http_push_uri_is_removed_at_its_deadline_too() throws Exception {
    try (StallingClient push = StallingClient.connect(agent, 0)) {
      push.send(
          "POST /redfish/v1/UpdateService/update HTTP/1.1\r\nHost: 127.0.0.1:"
              + agent.agent.port()
              + "\r\nAuthorization: "
              + TestAgent.OPERATOR
              + "\r\nContent-Type: application/octet-stream\r\nContent-Length: "
              + DECLARED
              + "\r\n\r\n");
      byte[] chunk = new byte[1024 * 1024];
      for (int i = 0; i < 4; i++) {
        push.send(chunk);
      }
      await("the push is being staged", () -> stagedBytes(agent) > 0, Duration.ofSeconds(5));
      await("the push is removed", () -> staged(agent).isEmpty(), DEADLINE.plusSeconds(5));
      String answer = new String(push.readToEnd(5000), StandardCharsets.UTF_8);
      assertTrue(answer.startsWith("HTTP/1.1 408"), answer);
    }
  }

  @Test
  void a_client_that_goes_away_leaves_nothing_behind_at_once() throws Exception {
    StallingClient push = endlessPush(agent, 4);
    await("the push is being staged", () -> stagedBytes(agent) > 0, Duration.ofSeconds(5));
    push.close();
    long started = System.nanoTime();
    await("the push is removed", () -> staged(agent).isEmpty(), Duration.ofSeconds(3));
    assertTrue(
        Duration.ofNanos(System.nanoTime() - started).compareTo(DEADLINE) < 0,
        "long before the deadline");
  }

  @Test
  void one_push_at_a_time_a_second_is_refused_503_with_retry_after() throws Exception {
    // The refused pushes are small enough to be on the wire whole before the agent answers: a large
    // one is refused while it is still being sent, and the agent closing the connection on unread
    // bytes can then reset it before the client reads the 503 (seen on a loaded machine).
    try (StallingClient first = endlessPush(agent, 1)) {
      await("the first push is being staged", () -> stagedBytes(agent) > 0, Duration.ofSeconds(5));
      for (int i = 0; i < 2; i++) {
        HttpResponse<String> second =
            agent.client.pushBundle(TestAgent.OPERATOR, "{}", new byte[1024]);
        assertEquals(503, second.statusCode(), second.body());
        assertEquals("10", second.headers().firstValue("Retry-After").orElse(""));
        assertEquals(
            "Base.1.22.1.ServiceTemporarilyUnavailable",
            json(second).at("/error/@Message.ExtendedInfo/0/MessageId").asText());
      }
      assertEquals(1, staged(agent).size(), "only the first push is stored");
    }
    await("the first push is removed", () -> staged(agent).isEmpty(), Duration.ofSeconds(3));
    HttpResponse<String> after =
        agent.client.pushBundle(TestAgent.OPERATOR, "{}", new byte[64 * 1024]);
    assertEquals(
        400, after.statusCode(), "taken and checked once the place is free: " + after.body());
    assertEquals(
        "Update.1.3.0.VerificationFailed",
        json(after).at("/error/@Message.ExtendedInfo/0/MessageId").asText());
    assertTrue(staged(agent).isEmpty());
  }

  @Test
  void a_push_the_file_system_has_no_room_for_is_refused_507_before_anything_is_stored(
      @TempDir Path dir) throws Exception {
    long free = Files.getFileStore(dir).getUsableSpace();
    try (TestAgent full =
        TestAgent.start(
            dir,
            c ->
                c.withOutbound(
                    OutboundPolicy.DEFAULT.withUploads(DEADLINE, free + 1024L * 1024 * 1024)))) {
      try (StallingClient push = endlessPush(full, 0)) {
        String answer = new String(push.readToEnd(5000), StandardCharsets.UTF_8);
        assertTrue(answer.startsWith("HTTP/1.1 507"), answer);
        assertTrue(answer.contains("Base.1.22.1.InsufficientStorage"), answer);
      }
      assertTrue(staged(full).isEmpty());
      HttpResponse<String> small =
          full.client.postMultipart(
              AgentClient.MULTIPART_PUSH,
              TestAgent.OPERATOR,
              Map.of("UpdateFile;switch.fwb", new byte[1024]));
      assertEquals(507, small.statusCode(), small.body());
      assertFalse(small.body().contains("Exception"), small.body());
      assertTrue(staged(full).isEmpty());
    }
  }
}
