package io.gpuchassis.agent.sim.ethernet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code ethtool -S <if>}: the output the tree recorded for that interface; an interface the tree
 * does not have fails as the tool does (no such device).
 */
final class SimulatedEthtool implements SimulatedTool {

  @Override
  public String run(Path root, List<String> arguments) throws IOException {
    if (arguments.size() != 2 || !arguments.get(0).equals("-S")) {
      throw new IOException("not simulated: ethtool " + arguments);
    }
    String netdev = arguments.get(1);
    Path output = SimulatedPortTree.ethtoolOutput(root, netdev);
    if (!netdev.matches("[A-Za-z0-9_.:-]{1,15}") || !Files.isRegularFile(output)) {
      throw new IOException("Cannot get stats strings information: No such device");
    }
    return Files.readString(output);
  }
}
