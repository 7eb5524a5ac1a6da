package io.gpuchassis.agent.sim.ethernet;

import io.gpuchassis.agent.ethernet.ToolRunner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The tools of a simulated tree, by name: each answers from the tree's files as the real tool
 * would; a tool the tree does not simulate fails as a missing binary does.
 */
public final class SimulatedTools implements ToolRunner {

  private static final Map<String, SimulatedTool> TOOLS =
      Map.of(
          "ethtool", new SimulatedEthtool(),
          "lldpcli", new SimulatedLldpcli(),
          "ip", new SimulatedIp(),
          "dcb", new SimulatedDcb(),
          "tc", new SimulatedTc(),
          "ping", new SimulatedPing());

  private final Path root;

  public SimulatedTools(Path root) {
    this.root = root;
  }

  @Override
  public String run(List<String> command) throws IOException {
    SimulatedTool tool = command.isEmpty() ? null : TOOLS.get(command.get(0));
    if (tool == null) {
      throw new IOException("not simulated: " + command);
    }
    return tool.run(root, command.subList(1, command.size()));
  }
}
