package io.gpuchassis.agent.config;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The technician's consoles ({@code console:} in the configuration, {@code --console} on the
 * command line, the board file's {@code console:} as the default on real hardware).
 *
 * @param devices where consoles run: serial device paths, or {@code stdio} for the terminal that
 *     started the agent (an empty list: no console); not configured: the board file's console, on
 *     real hardware
 * @param baud the serial devices' speed (8 data bits, no parity, 1 stop bit, no flow control)
 * @param idleTimeout how long a logged-in session may wait at a prompt before it is logged out
 * @param loginTimeout how long a login prompt waits for its answer before it starts over
 */
public record ConsoleSettings(
    Optional<List<String>> devices, int baud, Duration idleTimeout, Duration loginTimeout) {

  public static final int DEFAULT_BAUD = 115_200;
  public static final ConsoleSettings DEFAULTS =
      new ConsoleSettings(
          Optional.empty(), DEFAULT_BAUD, Duration.ofMinutes(10), Duration.ofMinutes(1));

  public ConsoleSettings {
    devices = devices.map(List::copyOf);
    if (baud < 50 || baud > 4_000_000) {
      throw ConfigException.at(
          "console.baud", "console.baud must lie between 50 and 4000000, not " + baud);
    }
    Durations.requireWithin(
        "console.idleTimeout", idleTimeout, Duration.ofSeconds(1), Duration.ofHours(24));
    Durations.requireWithin(
        "console.loginTimeout", loginTimeout, Duration.ofSeconds(1), Duration.ofHours(1));
  }

  public ConsoleSettings withDevices(List<String> next) {
    return new ConsoleSettings(Optional.of(next), baud, idleTimeout, loginTimeout);
  }

  public ConsoleSettings withBaud(int next) {
    return new ConsoleSettings(devices, next, idleTimeout, loginTimeout);
  }
}
