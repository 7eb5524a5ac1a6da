package io.gpuchassis.agent.console.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.network.Ipv4Assignment;
import io.gpuchassis.agent.network.Ipv6Assignment;
import io.gpuchassis.agent.network.NetworkInterfaceInfo;
import io.gpuchassis.agent.network.NetworkInterfaceInfo.Link;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * The console's network page: every fact Redfish shows, in plain ASCII lines no wider than 80
 * columns.
 */
class NetworkViewTest {

  private static final NetworkInterfaceInfo ETH0 =
      new NetworkInterfaceInfo(
          "eth0",
          Optional.of("02:00:00:AA:BB:01"),
          Optional.of("02:00:00:AA:BB:01"),
          OptionalInt.of(1500),
          true,
          Link.UP,
          OptionalInt.of(1000),
          List.of(
              new Ipv4Assignment("192.168.10.20", 24, Optional.of(Ipv4Assignment.Origin.DHCP)),
              new Ipv4Assignment("192.168.10.21", 24, Optional.empty())),
          Optional.of("192.168.10.1"),
          List.of(
              new Ipv6Assignment("fe80::1:2ff:fe00:aabb", 64, Ipv6Assignment.Scope.LINK_LOCAL),
              new Ipv6Assignment("2001:db8:0:1::20", 64, Ipv6Assignment.Scope.GLOBAL)));

  private static final NetworkInterfaceInfo ETH1 =
      new NetworkInterfaceInfo(
          "eth1",
          Optional.empty(),
          Optional.empty(),
          OptionalInt.empty(),
          false,
          Link.DOWN,
          OptionalInt.empty(),
          List.of(),
          Optional.empty(),
          List.of());

  @Test
  void shows_host_name_name_servers_and_every_fact_of_each_interface() {
    List<String> lines =
        NetworkView.render(
            List.of(ETH0, ETH1),
            Optional.of("chassis-17"),
            Optional.of("chassis-17.lab.example"),
            List.of("192.168.10.53", "2001:db8::53"));
    assertEquals(
        List.of(
            "Host name     chassis-17",
            "FQDN          chassis-17.lab.example",
            "Name servers  192.168.10.53",
            "              2001:db8::53",
            "",
            "eth0: enabled, link up, 1000 Mb/s, MTU 1500",
            "  MAC      02:00:00:AA:BB:01",
            "  IPv4     192.168.10.20/24 (DHCP)",
            "           192.168.10.21/24",
            "  Gateway  192.168.10.1",
            "  IPv6     fe80::1:2ff:fe00:aabb/64 (link-local)",
            "           2001:db8:0:1::20/64",
            "",
            "eth1: disabled, link down, speed unknown, MTU unknown",
            "  MAC      (none)",
            "  IPv4     (none)",
            "  Gateway  (none)",
            "  IPv6     (none)"),
        lines);
  }

  @Test
  void says_so_when_there_is_nothing_to_show() {
    List<String> lines =
        NetworkView.render(List.of(), Optional.empty(), Optional.empty(), List.of());
    assertEquals(
        List.of("Host name     (none)", "Name servers  (none)", "", "No network interfaces."),
        lines);
  }

  @Test
  void long_or_foreign_values_stay_within_80_ascii_columns() {
    String longName = "very-long-host-name-".repeat(5) + "end";
    NetworkInterfaceInfo odd =
        new NetworkInterfaceInfo(
            "wlan\u00e9",
            Optional.empty(),
            Optional.empty(),
            OptionalInt.of(1500),
            true,
            Link.UNKNOWN,
            OptionalInt.empty(),
            List.of(),
            Optional.empty(),
            List.of(
                new Ipv6Assignment(
                    "2001:db8:1234:5678:9abc:def0:1234:5678", 128, Ipv6Assignment.Scope.GLOBAL)));
    List<String> lines =
        NetworkView.render(
            List.of(ETH0, odd), Optional.of(longName), Optional.empty(), List.of("10.0.0.1"));
    for (String line : lines) {
      assertTrue(line.length() <= NetworkView.WIDTH, () -> line.length() + " columns: " + line);
      assertTrue(
          line.chars().allMatch(c -> c >= 0x20 && c < 0x7F), () -> "not plain ASCII: " + line);
    }
    assertEquals(("Host name     " + longName).substring(0, 77) + "...", lines.get(0));
    assertTrue(
        lines.contains("wlan?: enabled, link unknown, speed unknown, MTU 1500"), lines::toString);
    assertTrue(
        lines.contains("  IPv6     2001:db8:1234:5678:9abc:def0:1234:5678/128"), lines::toString);
  }
}
