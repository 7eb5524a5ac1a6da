package io.gpuchassis.agent.sim.ethernet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.ethernet.DataPort;
import io.gpuchassis.agent.ethernet.PingSummary;
import io.gpuchassis.agent.ethernet.RoundTripProbe;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The simulated iputils ping: its peers, its output, its refusals, the added latency. */
class SimulatedPingTest {

  private static final DataPort P1 =
      new DataPort("NIC1", "1", "1", "enp1s0f0np0", "mlx5_0", 1, 100_000);
  private static final DataPort P2 =
      new DataPort("NIC1", "2", "2", "enp1s0f1np1", "mlx5_1", 1, 100_000);

  @TempDir Path root;
  private SimulatedDataPorts ports;

  @BeforeEach
  void tree() {
    ports = new SimulatedDataPorts(List.of(P1, P2), Clock.systemUTC(), root.resolve("ports"));
    ports.source(P1).read(); // writes the ports' sysfs
    ports.source(P2).read();
  }

  @AfterEach
  void close() {
    ports.close();
  }

  private String ping(String line) throws IOException {
    return ports.tools().run(List.of(line.split(" ")));
  }

  @Test
  void the_ports_peer_answers_in_some_twenty_microseconds_as_iputils_prints_it()
      throws IOException {
    String out = ping("ping -n -q -I enp1s0f0np0 -c 5 -i 0.2 -W 1 192.0.2.1");
    assertTrue(
        out.startsWith(
            "PING 192.0.2.1 (192.0.2.1) from 192.0.2.101 enp1s0f0np0: 56(84) bytes of data.\n"
                + "\n--- 192.0.2.1 ping statistics ---\n"
                + "5 packets transmitted, 5 received, 0% packet loss, time 801ms\n"
                + "rtt min/avg/max/mdev = 0.0"),
        out);
    PingSummary s = PingSummary.parse(out);
    long avg = s.rtt().orElseThrow().avgMicros();
    assertTrue(avg >= 18 && avg <= 25, out);
    String v6 = ping("ping -n -q -I enp1s0f1np1 -c 2 -i 0.2 -W 1 2001:db8::2");
    assertTrue(
        v6.startsWith(
            "PING 2001:db8::2(2001:db8::2) from 2001:db8::102 enp1s0f1np1: 56 data bytes\n"),
        v6);
    assertEquals(2, PingSummary.parse(v6).received());
  }

  @Test
  void another_ports_peer_or_an_unknown_one_answers_nothing() {
    RoundTripProbe probe = new RoundTripProbe(ports.tools(), 3);
    assertThrows(IOException.class, () -> ping("ping -n -q -I enp1s0f0np0 -c 3 192.0.2.2"));
    try {
      assertEquals(PingSummary.noReply(3), probe.probe(P1, "192.0.2.2"));
      assertEquals(PingSummary.noReply(3), probe.probe(P1, "198.51.100.7"));
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void bad_command_lines_fail_as_ping_does() {
    assertTrue(
        assertThrows(IOException.class, () -> ping("ping -n -q -I eth9 -c 1 192.0.2.1"))
            .getMessage()
            .endsWith("exited with 2: ping: SO_BINDTODEVICE eth9: No such device"));
    assertTrue(
        assertThrows(IOException.class, () -> ping("ping -n -q -I enp1s0f0np0 -c 1 -x 192.0.2.1"))
            .getMessage()
            .endsWith("exited with 2: ping: invalid option -- 'x'"));
    assertTrue(
        assertThrows(
                IOException.class, () -> ping("ping -n -q -I enp1s0f0np0 -c 1 -s 9000 192.0.2.1"))
            .getMessage()
            .startsWith("not simulated"));
    assertTrue(
        assertThrows(IOException.class, () -> ping("ping -n -q -I enp1s0f0np0 -c 0 192.0.2.1"))
            .getMessage()
            .endsWith(
                "exited with 1: ping: invalid argument: '0': out of range: 1 <= value <="
                    + " 9223372036854775807"));
  }

  @Test
  void added_latency_lasts_until_cleared() throws IOException {
    ports.addedLatency(P1, 250);
    long slow =
        PingSummary.parse(ping("ping -n -q -I enp1s0f0np0 -c 5 192.0.2.1"))
            .rtt()
            .orElseThrow()
            .avgMicros();
    assertTrue(slow >= 268 && slow <= 275, Long.toString(slow));
    long other =
        PingSummary.parse(ping("ping -n -q -I enp1s0f1np1 -c 5 192.0.2.2"))
            .rtt()
            .orElseThrow()
            .avgMicros();
    assertTrue(other <= 25, "the other port keeps its round trip");
    ports.addedLatency(P1, 0);
    assertTrue(
        PingSummary.parse(ping("ping -n -q -I enp1s0f0np0 -c 5 192.0.2.1"))
                .rtt()
                .orElseThrow()
                .avgMicros()
            <= 25);
  }
}
