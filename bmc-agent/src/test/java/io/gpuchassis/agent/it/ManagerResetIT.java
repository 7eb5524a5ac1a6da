package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.basic;
import static io.gpuchassis.agent.it.AgentClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
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
 * Manager.Reset while a bind runs, the agent a process of its own as under systemd (see {@link
 * SigtermIT}): the request is answered 204 and recorded, the agent stops as on SIGTERM (the bind
 * ends or is journaled), and the process exits with 3, the code the packaged unit restarts on;
 * started again, the agent finds the slot as the bind left it and the reset in its security log.
 */
class ManagerResetIT {

  static final String PASSWORD = "reset-admin-password";
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
  void reset_during_a_bind_answers_204_lets_the_bind_end_and_exits_with_the_restart_code()
      throws Exception {
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

    // As in SigtermIT: the link stays down until the agent is stopping, so the reset lands while
    // the bind runs.
    FaultHandle linkDown = switches.chip("SW1").faults().linkDown(0);
    HttpResponse<String> accepted =
        client.send(
            "POST",
            "/redfish/v1/Fabrics/PCIe/Zones/Host1/Actions/Zone.AddEndpoint",
            ADMIN,
            "{\"Endpoint\":{\"@odata.id\":\"/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot1\"}}",
            "Prefer",
            "respond-async");
    assertEquals(202, accepted.statusCode(), accepted.body());
    HttpResponse<String> reset =
        client.send(
            "POST",
            "/redfish/v1/Managers/BMC/Actions/Manager.Reset",
            ADMIN,
            "{\"ResetType\": \"GracefulRestart\"}");
    assertEquals(204, reset.statusCode(), reset.body());
    AgentProcesses.awaitLine(
        firstLog, agent, "Waiting up to 20 s for the binding operations in progress: " + BIND);
    linkDown.clear();
    assertTrue(agent.waitFor(60, TimeUnit.SECONDS), "the agent did not stop");
    String log = Files.readString(firstLog);
    assertEquals(3, agent.exitValue(), log);

    assertTrue(
        log.contains("Stopping (Manager.Reset GracefulRestart by 'admin' from 127.0.0.1)"), log);
    boolean finished =
        log.contains("The bind of slot 1 to Host1 finished: slot 1 is bound to Host1");
    boolean rolledBack = log.contains("The bind of slot 1 to Host1 failed and was rolled back");
    boolean leftToNextStart =
        log.contains("The bind of slot 1 to Host1 did not finish within 20 s");
    assertTrue(
        finished || rolledBack || leftToNextStart, "how the bind ended is not logged: " + log);
    assertTrue(log.indexOf("Stopped") > log.indexOf("Stopping (Manager.Reset"), log);

    // What the unit's RestartForceExitStatus=3 does: start it again.
    Path secondLog = dir.resolve("second.log");
    Process again = AgentProcesses.start(dir, PASSWORD, processes, config, secondLog);
    AgentClient restarted = AgentProcesses.awaitReady(dir, port, again, secondLog);
    boolean bound = AgentProcesses.awaitConsistentSlot1(restarted, ADMIN);
    if (finished) {
      assertTrue(bound, "the bind finished before the agent stopped, so slot 1 stays bound");
    } else if (rolledBack) {
      assertTrue(!bound, "the bind was rolled back, so slot 1 stays unbound");
    }
    JsonNode entries =
        json(
            restarted.get(
                "/redfish/v1/Managers/BMC/LogServices/SecurityLog/Entries?$expand=.", ADMIN));
    assertTrue(
        entries.toString().contains("GpuChassisAudit.1.4.0.ManagerReset"),
        "the reset is in the security log");
    again.destroy(); // SIGTERM: a plain stop exits 0
    assertTrue(again.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, again.exitValue(), Files.readString(secondLog));
  }

  /**
   * Whether slot 1 is in Host1's zone, once that agrees with SW1 port 0 being bound into Host1's
   * partition (0).
   */
}
