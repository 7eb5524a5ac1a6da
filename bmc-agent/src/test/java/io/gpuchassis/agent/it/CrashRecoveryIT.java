package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.basic;
import static io.gpuchassis.agent.it.AgentClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills the agent process ({@code kill -9}) at random moments of binds and releases, 12 times (3 in
 * a plain {@code mvn verify}, 12 with {@code -Pall}; any number with {@code
 * -DcrashRecovery.kills=N}; each kill costs a cold start of the agent), with the switches simulated
 * by a separate process that outlives it, as real switches do. After every restart the invariants
 * must hold: each GPU is in at most one host's zone, and a GPU is in a zone exactly when the switch
 * has it bound into that host's partition — no slot is ever left half-bound, whatever the moment of
 * the crash.
 */
class CrashRecoveryIT {

  static final int KILLS = Integer.getInteger("crashRecovery.kills", 12);
  static final String PASSWORD = "crash-admin-password";
  static final String ADMIN = basic("admin", PASSWORD);

  /**
   * The four GPUs of switch SW1 and its two hosts (partitions 0 and 1), and two GPUs of SW2 that
   * they reach over the link SW1 port 7 -> SW2, which arrives in SW2's transit partition 2.
   */
  static final int[] SLOTS = {1, 2, 3, 4, 6, 7};

  static final int TRANSIT_PARTITION = 2;
  static final String[] HOSTS = {"Host1", "Host2"};

  @TempDir Path dir;
  private final List<Process> processes = new ArrayList<>();

  @AfterEach
  void killAll() {
    processes.forEach(Process::destroyForcibly);
  }

  @Test
  void killing_the_agent_at_random_points_of_binds_and_releases_never_leaves_a_slot_half_bound()
      throws Exception {
    int simulatorPort = startSimulator();
    Path config = dir.resolve("agent.yaml");
    int agentPort = FreePorts.free();
    Files.writeString(
        config,
        "listen: 127.0.0.1:"
            + agentPort
            + "\n"
            + "stateDir: state\n"
            + "switches:\n  pollInterval: 200ms\n"
            + "simulation:\n  speed: realistic\n  switchSimulator: 127.0.0.1:"
            + simulatorPort
            + "\n");
    Random random = new Random(20261130);
    Process agent = startAgent(config);
    AgentClient client = awaitReady(agentPort, agent);
    int operationsStarted = 0;
    for (int kill = 0; kill < KILLS; kill++) {
      int slot = SLOTS[random.nextInt(SLOTS.length)];
      String host = HOSTS[random.nextInt(HOSTS.length)];
      String zone = "/redfish/v1/Fabrics/PCIe/Zones/" + zoneOf(client, slot).orElse(host);
      String endpoint =
          "{\"Endpoint\":{\"@odata.id\":\"/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot"
              + slot
              + "\"}}";
      boolean bound = zoneOf(client, slot).isPresent();
      if (bound) {
        client.send(
            "PATCH",
            "/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot" + slot,
            ADMIN,
            "{\"ReadyToRemove\":true}");
      }
      String action = zone + (bound ? "/Actions/Zone.RemoveEndpoint" : "/Actions/Zone.AddEndpoint");
      AgentClient c = client;
      CompletableFuture.runAsync(
          () -> {
            try {
              c.send("POST", action, ADMIN, endpoint);
            } catch (Exception e) {
              // the agent is being killed under the request: expected
            }
          });
      operationsStarted++;
      Thread.sleep(random.nextInt(1200));
      agent.destroyForcibly(); // SIGKILL: no shutdown hook, no last write
      assertTrue(agent.waitFor(10, TimeUnit.SECONDS));

      agent = startAgent(config);
      client = awaitReady(agentPort, agent);
      assertConsistent(client, "after kill " + (kill + 1));
    }
    assertEquals(KILLS, operationsStarted);
    // Proof that kills landed in the middle of operations: restarts found something to finish or
    // roll back.
    long interrupted =
        Files.readAllLines(dir.resolve("agent.log")).stream()
            .filter(l -> l.contains("Reconciliation: "))
            .count();
    System.out.println(
        "CrashRecoveryIT: " + KILLS + " kills, " + interrupted + " reconciliation repairs");
    assertTrue(interrupted > 0, "no kill landed inside an operation: the test proved nothing");
  }

  /**
   * Each GPU in at most one zone, and in a zone exactly when the switch has it bound into that
   * host's partition.
   */
  private static void assertConsistent(AgentClient client, String when) throws Exception {
    String last = "";
    for (int attempt = 0; attempt < 40; attempt++) {
      last = inconsistency(client);
      if (last.isEmpty()) {
        return;
      }
      Thread.sleep(100); // the first poll of the switch may predate reconciliation
    }
    fail(when + ": " + last);
  }

