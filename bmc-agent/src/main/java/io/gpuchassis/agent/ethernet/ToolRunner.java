package io.gpuchassis.agent.ethernet;

import java.io.IOException;
import java.util.List;

/**
 * Runs a Linux tool and returns what it printed on standard output. A seam so the simulated tree
 * can answer with the output it recorded, while the real one runs the tool.
 */
@FunctionalInterface
public interface ToolRunner {

  /**
   * @throws IOException when the tool cannot be run, does not finish in time or exits non-zero
   */
  String run(List<String> command) throws IOException;
}
