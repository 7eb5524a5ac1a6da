package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.events.EventBus;
import io.gpuchassis.redfish.message.MessageDefinition;
import java.lang.management.ManagementFactory;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Findings 4 and 5, over real TLS sockets against the running agent with its default settings. SSE
 * streams whose readers never read used to buffer every event (10 streams, 15,000 events: +233 MB
 * RSS); now each stream buffers a bounded amount, and a reader that falls behind is told what it
 * missed and disconnected. A ReadOnly user used to be able to hold all 10 streams; now an account
 * holds at most 5, and the last 2 are kept for ConfigureManager.
 */
class AttackEventStreamIT {

  static final String SSE = "/redfish/v1/EventService/SSE";
  static final String SUBSCRIPTIONS = "/redfish/v1/EventService/Subscriptions";

  /**
   * About 2.3 KB of Event JSON per event: its text and its argument carry 1,000 characters each.
   */
  static final MessageDefinition BULKY =
      new MessageDefinition("ResourceEvent.1.4.3", "TestMessage", "%1", "OK", 1, "None.");

  static final String FILLER = "x".repeat(1000);

  /**
   * Heap growth allowed while 10 stalled streams are sent 15,000 events (unbounded, it is over 300
   * MiB).
   */
  static final long HEAP_BOUND_BYTES = 64L * 1024 * 1024;

  /**
   * Resident memory growth allowed for the same flood: the heap's bound plus room for the JVM to
   * commit more heap (unbounded, RSS grew by over 500 MB).
   */
  static final long RSS_BOUND_BYTES = 128L * 1024 * 1024;

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

  @BeforeEach
  void no_stream_open() throws Exception {
    awaitStreams(0, Duration.ofSeconds(30));
  }

  static List<String> streams() throws Exception {
    List<String> ids = new ArrayList<>();
    for (JsonNode m :
        json(agent.client.get(SUBSCRIPTIONS + "?$expand=.", TestAgent.ADMIN)).get("Members")) {
      // a stream that closed while the collection was expanded stays a bare reference: not open
      if (m.path("SubscriptionType").asText().equals("SSE")) {
        ids.add(m.get("@odata.id").asText());
      }
    }
    return ids;
  }

