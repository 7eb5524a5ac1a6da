package io.gpuchassis.agent.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.network.Ipv4Assignment.Origin;
import io.gpuchassis.agent.network.Ipv6Assignment.Scope;
import io.gpuchassis.agent.network.Ipv6Assignment.State;
import io.gpuchassis.agent.network.NetworkInterfaceInfo.Link;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The network view from fixture files in place of /proc, /sys, /etc and /run
 * (src/test/resources/.../network/host), with java.net's part stood in for: eth0 has addresses,
 * eth1 has none (so java.net does not list it), usb0 has a self-assigned address and a driver that
 * reports no operstate.
 */
class ManagementNetworkTest {

  private static final List<KernelInterface> LISTED =
      List.of(
          new KernelInterface(
              "lo", 1, true, true, 65536, Optional.empty(), List.of(prefixed("127.0.0.1", 8))),
          new KernelInterface(
              "usb0", 4, false, true, 1500, Optional.empty(), List.of(prefixed("169.254.3.7", 16))),
          new KernelInterface(
              "eth0",
              2,
              false,
              true,
              1500,
              Optional.of("02:00:00:AA:BB:01"),
              List.of(
                  prefixed("192.168.10.20", 24),
                  prefixed("192.168.10.21", 24),
                  prefixed("192.168.10.22", 24),
                  prefixed("192.168.10.23", 24),
                  prefixed("fe80::1:2ff:fe00:aabb", 64),
                  prefixed("2001:db8:0:1::20", 64),
                  prefixed("2001:db8:0:1::30", 64),
                  prefixed("2001:db8:0:1::40", 64),
                  prefixed("2001:db8:0:1::50", 64),
                  prefixed("2001:db8:0:1::60", 64),
                  prefixed("2001:db8:0:1::70", 64))));

  private final NetworkConfiguration view = new ManagementNetwork(fixture(), () -> LISTED).read();

  @Test
  void every_interface_but_loopback_in_kernel_index_order_also_those_java_net_does_not_list() {
    assertEquals(
        List.of("eth0", "eth1", "usb0"),
        view.interfaces().stream().map(NetworkInterfaceInfo::name).toList());
  }

  @Test
  void the_default_gateway_is_the_lowest_metric_default_route_that_is_up_and_has_a_gateway() {
    assertEquals(Optional.of("192.168.10.1"), eth("eth0").ipv4Gateway());
    assertEquals(Optional.empty(), eth("eth1").ipv4Gateway(), "a route that is not up");
    assertEquals(Optional.empty(), eth("usb0").ipv4Gateway(), "a default route without a gateway");
  }

  @Test
  void name_servers_come_from_resolv_conf_in_order_without_commented_lines() {
    assertEquals(List.of("192.168.10.53", "2001:db8::53"), view.nameServers());
  }

  @Test
  void the_host_name_is_the_kernels_and_the_fqdn_adds_the_resolver_domain() {
    assertEquals(Optional.of("chassis-17"), view.hostName());
    assertEquals(Optional.of("chassis-17.lab.example"), view.fqdn());
  }

  @Test
  void an_interface_with_link_has_its_sysfs_speed_state_and_permanent_address() {
    NetworkInterfaceInfo eth0 = eth("eth0");
    assertTrue(eth0.enabled());
    assertEquals(Link.UP, eth0.link());
    assertEquals(OptionalInt.of(1000), eth0.speedMbps());
    assertEquals(OptionalInt.of(1500), eth0.mtu());
    assertEquals(Optional.of("02:00:00:AA:BB:01"), eth0.macAddress());
    assertEquals(Optional.of("02:00:00:AA:BB:01"), eth0.permanentMacAddress());
  }

  @Test
  void an_interface_without_address_is_described_from_sysfs_alone() {
    NetworkInterfaceInfo eth1 = eth("eth1");
    assertFalse(eth1.enabled());
    assertEquals(Link.DOWN, eth1.link());
    assertEquals(OptionalInt.empty(), eth1.speedMbps());
    assertEquals(OptionalInt.of(9000), eth1.mtu());
    assertEquals(
        Optional.of("02:00:00:AA:BB:02"), eth1.macAddress(), "sysfs's lower case made upper");
    assertEquals(
        Optional.empty(),
        eth1.permanentMacAddress(),
        "addr_assign_type 3: set by someone, not burned in");
    assertEquals(List.of(), eth1.ipv4Addresses());
    assertEquals(List.of(), eth1.ipv6Addresses());
  }

