package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The agent as a process of its own, as its systemd unit runs it (the first password a credential),
 * for the tests that stop and restart it: started, awaited until it answers, its log watched. It
 * runs the tests' {@code TestMain}: the shipped {@code Main} hashing passwords cheaply.
 */
final class AgentProcesses {

  private AgentProcesses() {}

  static boolean awaitConsistentSlot1(AgentClient client, String admin) throws Exception {
    String last = "";
    for (int attempt = 0; attempt < 100; attempt++) {
      boolean inZone =
          json(client.get("/redfish/v1/Fabrics/PCIe/Zones/Host1", admin))
              .at("/Links/Endpoints")
              .toString()
              .contains("GPU-Slot1\"");
      JsonNode partition =
          json(client.get("/redfish/v1/Fabrics/PCIe/Switches/SW1/Ports/0", admin))
              .at("/Oem/GpuChassisAgent/BoundToPartition");
      boolean onSwitch = !partition.isMissingNode() && partition.asInt() == 0;
      if (inZone == onSwitch) {
        return inZone;
      }
      last =
          "zone Host1 "
              + (inZone ? "holds" : "lacks")
              + " slot 1, the switch has it "
              + (onSwitch ? "" : "not ")
              + "bound";
      Thread.sleep(100); // the first poll of the switch may predate reconciliation
    }
    fail("after the restart: " + last);
    return false;
  }

  static void awaitLine(Path log, Process agent, String line) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!Files.readString(log).contains(line)) {
      if (!agent.isAlive() || System.nanoTime() > deadline) {
        fail("the agent did not log \"" + line + "\": " + Files.readString(log));
      }
      Thread.sleep(20);
    }
  }

  static Process start(Path dir, String password, List<Process> processes, Path config, Path log)
      throws Exception {
    return start(dir, password, processes, config, log, List.of());
  }

  /** As above, with {@code jvmOptions} added to the JVM's command line. */
  static Process start(
      Path dir,
      String password,
      List<Process> processes,
      Path config,
      Path log,
      List<String> jvmOptions)
      throws Exception {
    List<String> command =
        ChildJvm.command(
            jvmOptions,
            "io.gpuchassis.agent.TestMain", // Main with cheap password hashing
            "--config",
            config.toString());
    ProcessBuilder pb =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
    // The first password as the packaged unit gives it: a systemd credential
    // (LoadCredential=admin-password:...).
    Path credentials = Files.createDirectories(dir.resolve("credentials"));
    Files.writeString(credentials.resolve("admin-password"), password + "\n");
    pb.environment().put("CREDENTIALS_DIRECTORY", credentials.toString());
    pb.environment().remove("BMC_AGENT_ADMIN_PASSWORD");
    pb.environment().remove("NOTIFY_SOCKET"); // in case the build itself runs under systemd
    Process p = pb.start();
    processes.add(p);
    return p;
  }

  static AgentClient awaitReady(Path dir, int port, Process agent, Path log) throws Exception {
    Path cert = dir.resolve("state/tls/https-cert.pem");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
    // One client for every poll: a client per poll would leave its idle connection open, and the
    // agent admits only a few unauthenticated connections per address.
    AgentClient client = null;
    while (System.nanoTime() < deadline) {
      if (!agent.isAlive()) {
        fail("the agent died at start: " + Files.readString(log));
      }
      if (Files.exists(cert)) {
        try {
          if (client == null) {
            client = new AgentClient(port, cert);
          }
          if (client.get("/redfish/v1/", null).statusCode() == 200) {
            return client;
          }
        } catch (Exception e) {
          // Not listening yet, or presenting a certificate this client does not trust: at its first
          // start the agent makes its certificate again with the chassis's serial number while it
          // already listens (HttpsCertificate.nameChassis), so the next client reads the file anew.
          // A failed connection leaves no idle one behind.
          client = null;
        }
      }
      Thread.sleep(50);
    }
    throw new IllegalStateException(
        "the agent did not answer within 90 s: " + Files.readString(log));
  }

  /** A port for the agent's HTTPS server: see {@link FreePorts}. */
  static int freePort() {
    return FreePorts.free();
  }
}
