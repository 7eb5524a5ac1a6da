package io.gpuchassis.agent.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code outbound:} settings: their defaults, how the file sets them, and what is refused with
 * a clear message.
 */
class OutboundPolicyTest {

  @TempDir Path dir;

  private AgentConfig apply(String yaml) throws Exception {
    Path file = dir.resolve("agent.yaml");
    Files.writeString(file, yaml);
    return ConfigFile.apply(AgentConfig.defaults(), file);
  }

  private static InetAddress ip(String literal) throws Exception {
    return InetAddress.getByName(literal);
  }

  @Test
  void the_defaults_allow_https_to_the_management_network_and_nothing_internal() throws Exception {
    OutboundPolicy p = AgentConfig.defaults().outbound();
    assertEquals(OutboundPolicy.DEFAULT, p);
    assertFalse(p.allowHttp());
    for (String denied :
        List.of(
            "127.0.0.1",
            "127.255.0.9",
            "::1",
            "169.254.169.254",
            "fe80::1",
            "0.0.0.0",
            "::",
            "::ffff:127.0.0.1",
            "::ffff:169.254.169.254")) {
      assertTrue(p.denies(ip(denied)), denied);
    }
    for (String allowed :
        List.of("10.1.2.3", "192.168.0.10", "172.16.0.1", "192.0.2.1", "fd00::5", "2001:db8::1")) {
      assertFalse(p.denies(ip(allowed)), allowed);
    }
    assertEquals(10, p.maxSseStreams());
    assertEquals(5, p.sseStreamsPerAccount());
    assertEquals(2, p.sseStreamsReservedForManagers());
    assertEquals(256 * 1024, p.sseBufferBytes());
    assertEquals(Duration.ofSeconds(10), p.sseOverflowGrace());
    assertEquals(20, p.maxSubscriptions());
    assertEquals(10, p.subscriptionsPerAccount());
    assertEquals(5, p.subscriptionsReservedForManagers());
    assertEquals(Duration.ofMinutes(5), p.uploadDeadline());
    assertEquals(16L * 1024 * 1024, p.stagingFreeSpaceMarginBytes());
  }

  @Test
  void every_key_is_read_from_the_file_and_absent_ones_keep_their_defaults() throws Exception {
    OutboundPolicy p =
        apply(
                """
        outbound:
          allowHttp: true
          deniedNetworks: [169.254.0.0/16, "fe80::/10", 10.9.0.0/16]
          maxSseStreams: 12
          sseStreamsPerAccount: 3
          sseStreamsReservedForManagers: 4
          sseBufferBytes: 65536
          sseOverflowGrace: 2s
          maxSubscriptions: 30
          subscriptionsPerAccount: 7
          subscriptionsReservedForManagers: 6
          uploadDeadline: 90s
          stagingFreeSpaceMarginBytes: 1048576
        """)
            .outbound();
    assertTrue(p.allowHttp());
    assertFalse(p.denies(ip("127.0.0.1")), "the list given replaces the default one");
    assertTrue(p.denies(ip("10.9.200.1")));
    assertFalse(p.denies(ip("10.8.0.1")));
    assertEquals(
        List.of(12, 3, 4, 65536, 30, 7, 6),
        List.of(
            p.maxSseStreams(),
            p.sseStreamsPerAccount(),
            p.sseStreamsReservedForManagers(),
            p.sseBufferBytes(),
            p.maxSubscriptions(),
            p.subscriptionsPerAccount(),
            p.subscriptionsReservedForManagers()));
    assertEquals(Duration.ofSeconds(2), p.sseOverflowGrace());
    assertEquals(Duration.ofSeconds(90), p.uploadDeadline());
    assertEquals(1048576, p.stagingFreeSpaceMarginBytes());

    OutboundPolicy partial = apply("outbound:\n  allowHttp: true\n").outbound();
    assertEquals(OutboundPolicy.DEFAULT.withAllowHttp(true), partial);
    assertEquals(OutboundPolicy.DEFAULT, apply("outbound: {}\n").outbound());
  }

  @Test
  void bad_values_are_refused_naming_the_key() throws Exception {
    for (var bad :
        List.of(
            List.of(
                "outbound:\n  deniedNetworks: [\"example.com/8\"]\n", "outbound.deniedNetworks"),
            List.of("outbound:\n  deniedNetworks: [\"10.0.0.0/33\"]\n", "outbound.deniedNetworks"),
            List.of("outbound:\n  deniedNetworks: [\"10.0.0.0/\"]\n", "outbound.deniedNetworks"),
            List.of("outbound:\n  sseStreamsPerAccount: 11\n", "outbound.sseStreamsPerAccount"),
            List.of(
                "outbound:\n  sseStreamsReservedForManagers: 10\n",
                "outbound.sseStreamsReservedForManagers"),
            List.of("outbound:\n  sseBufferBytes: 100\n", "outbound.sseBufferBytes"),
            List.of(
                "outbound:\n  subscriptionsPerAccount: 0\n", "outbound.subscriptionsPerAccount"),
            List.of("outbound:\n  uploadDeadline: 1s\n", "outbound.uploadDeadline"),
            List.of("outbound:\n  uploadDeadline: soon\n", "outbound.uploadDeadline"),
            List.of(
                "outbound:\n  stagingFreeSpaceMarginBytes: -1\n",
                "outbound.stagingFreeSpaceMarginBytes"),
            List.of("outbound:\n  allowHtp: true\n", "allowHtp"))) {
      ConfigException e = assertThrows(ConfigException.class, () -> apply(bad.get(0)), bad.get(0));
      assertTrue(e.getMessage().contains(bad.get(1)), e.getMessage());
    }
  }

  @Test
  void networks_are_matched_by_prefix() {
    OutboundPolicy.Network net = OutboundPolicy.Network.parse("192.168.8.0/21");
    assertEquals("192.168.8.0/21", net.toString());
    assertTrue(net.contains(OutboundPolicy.Network.parse("192.168.15.255").address()));
    assertFalse(net.contains(OutboundPolicy.Network.parse("192.168.16.0").address()));
    assertFalse(
        net.contains(OutboundPolicy.Network.parse("::1").address()),
        "IPv6 is never in an IPv4 network");
    assertTrue(
        OutboundPolicy.Network.parse("0.0.0.0/0")
            .contains(OutboundPolicy.Network.parse("8.8.8.8").address()));
    assertEquals(128, OutboundPolicy.Network.parse("2001:db8::1").prefixLength());
  }
}
