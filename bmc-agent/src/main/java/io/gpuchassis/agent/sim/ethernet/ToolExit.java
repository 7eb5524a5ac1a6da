package io.gpuchassis.agent.sim.ethernet;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A simulated tool's non-zero exit, worded as the agent's process runner words a real one's: the
 * command, the exit status and what the tool printed on standard error.
 */
final class ToolExit {

  private ToolExit() {}

  static IOException of(String tool, List<String> arguments, int status, String stderr) {
    List<String> command = new ArrayList<>();
    command.add(tool);
    command.addAll(arguments);
    return new IOException(
        command
            + " exited with "
            + status
            + ": "
            + stderr.strip().replaceAll("\\s*\\n\\s*", " / "));
  }

  /** iproute2's {@code matches(arg, word)}: {@code arg} is a non-empty prefix of {@code word}. */
  static boolean matches(String arg, String word) {
    return !arg.isEmpty() && word.startsWith(arg);
  }

  /**
   * C's {@code strtoul(arg, &end, 0)} over the whole argument, as iproute2's {@code get_u8}, {@code
   * get_unsigned} and {@code get_integer} read numbers: decimal, {@code 0x} hex or {@code 0} octal,
   * nothing after the digits; empty when it is no such number or above {@code max}.
   */
  static java.util.OptionalLong number(String arg, long max) {
    String s = arg.startsWith("+") ? arg.substring(1) : arg;
    int radix = 10;
    if (s.startsWith("0x") || s.startsWith("0X")) {
      radix = 16;
      s = s.substring(2);
    } else if (s.length() > 1 && s.startsWith("0")) {
      radix = 8;
      s = s.substring(1);
    }
    if (s.isEmpty() || !s.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
      return java.util.OptionalLong.empty();
    }
    try {
      long value = Long.parseLong(s, radix);
      return value <= max ? java.util.OptionalLong.of(value) : java.util.OptionalLong.empty();
    } catch (NumberFormatException e) {
      return java.util.OptionalLong.empty();
    }
  }
}
