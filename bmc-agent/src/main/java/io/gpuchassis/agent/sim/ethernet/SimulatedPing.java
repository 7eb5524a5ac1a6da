package io.gpuchassis.agent.sim.ethernet;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * iputils 20221126's {@code ping} (Debian 12) for the probe's command line, {@code ping -n -q -I
 * <if> -c <count> -i <interval> -W <timeout> <address>}: a peer the tree declares reachable through
 * the interface ({@code tool-state/<if>/ping-peers}) answers every echo in 18 to 25 µs, plus what
 * an added-latency fault adds ({@code added-latency-us}), and ping prints its header and its
 * statistics block as {@code ping_common.c finish()} does. An unknown peer, another interface's
 * peer or an interface without carrier answers nothing: 100 % loss, exit status 1. An interface the
 * tree does not have fails as {@code SO_BINDTODEVICE} does (status 2), an option ping does not have
 * as getopt does (status 2), ping's other options as not simulated. Answers at once: the echoes'
 * spacing is in the printed time, not waited for.
 */
final class SimulatedPing implements SimulatedTool {

  /** ping's other options (ping/ping.c's getopt string), which the simulation does not take. */
  private static final String REAL_OPTIONS = "aAbBCdDefhlLmMOpQrRsStTUvVw46FN";

  @Override
  public String run(Path root, List<String> arguments) throws IOException {
    String device = null;
    int count = -1;
    String destination = null;
    boolean numeric = false;
    boolean quiet = false;
    for (int i = 0; i < arguments.size(); i++) {
      String a = arguments.get(i);
      if (!a.startsWith("-") || a.length() == 1) {
        if (destination != null) {
          // ping takes the last one as the target, the ones before as hops to route through
          throw new IOException("not simulated: ping " + arguments + " (hops before the target)");
        }
        destination = a;
        continue;
      }
      if (a.length() != 2) {
        throw new IOException("not simulated: ping " + arguments + " (" + a + ")");
      }
      char option = a.charAt(1);
      switch (option) {
        case 'n' -> numeric = true;
        case 'q' -> quiet = true;
        case 'I', 'c', 'i', 'W' -> {
          if (i + 1 >= arguments.size()) {
            throw ToolExit.of(
                "ping", arguments, 2, "ping: option requires an argument -- '" + option + "'");
          }
          String value = arguments.get(++i);
          switch (option) {
            case 'I' -> device = value;
            case 'c' -> count = count(arguments, value);
            case 'i' -> seconds(arguments, value);
            default -> seconds(arguments, value);
          }
        }
        default -> {
          if (REAL_OPTIONS.indexOf(option) >= 0) {
            throw new IOException("not simulated: ping " + arguments + " (" + a + ")");
          }
          throw ToolExit.of("ping", arguments, 2, "ping: invalid option -- '" + option + "'");
        }
      }
    }
    if (destination == null) {
      // error(1, EDESTADDRREQ, "usage error"): exit 1, as no reply
      throw ToolExit.of("ping", arguments, 1, "ping: usage error: Destination address required");
    }
    if (!numeric || !quiet || device == null || count < 1) {
      throw new IOException(
          "not simulated: ping " + arguments + " (the simulation answers -n -q -I <if> -c <n>)");
    }
    InetAddress target = literal(destination, arguments);
    SimulatedToolState state = new SimulatedToolState(root, device);
    if (!state.exists()) {
      throw ToolExit.of(
          "ping", arguments, 2, "ping: SO_BINDTODEVICE " + device + ": No such device");
    }
    Optional<String[]> peer =
        state.pingPeers().stream().filter(p -> same(p[0], target)).findFirst();
    boolean v6 = target instanceof java.net.Inet6Address;
    String source =
        peer.map(p -> p[1]).orElse(v6 ? "::" : "0.0.0.0"); // the interface's own address
    String header =
        v6
            ? "PING "
                + destination
                + "("
                + destination
                + ") from "
                + source
                + " "
                + device
                + ": 56 data bytes\n"
            : "PING "
                + destination
                + " ("
                + destination
                + ") from "
                + source
                + " "
                + device
                + ": 56(84) bytes of data.\n";
    long elapsedMs = (count - 1) * 200L + (count > 1 ? 1 : 0);
    if (peer.isEmpty() || !carrier(root, device)) {
      // echoes unanswered: ping prints the counts only (100% packet loss) on standard output,
      // which a failing tool's caller does not read, nothing on standard error, and exits 1
      throw ToolExit.of("ping", arguments, 1, "");
    }
    long added = state.addedLatencyMicros();
    long[] trips = new long[count];
    ThreadLocalRandom random = ThreadLocalRandom.current();
    for (int k = 0; k < count; k++) {
      trips[k] = 18 + random.nextInt(8) + added;
    }
    return header
        + "\n--- "
        + destination
        + " ping statistics ---\n"
        + count
        + " packets transmitted, "
        + count
        + " received, 0% packet loss, time "
        + elapsedMs
        + "ms\n"
        + rtt(trips)
        + "\n";
  }

