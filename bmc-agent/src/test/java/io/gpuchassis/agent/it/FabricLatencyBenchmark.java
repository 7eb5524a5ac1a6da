package io.gpuchassis.agent.it;

import io.gpuchassis.agent.config.AgentConfig;
import io.gpuchassis.agent.config.SimulationSpeed;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Prints how long an attach and a detach take end to end on each of the two fabrics, as a composer
 * sees them: the system's AddResourceBlock or RemoveResourceBlock sent over HTTPS to its task's
 * final answer, on the reference board with two of its hosts made Ethernet hosts (as {@link
 * EthernetHostIT} makes them), at production speed. The same slots go to a PCIe host (a partition
 * bind on the simulated switch chips: link training 100 ms, the chip's bind 800 ms) and to an
 * Ethernet host (the slot's I/O engine into the host engine's group at the simulated ExpEther
 * manager, over the agent's real HTTP client; the engine reports its new group after the
 * simulation's 1 s hot-plug), each detach after the host released the GPU (ReadyToRemove).
 *
 * <p>Run as docs/PERFORMANCE.md, "Attach and detach on both fabrics", says. Not a test: it takes
 * minutes and prints figures.
 */
public final class FabricLatencyBenchmark {

  /** Slots on the PCIe host's own switch chip that also have an ExpEther I/O engine. */
  static final List<Integer> SLOTS = List.of(1, 2, 3, 4);

  private FabricLatencyBenchmark() {}

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
    Path dir = Files.createTempDirectory("fabric-bench");
    Path board = EthernetHostIT.ethernetBoard(dir);
    List<Double> pcieAttach = new ArrayList<>();
    List<Double> pcieDetach = new ArrayList<>();
    List<Double> ethAttach = new ArrayList<>();
    List<Double> ethDetach = new ArrayList<>();
    try (TestAgent agent =
        TestAgent.start(
            dir.resolve("state"),
            SimulationSpeed.REALISTIC,
            AgentConfig.defaults().switchPollInterval(),
            c -> c.withBoard(board))) {
      System.out.printf(
          "machine: %d cores, %s %s%n",
          Runtime.getRuntime().availableProcessors(),
          System.getProperty("java.vm.name"),
          System.getProperty("java.version"));
      for (int r = 0; r < rounds; r++) {
        for (int slot : SLOTS) {
          pcieAttach.add(time(agent, "Host1", slot, true));
          pcieDetach.add(time(agent, "Host1", slot, false));
          ethAttach.add(time(agent, EthernetHostIT.ETH1, slot, true));
          ethDetach.add(time(agent, EthernetHostIT.ETH1, slot, false));
        }
      }
    }
    System.out.println("| operation | runs | p50 | p99 | max |");
    System.out.println("| --- | ---: | ---: | ---: | ---: |");
    CompositionLatencyBenchmark.print("attach, PCIe host (same switch chip)", pcieAttach);
    CompositionLatencyBenchmark.print("detach, PCIe host", pcieDetach);
    CompositionLatencyBenchmark.print("attach, Ethernet host (ExpEther group)", ethAttach);
    CompositionLatencyBenchmark.print("detach, Ethernet host", ethDetach);
    System.exit(0);
  }

  /** Milliseconds from the system action to its task's final 200. */
  private static double time(TestAgent agent, String host, int slot, boolean add) throws Exception {
    String block = "/redfish/v1/CompositionService/ResourceBlocks/GPU-Slot" + slot;
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
                "/redfish/v1/Systems/"
                    + host
                    + "/Actions/ComputerSystem."
                    + (add ? "Add" : "Remove")
                    + "ResourceBlock",
                TestAgent.OPERATOR,
                "{\"ResourceBlock\":{\"@odata.id\":\"" + block + "\"}}"),
            TestAgent.OPERATOR);
    double ms = (System.nanoTime() - start) / 1e6;
    if (done.statusCode() != 200) {
      throw new IllegalStateException(
          (add ? "attach" : "detach") + " of slot " + slot + " to " + host + ": " + done.body());
    }
    return ms;
  }
}
