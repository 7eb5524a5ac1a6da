package io.gpuchassis.agent.sim.ethernet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code lldpcli -f json0 show neighbors details}: the neighbours lldpd recorded in the tree, in
 * lldpd's json0 format. Any other command line is not simulated and fails; a tree without recorded
 * neighbours has no lldpd, and the client fails as lldpd 1.0.16's does without its daemon's socket.
 */
final class SimulatedLldpcli implements SimulatedTool {

  private static final List<String> NEIGHBORS =
      List.of("-f", "json0", "show", "neighbors", "details");

  @Override
  public String run(Path root, List<String> arguments) throws IOException {
    if (!arguments.equals(NEIGHBORS)) {
      throw new IOException("not simulated: lldpcli " + arguments);
    }
    Path output = SimulatedPortInventory.lldpOutput(root);
    if (!Files.isRegularFile(output)) {
      throw new IOException(
          "unable to connect to socket /run/lldpd.socket: No such file or directory");
    }
    return Files.readString(output);
  }
}
