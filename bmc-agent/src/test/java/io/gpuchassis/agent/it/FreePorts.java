package io.gpuchassis.agent.it;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Ports for an agent process or a tool a test starts, chosen below the kernel's ephemeral range. A
 * port from {@code new ServerSocket(0)} is an ephemeral one: between the test's choice and the
 * agent's bind, or between two starts of an agent on it, any client socket of this machine can be
 * given it, the agent's own connections to the simulated switches among them, and the agent then
 * fails to start with "Address already in use". The kernel never hands out the ports below the
 * range on its own.
 */
final class FreePorts {

  static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");

  /** The lowest port chosen: above the well-known and most registered service ports. */
  static final int LOWEST = 10_000;

  private FreePorts() {}

  /** A port below the ephemeral range that nothing listens on now. */
  static int free() {
    int below = ephemeralStart();
    if (below - LOWEST < 1_000) {
      throw new IllegalStateException(
          "the ephemeral port range starts at " + below + ": too few ports below it for tests");
    }
    for (int attempt = 0; attempt < 200; attempt++) {
      int candidate = ThreadLocalRandom.current().nextInt(LOWEST, below);
      if (bindable(candidate)) {
        return candidate;
      }
    }
    throw new IllegalStateException("no free port between " + LOWEST + " and " + below);
  }

  /** The first port of the kernel's ephemeral range (Linux's default where it cannot be read). */
  static int ephemeralStart() {
    try {
      // Lines, not Files.readString: JDK 17 reads one byte of this zero-sized proc file that way
      return Integer.parseInt(Files.readAllLines(EPHEMERAL_RANGE).get(0).trim().split("\\s+")[0]);
    } catch (IOException e) {
      return 32_768;
    }
  }

  private static boolean bindable(int port) {
    try (ServerSocket probe = new ServerSocket()) {
      probe.bind(new InetSocketAddress(port));
      return true;
    } catch (IOException taken) {
      return false;
    }
  }
}