  private static String inconsistency(AgentClient client) throws Exception {
    Map<Integer, List<String>> zonesOfSlot = new HashMap<>();
    for (String host : HOSTS) {
      for (String member :
          json(client.get("/redfish/v1/Fabrics/PCIe/Zones/" + host, ADMIN))
              .at("/Links/Endpoints")
              .findValuesAsText("@odata.id")) {
        if (member.contains("GPU-Slot")) {
          int slot = Integer.parseInt(member.substring(member.indexOf("GPU-Slot") + 8));
          zonesOfSlot.computeIfAbsent(slot, s -> new ArrayList<>()).add(host);
        }
      }
    }
    boolean linkNeeded = false;
    for (int slot : SLOTS) {
      List<String> zones = zonesOfSlot.getOrDefault(slot, List.of());
      if (zones.size() > 1) {
        return "slot " + slot + " is in several zones " + zones;
      }
      String inZone = zones.isEmpty() ? "none" : zones.get(0);
      Optional<Integer> partition =
          boundToPartition(client, slot <= 5 ? "SW1" : "SW2", (slot - 1) % 5);
      String onSwitch;
      if (slot <= 5) {
        onSwitch = partition.map(p -> HOSTS[p]).orElse("none");
      } else if (partition.isEmpty()) {
        onSwitch = "none";
      } else if (partition.get() != TRANSIT_PARTITION) {
        return "slot "
            + slot
            + " is bound into SW2 partition "
            + partition.get()
            + ", not the transit partition";
      } else {
        // Behind the link: the host is whoever's partition the link's SW1 end is bound into.
        onSwitch =
            boundToPartition(client, "SW1", 7)
                .map(p -> HOSTS[p])
                .orElse("nobody (the link is unbound)");
      }
      if (!onSwitch.equals(inZone)) {
        return "slot " + slot + ": zone " + inZone + " but the switch has it bound to " + onSwitch;
      }
      linkNeeded |= slot > 5 && !zones.isEmpty();
    }
    if (!linkNeeded && boundToPartition(client, "SW1", 7).isPresent()) {
      return "the link SW1 -> SW2 is still bound though no GPU behind it is in a zone";
    }
    return "";
  }

  private static Optional<Integer> boundToPartition(AgentClient client, String switchId, int port)
      throws Exception {
    JsonNode partition =
        json(client.get("/redfish/v1/Fabrics/PCIe/Switches/" + switchId + "/Ports/" + port, ADMIN))
            .at("/Oem/GpuChassisAgent/BoundToPartition");
    return partition.isMissingNode() ? Optional.empty() : Optional.of(partition.asInt());
  }

  private static java.util.Optional<String> zoneOf(AgentClient client, int slot) throws Exception {
    for (String host : HOSTS) {
      if (json(client.get("/redfish/v1/Fabrics/PCIe/Zones/" + host, ADMIN))
          .at("/Links/Endpoints")
          .toString()
          .contains("GPU-Slot" + slot + "\"")) {
        return java.util.Optional.of(host);
      }
    }
    return java.util.Optional.empty();
  }

  private int startSimulator() throws Exception {
    Process simulator =
        new ProcessBuilder(
                ChildJvm.command("io.gpuchassis.agent.sim.SwitchSimulatorMain", "0", "realistic"))
            .redirectErrorStream(true)
            .start();
    processes.add(simulator);
    BufferedReader out =
        new BufferedReader(
            new InputStreamReader(simulator.getInputStream(), StandardCharsets.UTF_8));
    String line;
    while ((line = out.readLine()) != null) {
      if (line.startsWith("SWITCH SIMULATOR LISTENING ON ")) {
        int port =
            Integer.parseInt(line.substring("SWITCH SIMULATOR LISTENING ON ".length()).trim());
        Thread drain =
            new Thread(
                () -> {
                  try {
                    while (out.readLine() != null) {
                      // keep the pipe empty
                    }
                  } catch (java.io.IOException e) {
                    // the simulator ended
                  }
                });
        drain.setDaemon(true);
        drain.start();
        return port;
      }
    }
    throw new IllegalStateException("the switch simulator did not start");
  }

  private Process startAgent(Path config) throws Exception {
    ProcessBuilder pb =
        new ProcessBuilder(
                ChildJvm.command(
                    "io.gpuchassis.agent.TestMain", // Main with cheap password hashing
                    "--config",
                    config.toString()))
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("agent.log").toFile()));
    pb.environment().put("BMC_AGENT_ADMIN_PASSWORD", PASSWORD);
    Process p = pb.start();
    processes.add(p);
    return p;
  }

  private AgentClient awaitReady(int port, Process agent) throws Exception {
    Path cert = dir.resolve("state/tls/https-cert.pem");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline) {
      if (!agent.isAlive()) {
        fail("the agent died at start: " + Files.readString(dir.resolve("agent.log")));
      }
      if (Files.exists(cert)) {
        try {
          AgentClient client = new AgentClient(port, cert);
          HttpResponse<String> r = client.get("/redfish/v1/", null);
          if (r.statusCode() == 200) {
            return client;
          }
        } catch (Exception e) {
          // not listening yet
        }
      }
      Thread.sleep(50);
    }
    throw new IllegalStateException("the agent did not answer within 60 s");
  }
}
