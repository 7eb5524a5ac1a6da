package io.gpuchassis.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A listen address another process holds: the agent (a process of its own) says it cannot start and
 * exits 1, rather than staying up without a server (systemd would wait for a readiness that never
 * comes instead of restarting it).
 */
class PortInUseIT {

  @TempDir Path dir;
  private final List<Process> processes = new ArrayList<>();

  @AfterEach
  void stopAll() {
    processes.forEach(Process::destroyForcibly);
  }

  @Test
  void a_port_in_use_ends_the_agent_with_exit_code_1_and_the_reason() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Path config = dir.resolve("agent.yaml");
      Files.writeString(
          config, "listen: 127.0.0.1:" + taken.getLocalPort() + "\nstateDir: state\n");
      Path log = dir.resolve("agent.log");
      Process agent =
          AgentProcesses.start(dir, "port-in-use-admin-password", processes, config, log);
      assertTrue(agent.waitFor(90, TimeUnit.SECONDS), "the agent is still running");
      assertEquals(1, agent.exitValue(), Files.readString(log));
      String output = Files.readString(log);
      assertTrue(output.contains("bmc-agent: cannot start: "), output);
      assertTrue(output.contains("Address already in use"), output);
    }
  }
}
