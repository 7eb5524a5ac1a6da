package io.gpuchassis.agent.it;

import io.gpuchassis.agent.config.SimulationSpeed;
import io.gpuchassis.switchdrv.FirmwareVersion;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;

/**
 * Prints what a switch firmware update costs on the simulated reference chassis at realistic speed
 * (5 ms of flash programming per 1008-byte block, as real parts take): for a bundle of 1 MiB, the
 * time from the push to its 202 (upload, signature and digest check), from the push to each step's
 * event on a real SSE stream, and how long a GPU bind on another switch takes while the update runs
 * (it must not wait for the update).
 *
 * <p>Run: {@code mvn -q install -DskipTests && mvn -q -pl bmc-agent test-compile exec:java
 * -Dexec.classpathScope=test -Dexec.mainClass=io.gpuchassis.agent.it.FirmwareUpdateBenchmark}. Not
 * a test: it takes minutes and prints figures for docs/PERFORMANCE.md.
 */
public final class FirmwareUpdateBenchmark {

  static final String INVENTORY = "/redfish/v1/UpdateService/FirmwareInventory/";
  static final List<String> STEPS =
      List.of(
          "TargetDetermined",
          "TransferringToComponent",
          "VerifyingAtComponent",
          "ApplyingOnComponent",
          "AwaitToActivate");

  private FirmwareUpdateBenchmark() {}

  public static void main(String[] args) throws Exception {
    int runs = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    int payloadBytes = 1 << 20;
    Path dir = Files.createTempDirectory("firmware-bench");
    try (TestAgent agent = TestAgent.start(dir, SimulationSpeed.REALISTIC)) {
      System.out.printf(
          "machine: %d cores, %s %s%n",
          Runtime.getRuntime().availableProcessors(),
          System.getProperty("java.vm.name"),
          System.getProperty("java.version"));
      SignedBundles bundles = SignedBundles.of(dir);
      long[] accepted = new long[runs];
      long[][] steps = new long[STEPS.size()][runs];
      long[] binds = new long[runs];
      int slot =
          agent.agent.model().current().slots().stream()
              .filter(sl -> sl.switchId().equals("SW4") && sl.gpu().isPresent())
              .findFirst()
              .orElseThrow()
              .number();
      String endpoint =
          "{\"Endpoint\":{\"@odata.id\":\"/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot"
              + slot
              + "\"}}";
      for (int i = 0; i < runs; i++) {
        byte[] body = new byte[payloadBytes];
        new Random(i).nextBytes(body);
        byte[] bundle = bundles.image(FirmwareVersion.parse("9." + (30 + i) + " B001"), body);
        try (SseReader reader = stream(agent, "OriginResource eq '" + INVENTORY + "SW1'")) {
          long start = System.nanoTime();
          // The steps are timed as they arrive, on a thread of their own, while this one binds a
          // GPU.
          int run = i;
          CompletableFuture<Void> seen =
              CompletableFuture.runAsync(
                  () -> {
                    try {
                      for (int s = 0; s < STEPS.size(); ) {
                        SseReader.Received r = reader.next(Duration.ofSeconds(60));
                        if (r == null) {
                          throw new IllegalStateException("no event for step " + STEPS.get(s));
                        }
                        if (r.data()
                            .get("Events")
                            .get(0)
                            .get("MessageId")
                            .asText()
                            .endsWith("." + STEPS.get(s))) {
                          steps[s][run] = System.nanoTime() - start;
                          s++;
                        }
                      }
                    } catch (Exception e) {
                      throw new IllegalStateException(e);
                    }
                  });
          HttpResponse<String> response = push(agent, bundle);
          accepted[i] = System.nanoTime() - start;
          if (response.statusCode() != 202) {
            throw new IllegalStateException(response.body());
          }
          // A GPU of another switch is bound and released while SW1 is being written.
          long bindStart = System.nanoTime();
          var bind =
              agent.client.send(
                  "POST",
                  "/redfish/v1/Fabrics/PCIe/Zones/Host7/Actions/Zone.AddEndpoint",
                  TestAgent.OPERATOR,
                  endpoint);
          agent.client.awaitTask(bind, TestAgent.OPERATOR);
          binds[i] = System.nanoTime() - bindStart;
          seen.join();
          agent.client.awaitTask(response, TestAgent.READER);
          agent.client.send(
              "PATCH",
              "/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot" + slot,
              TestAgent.OPERATOR,
              "{\"ReadyToRemove\":true}");
          var release =
              agent.client.send(
                  "POST",
                  "/redfish/v1/Fabrics/PCIe/Zones/Host7/Actions/Zone.RemoveEndpoint",
                  TestAgent.OPERATOR,
                  endpoint);
          agent.client.awaitTask(release, TestAgent.OPERATOR);
        }
      }
      System.out.printf("bundle of %d KiB, %d runs, medians:%n", payloadBytes / 1024, runs);
      System.out.printf(
          "  push answered 202 (upload + signature + digest): %.1f ms%n", median(accepted));
      for (int s = 0; s < STEPS.size(); s++) {
        System.out.printf("  push to %-24s %8.1f ms%n", STEPS.get(s) + ":", median(steps[s]));
      }
      System.out.printf("  bind + verify of a GPU on SW4 meanwhile: %.1f ms%n", median(binds));
    }
    System.exit(0);
  }

  private static HttpResponse<String> push(TestAgent agent, byte[] bundle) throws Exception {
    return agent.client.pushBundle(
        TestAgent.OPERATOR, "{\"Targets\": [\"" + INVENTORY + "SW1\"]}", bundle);
  }

  private static SseReader stream(TestAgent agent, String filter) throws Exception {
    String query = URLEncoder.encode(filter, StandardCharsets.UTF_8).replace("+", "%20");
    return new SseReader(
        agent.client.stream("/redfish/v1/EventService/SSE?$filter=" + query, TestAgent.READER));
  }

  private static double median(long[] nanos) {
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2] / 1e6;
  }
}
