package io.gpuchassis.agent;

import io.gpuchassis.agent.config.AgentConfig;
import io.gpuchassis.agent.config.ConfigException;
import io.gpuchassis.agent.config.HardwareMode;
import io.gpuchassis.agent.platform.BoardPlatform;
import io.gpuchassis.agent.platform.BoardProbe;
import io.gpuchassis.agent.platform.PlatformAssembly;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bmc-agent probe --board FILE}: does every part of the board answer, on this machine's real
 * buses?
 */
@Command(
    name = "probe",
    mixinStandardHelpOptions = true,
    description = {
      "Walks a board file on this machine's real hardware and prints, per switch chip, I2C device and slot line,"
          + " whether it answers and what it reports."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:every part answers",
      "1:some part does not answer",
      "2:bad option or board file"
    })
final class ProbeCommand implements Callable<Integer> {

  @Option(
      names = {"--board", "--chassis"},
      required = true,
      paramLabel = "FILE",
      description = "Board description.")
  Path board;

  @Option(
      names = "--timeout",
      paramLabel = "SECONDS",
      defaultValue = "2",
      description = "How long a switch chip may take to answer (default: 2).")
  int timeoutSeconds;

  private final PrintWriter out;
  private final PrintWriter err;

  ProbeCommand(PrintWriter out, PrintWriter err) {
    this.out = out;
    this.err = err;
  }

  @Override
  public Integer call() {
    BoardPlatform platform;
    try {
      platform =
          new BoardPlatform(
              PlatformAssembly.board(
                  AgentConfig.defaults().withBoard(board).withHardwareMode(HardwareMode.REAL)));
    } catch (ConfigException e) {
      err.println("bmc-agent probe: " + e.getMessage());
      return 2;
    }
    try {
      return new BoardProbe(platform, out, Duration.ofSeconds(timeoutSeconds)).run() == 0 ? 0 : 1;
    } finally {
      platform.close();
    }
  }
}
