package io.gpuchassis.agent.ethernet;

import java.util.regex.Pattern;

/**
 * Which {@code ethtool -S} counters of an mlx5 port count PFC pause frames: one per priority,
 * printed only for priorities with PFC on ({@code rx_prio3_pause}, {@code tx_prio3_pause}).
 */
public final class PfcFrames {

  private static final Pattern RECEIVED = Pattern.compile("rx_prio[0-7]_pause");
  private static final Pattern SENT = Pattern.compile("tx_prio[0-7]_pause");

  private PfcFrames() {}

  /** A counter of pause frames received on one priority. */
  public static boolean received(String counter) {
    return RECEIVED.matcher(counter).matches();
  }

  /** A counter of pause frames sent on one priority. */
  public static boolean sent(String counter) {
    return SENT.matcher(counter).matches();
  }
}
