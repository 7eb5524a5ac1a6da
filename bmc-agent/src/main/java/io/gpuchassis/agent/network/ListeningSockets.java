package io.gpuchassis.agent.network;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The ports on which some process of the management processor accepts connections (TCP sockets in
 * LISTEN) or datagrams (bound UDP sockets without a peer), from {@code /proc/net/tcp}, {@code
 * tcp6}, {@code udp} and {@code udp6}: which network services run, whatever runs them.
 */
public final class ListeningSockets {

  private static final String TCP_LISTEN = "0A";
  private static final String UDP_UNCONNECTED = "07";

  private final Set<Integer> tcp;
  private final Set<Integer> udp;

  private ListeningSockets(Set<Integer> tcp, Set<Integer> udp) {
    this.tcp = Set.copyOf(tcp);
    this.udp = Set.copyOf(udp);
  }

  /** Empty when the kernel has no {@code /proc/net} to read (not Linux): then nothing is known. */
  static Optional<ListeningSockets> read(Path root) {
    Path net = root.resolve("proc/net");
    if (!Files.isRegularFile(net.resolve("tcp"))) {
      return Optional.empty();
    }
    Set<Integer> tcp = new HashSet<>();
    Set<Integer> udp = new HashSet<>();
    collect(net.resolve("tcp"), TCP_LISTEN, tcp);
    collect(net.resolve("tcp6"), TCP_LISTEN, tcp);
    collect(net.resolve("udp"), UDP_UNCONNECTED, udp);
    collect(net.resolve("udp6"), UDP_UNCONNECTED, udp);
    return Optional.of(new ListeningSockets(tcp, udp));
  }

  public boolean tcp(int port) {
    return tcp.contains(port);
  }

  public boolean udp(int port) {
    return udp.contains(port);
  }

  /**
   * Lines like {@code "0: 00000000:0016 00000000:0000 0A ..."}: local address:port (hex), remote,
   * state.
   */
  private static void collect(Path table, String state, Set<Integer> ports) {
    List<String> lines;
    try {
      lines = Files.readAllLines(table);
    } catch (IOException e) {
      return; // no IPv6, or hidden: that family has none to tell
    }
    for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
      String[] f = line.strip().split("\\s+");
      if (f.length < 4 || !f[3].equals(state)) {
        continue;
      }
      int colon = f[1].lastIndexOf(':');
      try {
        ports.add(Integer.parseInt(f[1].substring(colon + 1), 16));
      } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
        // not a socket line
      }
    }
  }
}
