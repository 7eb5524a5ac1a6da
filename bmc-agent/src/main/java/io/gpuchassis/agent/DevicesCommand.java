package io.gpuchassis.agent;

import io.gpuchassis.agent.board.BoardDescription;
import io.gpuchassis.agent.board.BoardDevices;
import io.gpuchassis.agent.board.BoardException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bmc-agent devices --board FILE}: a systemd drop-in that lets the service open exactly the
 * device nodes the board file names, instead of every serial port, I2C adapter and gpiochip the
 * packaged unit allows.
 */
@Command(
    name = "devices",
    mixinStandardHelpOptions = true,
    description = {
      "Prints a systemd drop-in for bmc-agent.service that allows exactly the device nodes the board file names"
          + " (its switch UARTs, I2C adapters, gpiochips and console port). Install it as"
          + " /etc/systemd/system/bmc-agent.service.d/devices.conf."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:printed", "2:bad option or board file"})
final class DevicesCommand implements Callable<Integer> {

  @Option(
      names = "--board",
      required = true,
      paramLabel = "FILE",
      description = "Board description.")
  Path board;

  private final PrintWriter out;
  private final PrintWriter err;

  DevicesCommand(PrintWriter out, PrintWriter err) {
    this.out = out;
    this.err = err;
  }

  @Override
  public Integer call() {
    BoardDescription description;
    try {
      description = BoardDescription.load(board);
    } catch (BoardException e) {
      err.println("bmc-agent devices: " + e.getMessage());
      return 2;
    }
    out.println(
        "# Written by `bmc-agent devices --board "
            + board
            + "`: the device nodes that board file names, and");
    out.println(
        "# no others. Write it again when the board file changes, then `systemctl daemon-reload`.");
    out.println("[Service]");
    out.println("DevicePolicy=closed");
    // an empty assignment drops the packaged unit's device classes; the lines after it are all that
    // is allowed
    out.println("DeviceAllow=");
    for (String node : BoardDevices.of(description)) {
      out.println("DeviceAllow=" + node + " rw");
    }
    if (!description.networkAdapters().isEmpty()) {
      // ethtool's module EEPROM read (-m) and, on RoCE ports, ip, dcb and tc's changes are
      // CAP_NET_ADMIN's; ambient, so the tools the agent runs have it too
      out.println(
          "# Its data-path ports: the module EEPROMs and the RoCE profile (docs/PACKAGING.md).");
      out.println("CapabilityBoundingSet=CAP_NET_ADMIN");
      out.println("AmbientCapabilities=CAP_NET_ADMIN");
    }
    out.flush();
    return 0;
  }
}
