package io.gpuchassis.agent.ethernet;

import java.io.IOException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What iputils' {@code ping -q} printed at its end ({@code ping/ping_common.c finish()}): "N
 * packets transmitted, M received[, +D duplicates][, +E errors], X% packet loss, time Tms" and,
 * when a reply came, "rtt min/avg/max/mdev = a/b/c/d ms", each figure in milliseconds with exactly
 * three decimals, so read here as whole microseconds.
 *
 * @param transmitted echo requests sent
 * @param received echo replies received (duplicates not counted)
 * @param lossPercent the loss as ping prints it ({@code %g}: 0, 40, 33.3333, 100)
 * @param rtt the round-trip times; empty when no reply came
 */
public record PingSummary(
    int transmitted, int received, double lossPercent, Optional<PingSummary.Rtt> rtt) {

  /** The round trips of the replies, in microseconds. */
  public record Rtt(long minMicros, long avgMicros, long maxMicros, long mdevMicros) {}

  private static final Pattern COUNTS =
      Pattern.compile(
          "(?m)^(\\d+) packets transmitted, (\\d+) received(?:, \\+\\d+ [a-z]+)*,"
              + " ([0-9.]+)% packet loss(?:, time \\d+ms)?$");

  private static final Pattern RTT =
      Pattern.compile(
          "(?m)^rtt min/avg/max/mdev = (\\d+\\.\\d{3})/(\\d+\\.\\d{3})/(\\d+\\.\\d{3})/(\\d+\\.\\d{3})"
              + " ms(?:, .*)?$");

  /** No reply to any of {@code count} requests: what ping's exit status 1 says. */
  public static PingSummary noReply(int count) {
    return new PingSummary(count, 0, 100, Optional.empty());
  }

  /** Whether every request went unanswered. */
  public boolean noReplies() {
    return received == 0;
  }

  /**
   * @throws IOException when the output has no statistics block, or replies without their times
   */
  public static PingSummary parse(String output) throws IOException {
    Matcher counts = COUNTS.matcher(output);
    if (!counts.find()) {
      throw new IOException("ping printed no statistics: " + firstLine(output));
    }
    int transmitted = Integer.parseInt(counts.group(1));
    int received = Integer.parseInt(counts.group(2));
    double loss = Double.parseDouble(counts.group(3));
    Matcher rtt = RTT.matcher(output);
    if (!rtt.find()) {
      if (received > 0) {
        throw new IOException("ping printed replies without round-trip times");
      }
      return new PingSummary(transmitted, received, loss, Optional.empty());
    }
    return new PingSummary(
        transmitted,
        received,
        loss,
        Optional.of(
            new Rtt(
                micros(rtt.group(1)),
                micros(rtt.group(2)),
                micros(rtt.group(3)),
                micros(rtt.group(4)))));
  }

  /** "0.021" ms, as {@code %ld.%03ld}, is 21 µs exactly. */
  private static long micros(String ms) {
    int dot = ms.indexOf('.');
    return Long.parseLong(ms.substring(0, dot)) * 1000 + Long.parseLong(ms.substring(dot + 1));
  }

  private static String firstLine(String output) {
    String s = output.strip();
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
