package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.basic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.board.BoardDescription;
import io.gpuchassis.agent.sim.SimulatedFabric;
import io.gpuchassis.switchdrv.sim.FaultHandle;
import io.gpuchassis.switchdrv.sim.SimTiming;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM while a bind runs (the agent a process of its own, its switches simulated at realistic
 * speed in the test so that they outlive it, as real ones do): the agent lets the bind end, logs
 * what it waited for and how the bind ended, and exits 0; started again, it finds the slot bound or
 * unbound, with the switch agreeing. The administrator's password comes from a systemd credential,
 * as in the packaged service.
 */
class SigtermIT {

  static final String PASSWORD = "sigterm-admin-password";
  static final String ADMIN = basic("admin", PASSWORD);
  static final String BIND = "the bind of slot 1 to Host1";

  @TempDir Path dir;
  private final List<Process> processes = new ArrayList<>();
  private SimulatedFabric switches;

  @AfterEach
  void stopAll() {
    processes.forEach(Process::destroyForcibly);
    if (switches != null) {
      switches.close();
    }
  }

  @Test
  void sigterm_during_a_bind_lets_it_end_logs_so_and_exits_0() throws Exception {
    switches = SimulatedFabric.start(BoardDescription.reference(), SimTiming.realistic(), 0);
    int port = AgentProcesses.freePort();
    Path config = dir.resolve("agent.yaml");
    Files.writeString(
        config,
        "listen: 127.0.0.1:"
            + port
            + "\nstateDir: state\nswitches:\n  pollInterval: 200ms\n"
            + "simulation:\n  speed: realistic\n  switchSimulator: 127.0.0.1:"
            + switches.address().getPort()
            + "\n");
    Path firstLog = dir.resolve("first.log");
    Process agent = AgentProcesses.start(dir, PASSWORD, processes, config, firstLog);
    AgentClient client = AgentProcesses.awaitReady(dir, port, agent, firstLog);

    // The GPU's link stays down until the agent is stopping: the bind waits for it (up to 5 s, then
    // it is undone), so
    // the SIGTERM lands while the bind runs however slow this machine is. Cleared once the agent
    // waits for it, the
    // link trains and the bind normally finishes; on a very slow machine it may be rolled back
    // instead.
    FaultHandle linkDown = switches.chip("SW1").faults().linkDown(0);
    HttpResponse<String> accepted =
        client.send(
            "POST",
            "/redfish/v1/Fabrics/PCIe/Zones/Host1/Actions/Zone.AddEndpoint",
            ADMIN,
            "{\"Endpoint\":{\"@odata.id\":\"/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot1\"}}",
            "Prefer",
            "respond-async");
    assertEquals(
        202,
        accepted.statusCode(),
        "the bind runs (a task; 401 if the credential was not read): " + accepted.body());
    agent.destroy(); // SIGTERM
    AgentProcesses.awaitLine(
        firstLog, agent, "Waiting up to 20 s for the binding operations in progress: " + BIND);
    linkDown.clear();
    assertTrue(agent.waitFor(60, TimeUnit.SECONDS), "the agent did not stop");
    String log = Files.readString(firstLog);
    assertEquals(0, agent.exitValue(), log);

    assertTrue(log.contains("Stopping (SIGTERM)"), log);
    boolean finished =
        log.contains("The bind of slot 1 to Host1 finished: slot 1 is bound to Host1");
    boolean rolledBack = log.contains("The bind of slot 1 to Host1 failed and was rolled back");
    boolean leftToNextStart =
        log.contains("The bind of slot 1 to Host1 did not finish within 20 s");
    assertTrue(
        finished || rolledBack || leftToNextStart, "how the bind ended is not logged: " + log);
    assertTrue(log.indexOf("Stopped") > log.indexOf("Stopping (SIGTERM)"), log);
    log.lines()
        .filter(l -> l.contains("GracefulShutdown"))
        .forEach(l -> System.out.println("SigtermIT: " + l));

    Path secondLog = dir.resolve("second.log");
    Process again = AgentProcesses.start(dir, PASSWORD, processes, config, secondLog);
    AgentClient restarted = AgentProcesses.awaitReady(dir, port, again, secondLog);
    boolean bound = AgentProcesses.awaitConsistentSlot1(restarted, ADMIN);
    if (finished) {
      assertTrue(bound, "the bind finished before the agent stopped, so slot 1 stays bound");
    } else if (rolledBack) {
      assertTrue(!bound, "the bind was rolled back, so slot 1 stays unbound");
    }
  }

  /**
   * Whether slot 1 is in Host1's zone, once that agrees with SW1 port 0 being bound into Host1's
   * partition (0).
   */
}
