package io.gpuchassis.agent.network;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which ports some process listens on, from the kernel's socket tables. */
class ListeningSocketsTest {

  static final String HEADER =
      "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n";

  @TempDir Path root;

  @Test
  void tcp_listeners_and_unconnected_udp_sockets_count_connections_do_not() throws Exception {
    Path net = Files.createDirectories(root.resolve("proc/net"));
    Files.writeString(
        net.resolve("tcp"),
        HEADER
            + "   0: 00000000:0016 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1 1\n"
            + "   1: 0100007F:0050 0100007F:A000 01 00000000:00000000 00:00000000 00000000     0        0 2 1\n");
    Files.writeString(
        net.resolve("tcp6"),
        HEADER
            + "   0: 00000000000000000000000000000000:20FB 00000000000000000000000000000000:0000 0A 0:0 00:0 0 0 0 3 1\n");
    Files.writeString(
        net.resolve("udp"),
        HEADER
            + "   0: 00000000:026F 00000000:0000 07 00000000:00000000 00:00000000 00000000     0        0 4 2\n");
    ListeningSockets sockets = ListeningSockets.read(root).orElseThrow();
    assertTrue(sockets.tcp(22), "sshd listens");
    assertTrue(sockets.tcp(8443), "an IPv6 listener");
    assertFalse(sockets.tcp(80), "an established connection from port 80 is no listener");
    assertTrue(sockets.udp(623), "IPMI's port is bound");
    assertFalse(sockets.udp(161));
  }

  @Test
  void without_proc_net_nothing_is_known() {
    assertTrue(ListeningSockets.read(root).isEmpty());
  }
}