  /** finish()'s rtt line: integer microseconds, mdev as its integer square root of the variance. */
  static String rtt(long[] trips) {
    long min = Long.MAX_VALUE;
    long max = 0;
    long sum = 0;
    long sum2 = 0;
    for (long t : trips) {
      min = Math.min(min, t);
      max = Math.max(max, t);
      sum += t;
      sum2 += t * t;
    }
    long n = trips.length;
    long avg = sum / n;
    long var = (sum2 - (sum * sum) / n) / n;
    long mdev = (long) Math.floor(Math.sqrt((double) var));
    return "rtt min/avg/max/mdev = "
        + ms(min)
        + "/"
        + ms(avg)
        + "/"
        + ms(max)
        + "/"
        + ms(mdev)
        + " ms";
  }

  private static String ms(long micros) {
    return String.format("%d.%03d", micros / 1000, micros % 1000);
  }

  private static boolean carrier(Path root, String device) throws IOException {
    Path carrier = root.resolve("sys/class/net").resolve(device).resolve("carrier");
    return !Files.isRegularFile(carrier) || Files.readString(carrier).strip().equals("1");
  }

  private static boolean same(String a, InetAddress target) {
    try {
      return InetAddress.getByName(a).equals(target);
    } catch (UnknownHostException e) {
      return false;
    }
  }

  /** An address literal; ping -n resolves no names, and the simulation has no resolver. */
  private static InetAddress literal(String destination, List<String> arguments)
      throws IOException {
    boolean v4 = destination.matches("\\d{1,3}(\\.\\d{1,3}){3}");
    boolean v6 = destination.contains(":") && destination.matches("[0-9A-Fa-f:.]+");
    if (v4 || v6) {
      try {
        return InetAddress.getByName(destination);
      } catch (UnknownHostException e) {
        // falls through to ping's own failure
      }
    }
    throw ToolExit.of("ping", arguments, 2, "ping: " + destination + ": Name or service not known");
  }

  /**
   * {@code -c} as iputils' {@code strtol_or_err(optarg, "invalid argument", 1, LONG_MAX)} reads it:
   * its failures exit 1, as no reply does. The simulation answers at most 100 000 echoes.
   */
  private static int count(List<String> arguments, String value) throws IOException {
    long v;
    try {
      v = Long.parseLong(value);
    } catch (NumberFormatException e) {
      throw ToolExit.of("ping", arguments, 1, "ping: invalid argument: '" + value + "'");
    }
    if (v < 1) {
      throw ToolExit.of(
          "ping",
          arguments,
          1,
          "ping: invalid argument: '" + value + "': out of range: 1 <= value <= " + Long.MAX_VALUE);
    }
    if (v > 100_000) {
      throw new IOException("not simulated: ping " + arguments + " (-c " + value + ")");
    }
    return (int) v;
  }

  /**
   * {@code -i} and {@code -W}: a plain decimal number of seconds; ping's leniency with garbage (a
   * warning, then what strtod read) is not simulated.
   */
  private static void seconds(List<String> arguments, String value) throws IOException {
    if (!value.matches("\\d{1,6}(\\.\\d{1,6})?")) {
      throw new IOException("not simulated: ping " + arguments + " (" + value + ")");
    }
  }
}
