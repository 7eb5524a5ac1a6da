package io.gpuchassis.agent.platform;

import io.gpuchassis.agent.board.BoardDescription;
import io.gpuchassis.agent.board.BoardException;
import io.gpuchassis.agent.config.AgentConfig;
import io.gpuchassis.agent.config.ConfigException;
import io.gpuchassis.agent.config.HardwareMode;
import io.gpuchassis.agent.sim.SimulateCommand;
import io.gpuchassis.agent.sim.SimulatedPlatform;
import java.io.PrintWriter;
import java.time.Clock;

/**
 * The one place that decides whether the agent runs on real or simulated hardware ({@code
 * hardware.mode}). It is the only class outside the simulation that may know the simulation exists
 * (an ArchUnit rule holds this).
 */
public final class PlatformAssembly {

  private PlatformAssembly() {}

  /**
   * Opens the platform the configuration selects, built from its board description.
   *
   * @throws ConfigException when the board description is missing or cannot be read
   */
  public static ChassisPlatform open(AgentConfig config, Clock clock) {
    return open(config, board(config), clock);
  }

  /**
   * Opens the platform the configuration selects, built from {@code board} (read with {@link
   * #board}).
   */
  public static ChassisPlatform open(AgentConfig config, BoardDescription board, Clock clock) {
    return config.hardwareMode() == HardwareMode.REAL
        ? new BoardPlatform(board)
        : SimulatedPlatform.start(
            board,
            clock,
            config.simulation(),
            java.util.Optional.of(config.stateDir().resolve("simulation/data-ports")));
  }

  /**
   * The {@code simulate} command: serves a board's switch chips for a real-mode agent to find (a
   * simulation tool).
   */
  public static Object simulateCommand(PrintWriter out, PrintWriter err) {
    return new SimulateCommand(out, err);
  }

  /**
   * The board the configuration names; the embedded reference board when a simulation names none.
   */
  public static BoardDescription board(AgentConfig config) {
    if (config.board().isEmpty() && config.hardwareMode() == HardwareMode.REAL) {
      throw new ConfigException(
          "hardware.mode 'real' needs the board's description: give --board FILE or"
              + " hardware.board (docs/BOARD.md)");
    }
    try {
      return config.board().map(BoardDescription::load).orElseGet(BoardDescription::reference);
    } catch (BoardException e) {
      throw new ConfigException("board description: " + e.getMessage(), e);
    }
  }
}
