package io.gpuchassis.agent.sim.ethernet;

import io.gpuchassis.agent.ethernet.ToolRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The tools of a simulated tree: {@code ethtool -S <if>} answers with the output the tree recorded
 * for that interface; any other command, or an interface the tree does not have, fails as the tool
 * would (no such device).
 */
public final class SimulatedTools implements ToolRunner {

  private final Path root;

  public SimulatedTools(Path root) {
    this.root = root;
  }

  @Override
  public String run(List<String> command) throws IOException {
    if (command.size() != 3 || !command.get(0).equals("ethtool") || !command.get(1).equals("-S")) {
      throw new IOException("not simulated: " + command);
    }
    Path output = SimulatedPortTree.ethtoolOutput(root, command.get(2));
    if (!command.get(2).matches("[A-Za-z0-9_.:-]{1,15}") || !Files.isRegularFile(output)) {
      throw new IOException("Cannot get stats strings information: No such device");
    }
    return Files.readString(output);
  }
}
