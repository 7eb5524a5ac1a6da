package io.gpuchassis.agent.sim.ethernet;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * One Linux tool of a simulated tree ({@code ethtool}, ...): answers a command line the way the
 * real tool does for the tree's state below {@code root}, and fails as the tool would (a non-zero
 * exit becomes an {@link IOException}) on arguments it does not take or devices it does not have.
 */
@FunctionalInterface
interface SimulatedTool {

  /**
   * @param arguments the command line after the tool's name
   */
  String run(Path root, List<String> arguments) throws IOException;
}