  @Test
  void operstate_unknown_falls_back_to_the_carrier_and_speed_minus_one_is_unknown() {
    NetworkInterfaceInfo usb0 = eth("usb0");
    assertEquals(Link.UP, usb0.link());
    assertEquals(OptionalInt.empty(), usb0.speedMbps());
    assertEquals(Optional.of("02:11:22:33:44:55"), usb0.macAddress());
    assertEquals(Optional.empty(), usb0.permanentMacAddress(), "addr_assign_type 1: random");
  }

  @Test
  void
      an_address_is_dhcp_when_a_lease_names_it_static_when_the_configuration_does_link_local_when_self_assigned() {
    assertEquals(
        List.of(
            new Ipv4Assignment("192.168.10.20", 24, Optional.of(Origin.DHCP)),
            new Ipv4Assignment("192.168.10.21", 24, Optional.of(Origin.STATIC)),
            new Ipv4Assignment("192.168.10.22", 24, Optional.of(Origin.STATIC)),
            new Ipv4Assignment("192.168.10.23", 24, Optional.empty())),
        eth("eth0").ipv4Addresses(),
        ".21 is in ifupdown's eth0 stanza, .22 in a networkd file matching eth*, .23 is eth1's");
    assertEquals(
        List.of(new Ipv4Assignment("169.254.3.7", 16, Optional.of(Origin.LINK_LOCAL))),
        eth("usb0").ipv4Addresses());
  }

  @Test
  void ipv6_addresses_have_their_prefix_scope_rfc_5952_text_and_the_kernels_flags() {
    assertEquals(
        List.of(
            v6(
                "fe80::1:2ff:fe00:aabb",
                Scope.LINK_LOCAL,
                Ipv6Assignment.Origin.LINK_LOCAL,
                State.PREFERRED),
            v6("2001:db8:0:1::20", Scope.GLOBAL, null, State.PREFERRED),
            v6("2001:db8:0:1::30", Scope.GLOBAL, Ipv6Assignment.Origin.STATIC, State.PREFERRED),
            v6("2001:db8:0:1::40", Scope.GLOBAL, Ipv6Assignment.Origin.STATIC, State.TENTATIVE),
            v6("2001:db8:0:1::50", Scope.GLOBAL, null, State.DEPRECATED),
            v6("2001:db8:0:1::60", Scope.GLOBAL, Ipv6Assignment.Origin.STATIC, State.FAILED),
            v6("2001:db8:0:1::70", Scope.GLOBAL, null, null)),
        eth("eth0").ipv6Addresses(),
        "flags 0x80 permanent, 0x40 tentative, 0x20 deprecated, 0x08 DAD failed; ::70 is not in"
            + " if_inet6, so nothing is known of it");
  }

  private static Ipv6Assignment v6(
      String address, Scope scope, Ipv6Assignment.Origin origin, State state) {
    return new Ipv6Assignment(
        address, 64, scope, Optional.ofNullable(origin), Optional.ofNullable(state));
  }

  @Test
  void a_dotted_kernel_host_name_is_the_fqdn_and_its_first_label_the_host_name(@TempDir Path root)
      throws Exception {
    Files.createDirectories(root.resolve("proc/sys/kernel"));
    Files.writeString(root.resolve("proc/sys/kernel/hostname"), "gpu-box.dc1.example\n");
    NetworkConfiguration dotted = new ManagementNetwork(root, List::of).read();
    assertEquals(Optional.of("gpu-box"), dotted.hostName());
    assertEquals(Optional.of("gpu-box.dc1.example"), dotted.fqdn());
  }

  @Test
  void without_the_files_nothing_is_invented(@TempDir Path root) {
    NetworkConfiguration bare = new ManagementNetwork(root, () -> LISTED).read();
    assertEquals(List.of(), bare.nameServers());
    assertEquals(Optional.empty(), bare.hostName());
    assertEquals(Optional.empty(), bare.fqdn());
    NetworkInterfaceInfo eth0 = bare.find("eth0").orElseThrow();
    assertEquals(Optional.empty(), eth0.ipv4Gateway());
    assertEquals(Link.UNKNOWN, eth0.link());
    assertEquals(Optional.empty(), eth0.ipv4Addresses().get(0).origin());
    assertTrue(eth0.enabled(), "java.net's up flag, without sysfs");
  }

  private NetworkInterfaceInfo eth(String name) {
    return view.find(name).orElseThrow();
  }

  private static KernelInterface.Prefixed prefixed(String address, int prefix) {
    try {
      return new KernelInterface.Prefixed(InetAddress.getByName(address), prefix);
    } catch (Exception e) {
      throw new IllegalArgumentException(e);
    }
  }

  private static Path fixture() {
    try {
      return Path.of(ManagementNetworkTest.class.getResource("host").toURI());
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
