package io.gpuchassis.agent.sim;

import io.gpuchassis.switchdrv.sim.MoeServer;
import io.gpuchassis.switchdrv.sim.SimulatedSwitch;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The MoE endpoints of a simulated board's chips: one per chip, as on real hardware, all on the
 * same port, chip {@code k} (its position in the board's switch list) on loopback address {@code
 * 127.0.0.(k+1)}. One port for all lets an agent in another process find every chip from one {@code
 * host:port}, and lets switchtec-user, which always connects to port 54545, reach each chip as
 * {@code 127.0.0.(k+1):0}.
 */
final class MoeEndpoints implements AutoCloseable {

  private static final int ATTEMPTS = 5;

  private final List<MoeServer> servers;
  private final InetSocketAddress base;

  private MoeEndpoints(List<MoeServer> servers, InetSocketAddress base) {
    this.servers = servers;
    this.base = base;
  }

  /**
   * Serves {@code chips} (position k to chip, null for a chip not served over MoE) on {@code port}
   * (0 = a free port, the same for every chip).
   */
  static MoeEndpoints start(Map<Integer, SimulatedSwitch> chips, int port) throws IOException {
    IOException last = null;
    for (int attempt = 0; attempt < (port == 0 ? ATTEMPTS : 1); attempt++) {
      List<MoeServer> servers = new ArrayList<>();
      int chosen = port;
      try {
        for (var chip : chips.entrySet()) {
          MoeServer s =
              MoeServer.start(
                  Map.of(0, chip.getValue()), new InetSocketAddress(host(chip.getKey()), chosen));
          servers.add(s);
          chosen = s.address().getPort();
        }
        return new MoeEndpoints(servers, new InetSocketAddress(host(0), chosen));
      } catch (IOException e) {
        servers.forEach(MoeServer::close);
        last = e; // a free port on 127.0.0.1 may be taken on another loopback address: retry
      }
    }
    throw last;
  }

  /** Loopback address of chip {@code k}: 127.0.0.(k+1). */
  static InetAddress host(int k) throws UnknownHostException {
    if (k < 0 || k > 253) {
      throw new IllegalArgumentException("at most 254 chips are served over MoE");
    }
    return InetAddress.getByAddress(new byte[] {127, 0, 0, (byte) (k + 1)});
  }

  /** Where chip {@code k} of a board served from {@code base} is: same port, next addresses. */
  static InetSocketAddress of(InetSocketAddress base, int k) {
    byte[] a = base.getAddress().getAddress();
    if (a.length != 4) {
      throw new IllegalArgumentException("MoE endpoints of a simulated board are on IPv4 loopback");
    }
    a[3] = (byte) ((a[3] & 0xFF) + k);
    try {
      return new InetSocketAddress(InetAddress.getByAddress(a), base.getPort());
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException(e);
    }
  }

  /** Chip 0's endpoint; chip k's is {@link #of(InetSocketAddress, int)}. */
  InetSocketAddress base() {
    return base;
  }

  @Override
  public void close() {
    servers.forEach(MoeServer::close);
  }
}
