package io.gpuchassis.agent.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.config.SimulationSpeed;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Prints how long a fault takes to reach an orchestrator as an event, and what polling the chassis
 * costs, on the simulated reference chassis at production speed (sensors and switches polled every
 * second, two samples in a row to assert a threshold):
 *
 * <ol>
 *   <li>the event pipeline alone: SubmitTestEvent answered to the event read from a real SSE
 *       stream;
 *   <li>fault to event: a fan fails (simulated tach to zero) to its Environmental FanFailed event
 *       on the SSE stream;
 *   <li>the CPU time of the threads that poll (one per I2C sensor bus, one per switch) over 30 s,
 *       per second of wall time. The simulated devices answer inside those threads, so this is an
 *       upper bound of the agent's cost.
 * </ol>
 *
 * <p>Run: {@code mvn -q install -DskipTests && mvn -q -pl bmc-agent test-compile exec:java
 * -Dexec.classpathScope=test -Dexec.mainClass=io.gpuchassis.agent.it.EventLatencyBenchmark}. Not a
 * test: it takes minutes and prints figures for docs/PERFORMANCE.md.
 */
public final class EventLatencyBenchmark {

  static final String CHASSIS = "/redfish/v1/Chassis/GPUChassis";

  private EventLatencyBenchmark() {}

  public static void main(String[] args) throws Exception {
    int faults = args.length > 0 ? Integer.parseInt(args[0]) : 30;
    Path dir = Files.createTempDirectory("event-bench");
    try (TestAgent agent = TestAgent.start(dir, SimulationSpeed.REALISTIC)) {
      System.out.printf(
          "machine: %d cores, %s %s%n",
          Runtime.getRuntime().availableProcessors(),
          System.getProperty("java.vm.name"),
          System.getProperty("java.version"));
      Thread.sleep(3000); // every sensor read a few times, the fan loop settled
      pipeline(agent, 200);
      faultToEvent(agent, faults);
      pollingCost(Duration.ofSeconds(30));
    }
    System.exit(0);
  }

  private static SseReader stream(TestAgent agent, String filter) throws Exception {
    String query = URLEncoder.encode(filter, StandardCharsets.UTF_8).replace("+", "%20");
    return new SseReader(
        agent.client.stream("/redfish/v1/EventService/SSE?$filter=" + query, TestAgent.READER));
  }

  private static void pipeline(TestAgent agent, int n) throws Exception {
    long[] nanos = new long[n];
    try (SseReader reader = stream(agent, "MessageId eq 'ResourceEvent.1.4.3.TestMessage'")) {
      for (int i = 0; i < n; i++) {
        long t0 = System.nanoTime();
        agent.client.send(
            "POST",
            "/redfish/v1/EventService/Actions/EventService.SubmitTestEvent",
            TestAgent.ADMIN,
            "{\"MessageId\": \"ResourceEvent.1.4.3.TestMessage\"}");
        if (reader.next(Duration.ofSeconds(5)) == null) {
          throw new IllegalStateException("no test event");
        }
        nanos[i] = System.nanoTime() - t0;
      }
    }
    report("SubmitTestEvent to SSE event (the pipeline)", nanos);
  }

  private static void faultToEvent(TestAgent agent, int n) throws Exception {
    long[] nanos = new long[n];
    for (int i = 0; i < n; i++) {
      String fan = "Fan" + (i % 6 + 1);
      String fanUri = CHASSIS + "/ThermalSubsystem/Fans/" + fan;
      try (SseReader reader = stream(agent, "OriginResource eq '" + fanUri + "'")) {
        long t0 = System.nanoTime();
        var fault = agent.agent.faults().orElseThrow().inject("fan-fail", fanUri);
        awaitMessage(reader, "Environmental.1.4.0.FanFailed");
        nanos[i] = System.nanoTime() - t0;
        agent.agent.faults().orElseThrow().clear(fault.id());
        awaitMessage(reader, "Environmental.1.4.0.FanRestored");
      }
    }
    report("fan failure to its SSE event (1 s polling)", nanos);
  }

  private static void awaitMessage(SseReader reader, String prefix) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (System.nanoTime() < deadline) {
      SseReader.Received r = reader.next(Duration.ofMillis(100));
      if (r != null) {
        JsonNode record = r.data().get("Events").get(0);
        if (record.get("MessageId").asText().startsWith(prefix)) {
          return;
        }
      }
    }
    throw new IllegalStateException("no " + prefix + " event within 30 s");
  }

  private static void pollingCost(Duration window) throws InterruptedException {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    Map<Long, Long> before = pollerCpu(threads);
    long t0 = System.nanoTime();
    Thread.sleep(window.toMillis());
    long wall = System.nanoTime() - t0;
    Map<Long, Long> after = pollerCpu(threads);
    long sensors = 0;
    long switches = 0;
    for (ThreadInfo info :
        threads.getThreadInfo(after.keySet().stream().mapToLong(Long::longValue).toArray())) {
      if (info == null || !before.containsKey(info.getThreadId())) {
        continue;
      }
      long used = after.get(info.getThreadId()) - before.get(info.getThreadId());
      if (info.getThreadName().startsWith("bus-poller")) {
        sensors += used;
      } else {
        switches += used;
      }
    }
    double seconds = wall / 1e9;
    System.out.printf(
        "%-48s %8.2f ms CPU per second (%.1f %% of one core)%n",
        "polling the sensor buses", sensors / 1e6 / seconds, sensors / 1e7 / seconds);
    System.out.printf(
        "%-48s %8.2f ms CPU per second (%.1f %% of one core)%n",
        "polling the four switches", switches / 1e6 / seconds, switches / 1e7 / seconds);
  }

  private static Map<Long, Long> pollerCpu(ThreadMXBean threads) {
    Map<Long, Long> cpu = new HashMap<>();
    for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
      if (info != null
          && (info.getThreadName().startsWith("bus-poller")
              || info.getThreadName().startsWith("switch-"))) {
        cpu.put(info.getThreadId(), threads.getThreadCpuTime(info.getThreadId()));
      }
    }
    return cpu;
  }

  private static void report(String what, long[] nanos) {
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    System.out.printf(
        "%-48s n=%-4d p50 %8.1f ms   p99 %8.1f ms   max %8.1f ms%n",
        what,
        sorted.length,
        sorted[sorted.length / 2] / 1e6,
        sorted[Math.min(sorted.length - 1, (int) Math.ceil(sorted.length * 0.99) - 1)] / 1e6,
        sorted[sorted.length - 1] / 1e6);
  }
}