  static void awaitStreams(int count, Duration within) throws Exception {
    long deadline = System.nanoTime() + within.toNanos();
    while (streams().size() != count) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("expected " + count + " open streams, have " + streams());
      }
      Thread.sleep(100);
    }
  }

  /** A stream whose reader never reads (a 4 KiB receive buffer, so that it stalls early). */
  static StallingClient stalledStream(String authorization, String... headers) throws Exception {
    StallingClient client = StallingClient.connect(agent, 4096);
    StringBuilder request =
        new StringBuilder(
            "GET "
                + SSE
                + " HTTP/1.1\r\nHost: 127.0.0.1:"
                + agent.agent.port()
                + "\r\nAuthorization: "
                + authorization
                + "\r\nAccept: text/event-stream\r\n");
    for (int i = 0; i + 1 < headers.length; i += 2) {
      request.append(headers[i]).append(": ").append(headers[i + 1]).append("\r\n");
    }
    client.send(request.append("\r\n").toString());
    return client;
  }

  static CompletableFuture<?> publish(int count) {
    EventBus bus = agent.agent.events();
    CompletableFuture<?> last = CompletableFuture.completedFuture(null);
    for (int i = 0; i < count; i++) {
      last = bus.publish(BULKY.with(FILLER), null);
    }
    return last;
  }

  static long heapAfterGc() throws InterruptedException {
    for (int i = 0; i < 3; i++) {
      System.gc();
      Thread.sleep(200);
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  /**
   * Off-heap buffers: Netty's own count (when it allocates without cleaners) and the JDK's direct
   * buffer pool.
   */
  static long directBytes() {
    long netty = Math.max(0, io.netty.util.internal.PlatformDependent.usedDirectMemory());
    long jdk =
        ManagementFactory.getPlatformMXBeans(java.lang.management.BufferPoolMXBean.class).stream()
            .filter(pool -> pool.getName().equals("direct"))
            .mapToLong(java.lang.management.BufferPoolMXBean::getMemoryUsed)
            .sum();
    return netty + jdk;
  }

  static long rssBytes() throws Exception {
    for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
      if (line.startsWith("VmRSS:")) {
        return Long.parseLong(line.replaceAll("\\D", "")) * 1024;
      }
    }
    return -1;
  }

  // the slow tier (-Pall): 15,000 events through ten stalled streams, most of a minute
  @Tag("slow")
  @Test
  void ten_stalled_streams_and_15000_events_keep_memory_bounded_and_the_streams_are_cut_off()
      throws Exception {
    List<StallingClient> stalled = new ArrayList<>();
    try {
      for (int i = 0; i < 10; i++) {
        // Five each (an account's most); the operator's first, as the last two are kept for
        // ConfigureManager.
        stalled.add(stalledStream(i < 5 ? TestAgent.OPERATOR : TestAgent.ADMIN));
        // One at a time: the server's connection budget makes a burst of not yet authenticated
        // connections wait.
        awaitStreams(i + 1, Duration.ofSeconds(10));
      }
      long heapBefore = heapAfterGc();
      long directBefore = directBytes();
      long rssBefore = rssBytes();
      long started = System.nanoTime();
      publish(7_500).get(5, TimeUnit.MINUTES);
      long heapHalfway = heapAfterGc();
      long directHalfway = directBytes();
      publish(7_500).get(5, TimeUnit.MINUTES);
      long heapAfter = heapAfterGc();
      long directAfter = directBytes();
      long rssAfter = rssBytes();
      System.out.printf(
          "SSE flood: 10 stalled streams, 15000 events of ~2.3 KB in %d ms; heap after GC %d -> %d"
              + " -> %d MiB (growth %d KiB); RSS %d -> %d MiB%n",
          Duration.ofNanos(System.nanoTime() - started).toMillis(),
          heapBefore >> 20,
          heapHalfway >> 20,
          heapAfter >> 20,
          (heapAfter - heapBefore) >> 10,
          rssBefore >> 20,
          rssAfter >> 20);
      System.out.printf(
          "SSE flood: direct buffers %d -> %d -> %d KiB%n",
          directBefore >> 10, directHalfway >> 10, directAfter >> 10);
      assertTrue(
          heapAfter - heapBefore < HEAP_BOUND_BYTES,
          "heap grew " + ((heapAfter - heapBefore) >> 20) + " MiB");
      assertTrue(
          heapHalfway - heapBefore < HEAP_BOUND_BYTES,
          "heap grew " + ((heapHalfway - heapBefore) >> 20) + " MiB halfway");
      // Frames waiting for a socket may sit off the heap (Netty's direct buffers): the process's
      // memory is bounded too.
      assertTrue(
          Math.max(directAfter, directHalfway) - directBefore < HEAP_BOUND_BYTES,
          "direct buffers grew "
              + ((Math.max(directAfter, directHalfway) - directBefore) >> 20)
              + " MiB");
      assertTrue(
          rssAfter - rssBefore < RSS_BOUND_BYTES,
          "resident memory grew " + ((rssAfter - rssBefore) >> 20) + " MiB");
      // Every stalled stream fell behind, was dropped from the streams and had its connection
      // closed.
      awaitStreams(0, Duration.ofSeconds(5));
      for (StallingClient client : stalled) {
        client.readToEnd(
            30_000); // what the kernel buffered, then the end: the agent closed the connection
      }
    } finally {
      for (StallingClient client : stalled) {
        client.close();
      }
    }
  }

  @Test
  void a_reader_that_falls_behind_is_told_what_it_missed_and_can_resume_from_there()
      throws Exception {
    try (StallingClient slow = stalledStream(TestAgent.READER)) {
      awaitStreams(1, Duration.ofSeconds(10));
      for (int batch = 0; !streams().isEmpty(); batch++) {
        assertTrue(batch < 100, "the stream never fell behind");
        publish(100).get(1, TimeUnit.MINUTES);
      }
      String body = StallingClient.dechunk(slow.readToEnd(20_000));
      Matcher gap =
          Pattern.compile(": (SSE-\\d+) fell behind: events from id (\\d+) on were not sent")
              .matcher(body);
      assertTrue(
          gap.find(), "the reader is told: " + body.substring(Math.max(0, body.length() - 2000)));
      long firstMissed = Long.parseLong(gap.group(2));
      String before = body.substring(0, gap.start());
      Matcher ids = Pattern.compile("(?m)^id: (\\d+)$").matcher(before);
      long lastReceived = -1;
      while (ids.find()) {
        lastReceived = Long.parseLong(ids.group(1));
      }
      assertTrue(lastReceived > 0, "events came before the gap");
      assertEquals(
          lastReceived + 1, firstMissed, "the gap starts right after the last event received");
      String after = body.substring(gap.start());
      assertTrue(after.contains("\"MessageId\":\"Base.1.22.1.EventBufferExceeded\""), after);
      assertFalse(after.contains("\nid: "), "the notice moves no Last-Event-ID: " + after);

      // Reconnecting with the last id received replays from the first event missed (the EventLog
      // keeps 1,000).
      try (SseReader again =
          new SseReader(
              agent.client.stream(
                  SSE, TestAgent.READER, "Last-Event-ID", Long.toString(lastReceived)))) {
        SseReader.Received first = again.next(Duration.ofSeconds(10));
        assertNotNull(first);
        assertEquals(Long.toString(firstMissed), first.id());
      }
    }
  }

  @Test
  void a_reader_cannot_take_every_stream_and_the_last_ones_are_kept_for_managers()
      throws Exception {
    List<SseReader> open = new ArrayList<>();
    try {
      for (int i = 0; i < 5; i++) {
        open.add(opened(TestAgent.READER));
      }
      assertRefused(TestAgent.READER, "the most one account may");
      for (int i = 0; i < 3; i++) {
        open.add(opened(TestAgent.OPERATOR));
      }
      assertRefused(TestAgent.OPERATOR, "kept for callers with ConfigureManager");
      open.add(opened(TestAgent.ADMIN));
      open.add(opened(TestAgent.ADMIN));
      assertRefused(TestAgent.ADMIN, "all 10 event streams are in use");
      open.remove(0).close();
      awaitStreams(9, Duration.ofSeconds(10));
      open.add(opened(TestAgent.ADMIN));
    } finally {
      for (SseReader reader : open) {
        reader.close();
      }
    }
  }

  static SseReader opened(String authorization) throws Exception {
    SseReader reader = new SseReader(agent.client.stream(SSE, authorization));
    assertEquals(200, reader.response.statusCode());
    return reader;
  }

  static void assertRefused(String authorization, String why) throws Exception {
    HttpResponse<String> refused = agent.client.get(SSE, authorization);
    assertEquals(503, refused.statusCode(), refused.body());
    assertEquals(
        "Base.1.22.1.EventSubscriptionLimitExceeded",
        json(refused).at("/error/@Message.ExtendedInfo/0/MessageId").asText());
    assertTrue(refused.body().contains(why), refused.body());
  }
}
