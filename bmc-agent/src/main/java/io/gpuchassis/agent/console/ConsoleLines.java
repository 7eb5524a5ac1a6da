package io.gpuchassis.agent.console;

/** Picks the console line a configuration names: "stdio" or the path of a serial device. */
public final class ConsoleLines {

  /** The name that means the terminal the agent was started from. */
  public static final String STDIO = "stdio";

  private ConsoleLines() {}

  /**
   * The line {@code deviceOrStdio} names. Nothing is opened yet: a serial device is opened (and
   * waited for, if it does not exist yet) by {@link ConsoleLine#serve}.
   *
   * @param baud the serial speed, ignored for stdio
   */
  public static ConsoleLine open(String deviceOrStdio, int baud) {
    if (deviceOrStdio == null || deviceOrStdio.isBlank()) {
      throw new IllegalArgumentException("a console line needs a device path or \"stdio\"");
    }
    if (STDIO.equals(deviceOrStdio.trim())) {
      return new StdioConsoleLine();
    }
    return new SerialConsoleLine(deviceOrStdio.trim(), baud);
  }
}
