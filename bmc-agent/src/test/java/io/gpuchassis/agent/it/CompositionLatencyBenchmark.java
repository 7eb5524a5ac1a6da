package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;

import io.gpuchassis.agent.config.SimulationSpeed;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Prints how long an attach and a detach take end to end, as a composer sees them: the Zone action
 * sent over HTTPS to its task's final answer, on the simulated reference chassis at production
 * speed (link training and the switch's bind time simulated as the chip takes them). Every occupied
 * slot is attached to the host on its own switch chip and to a host two chips away (over
 * inter-switch links), then detached after the host released it (ReadyToRemove).
 *
 * <p>Run as docs/PERFORMANCE.md, "Attach and detach end to end", says. Not a test: it takes minutes
 * and prints figures.
 */
public final class CompositionLatencyBenchmark {

  static final String ZONES = "/redfish/v1/Fabrics/PCIe/Zones/";

  private CompositionLatencyBenchmark() {}

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 2;
    Path dir = Files.createTempDirectory("composition-bench");
    List<Double> attach = new ArrayList<>();
    List<Double> detach = new ArrayList<>();
    List<Double> attachFar = new ArrayList<>();
    List<Double> detachFar = new ArrayList<>();
    try (TestAgent agent = TestAgent.start(dir, SimulationSpeed.REALISTIC)) {
      System.out.printf(
          "machine: %d cores, %s %s%n",
          Runtime.getRuntime().availableProcessors(),
          System.getProperty("java.vm.name"),
          System.getProperty("java.version"));
      List<Integer> slots = new ArrayList<>();
      for (var member :
          json(agent.client.get("/redfish/v1/Chassis/GPUChassis/PCIeDevices", TestAgent.READER))
              .get("Members")) {
        String uri = member.get("@odata.id").asText();
        slots.add(Integer.parseInt(uri.substring(uri.lastIndexOf("Slot") + 4)));
      }
      for (int r = 0; r < rounds; r++) {
        for (int slot : slots) {
          int chip = (slot - 1) / 5; // five slots per switch chip on the reference board
          String near = "Host" + (2 * chip + 1);
          String far = "Host" + (2 * ((chip + 2) % 4) + 1);
          attach.add(time(agent, near, slot, true));
          detach.add(time(agent, near, slot, false));
          attachFar.add(time(agent, far, slot, true));
          detachFar.add(time(agent, far, slot, false));
        }
      }
    }
    print("attach, host on the GPU's own switch", attach);
    print("detach, host on the GPU's own switch", detach);
    print("attach, host two switch chips away", attachFar);
    print("detach, host two switch chips away", detachFar);
    System.exit(0);
  }

  /** Milliseconds from the Zone action to its task's final 200. */
  private static double time(TestAgent agent, String host, int slot, boolean add) throws Exception {
    String body =
        "{\"Endpoint\":{\"@odata.id\":\"/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot"
            + slot
            + "\"}}";
    if (!add) {
      agent.client.send(
          "PATCH",
          "/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot" + slot,
          TestAgent.OPERATOR,
          "{\"ReadyToRemove\":true}");
    }
    long start = System.nanoTime();
    HttpResponse<String> done =
        agent.client.awaitTask(
            agent.client.send(
                "POST",
                ZONES + host + "/Actions/Zone." + (add ? "AddEndpoint" : "RemoveEndpoint"),
                TestAgent.OPERATOR,
                body),
            TestAgent.OPERATOR);
    double ms = (System.nanoTime() - start) / 1e6;
    if (done.statusCode() != 200) {
      throw new IllegalStateException(
          (add ? "attach" : "detach") + " of slot " + slot + " to " + host + ": " + done.body());
    }
    return ms;
  }

  /** One row of the latency table: the count, p50, p99 and maximum of {@code ms}. */
  static void print(String what, List<Double> ms) {
    List<Double> sorted = new ArrayList<>(ms);
    Collections.sort(sorted);
    System.out.printf(
        "| %s | %d | %.0f ms | %.0f ms | %.0f ms |%n",
        what,
        sorted.size(),
        sorted.get(sorted.size() / 2),
        sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(sorted.size() * 0.99) - 1)),
        sorted.get(sorted.size() - 1));
  }
}
