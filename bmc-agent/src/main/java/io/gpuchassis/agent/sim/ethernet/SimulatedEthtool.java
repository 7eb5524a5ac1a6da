package io.gpuchassis.agent.sim.ethernet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code ethtool -S <if>} (statistics), {@code ethtool -m <if>} (the module's EEPROM, decoded) and
 * {@code ethtool -i <if>} (driver and firmware): the output the tree recorded for that interface.
 * Any other option, or more arguments, is not simulated and fails; an interface the tree does not
 * have fails as the tool does (no such device), each with the message of the query it makes.
 */
final class SimulatedEthtool implements SimulatedTool {

  @Override
  public String run(Path root, List<String> arguments) throws IOException {
    if (arguments.size() != 2) {
      throw new IOException("not simulated: ethtool " + arguments);
    }
    String netdev = arguments.get(1);
    Path output;
    String failure;
    switch (arguments.get(0)) {
      case "-S" -> {
        output = SimulatedPortTree.ethtoolOutput(root, netdev);
        failure = "Cannot get stats strings information: No such device";
      }
      case "-m" -> {
        output = SimulatedPortInventory.moduleOutput(root, netdev);
        failure = "Cannot get module EEPROM information: No such device";
      }
      case "-i" -> {
        output = SimulatedPortInventory.driverOutput(root, netdev);
        failure = "Cannot get driver information: No such device";
      }
      default -> throw new IOException("not simulated: ethtool " + arguments);
    }
    if (!netdev.matches("[A-Za-z0-9_.:-]{1,15}") || !Files.isRegularFile(output)) {
      throw new IOException(failure);
    }
    return Files.readString(output);
  }
}
