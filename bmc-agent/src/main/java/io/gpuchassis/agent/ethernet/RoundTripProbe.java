package io.gpuchassis.agent.ethernet;

import java.io.IOException;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One round-trip probe of a data-path port: iputils' {@code ping -n -q -I <netdev> -c <count> -i
 * 0.2 -W 1 <peer>} through the port, its statistics read as a {@link PingSummary}. ping exits 1
 * when no reply came (its statistics then only say so: a loss of 100 %), 2 on any other error (an
 * interface it cannot bind to, an address it cannot reach), which stays an {@link IOException}.
 *
 * <p>ICMP echo through the kernel is not an RDMA round trip: to the path (NICs, cables, switches)
 * it adds both hosts' network stacks and interrupt handling, which RoCE bypasses; its figure is
 * therefore above RoCE's between the same ports, never RoCE's own, while what the path adds (a
 * congested or misrouted switch) shows in both. It needs nothing on the peer but its kernel, where
 * perftest's {@code ib_send_lat} would need a server process there.
 */
public final class RoundTripProbe {

  /** How a {@link ProcessToolRunner} or a simulated tool words exit status 1. */
  private static final Pattern EXIT_1 = Pattern.compile(" exited with 1(:|$)");

  private final ToolRunner tools;
  private final int count;

  public RoundTripProbe(ToolRunner tools, int count) {
    if (count < 1) {
      throw new IllegalArgumentException("count must be positive");
    }
    this.tools = tools;
    this.count = count;
  }

  /**
   * How long ping may take for {@code count} echoes: 0.2 s between them, then at most the 1 s of
   * {@code -W} for the last reply, and 5 s to spare for a loaded host.
   */
  public static java.time.Duration runTime(int count) {
    return java.time.Duration.ofMillis((count - 1) * 200L + 1000 + 5000);
  }

  /** ping's command line for {@code port} and {@code peer} (an address literal). */
  public List<String> command(DataPort port, String peer) {
    return List.of(
        "ping",
        "-n",
        "-q",
        "-I",
        port.netdev(),
        "-c",
        Integer.toString(count),
        "-i",
        "0.2",
        "-W",
        "1",
        peer);
  }

  /**
   * @throws IOException when ping could not probe (exit status 2, not run, no statistics)
   */
  public PingSummary probe(DataPort port, String peer) throws IOException {
    String output;
    try {
      output = tools.run(command(port, peer));
    } catch (IOException e) {
      if (e.getMessage() != null && EXIT_1.matcher(e.getMessage()).find()) {
        return PingSummary.noReply(count);
      }
      throw e;
    }
    return PingSummary.parse(output);
  }
}
