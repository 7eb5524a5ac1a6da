package io.gpuchassis.agent.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

class FreePortsTest {

  @Test
  void a_free_port_lies_below_the_ephemeral_range_and_can_be_bound() throws Exception {
    int start = FreePorts.ephemeralStart();
    for (int i = 0; i < 20; i++) {
      int port = FreePorts.free();
      assertTrue(
          port >= FreePorts.LOWEST && port < start,
          port + " lies outside [" + FreePorts.LOWEST + ", " + start + ")");
      try (ServerSocket agent = new ServerSocket()) {
        agent.bind(new InetSocketAddress(port));
      }
    }
  }
}
