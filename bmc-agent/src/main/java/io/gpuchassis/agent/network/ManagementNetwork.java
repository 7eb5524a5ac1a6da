package io.gpuchassis.agent.network;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Stream;

/**
 * The management processor's network configuration, read from the operating system each time it is
 * asked: the interfaces (all but loopback) from java.net and {@code /sys/class/net}, the default
 * IPv4 gateways from {@code /proc/net/route}, the IPv6 addresses' kernel flags from {@code
 * /proc/net/if_inet6}, the static IPv4 addresses from the network configuration ({@link
 * StaticAddresses}), the name servers from {@code /etc/resolv.conf}, the host name from the kernel;
 * the time synchronisation and the listening sockets on their own request. Nothing is cached here;
 * these reads block (files, netlink), so the Redfish layer makes them on a worker thread ({@code
 * ManagerOsState}).
 *
 * <p>All files are read below one root directory, so tests can put fixture files in their place.
 */
public final class ManagementNetwork {

  private final Path root;
  private final InterfaceSource source;

  ManagementNetwork(Path root, InterfaceSource source) {
    this.root = root;
    this.source = source;
  }

  /** The network of the machine the agent runs on. */
  public static ManagementNetwork ofHost() {
    return new ManagementNetwork(Path.of("/"), InterfaceSource.JAVA_NET);
  }

  /** The whole view: interfaces in kernel index order, host name and resolver. */
  public NetworkConfiguration read() {
    ResolverConfig resolver = ResolverConfig.read(root.resolve("etc/resolv.conf"));
    Optional<String> kernelName = kernelHostName();
    Optional<String> hostName =
        kernelName.map(n -> n.contains(".") ? n.substring(0, n.indexOf('.')) : n);
    Optional<String> fqdn =
        kernelName.flatMap(
            n -> n.contains(".") ? Optional.of(n) : resolver.domain().map(d -> n + "." + d));
    return new NetworkConfiguration(interfaces(), hostName, fqdn, resolver.nameServers());
  }

  /**
   * How the clock is kept: the NTP servers configured and whether a daemon runs (see {@link
   * TimeSync}).
   */
  public TimeSync timeSync() {
    return TimeSync.read(root);
  }

  /**
   * The ports some process listens on; empty where the kernel does not tell (see {@link
   * ListeningSockets}).
   */
  public Optional<ListeningSockets> listening() {
    return ListeningSockets.read(root);
  }

  /** The interfaces alone, loopback excluded, in kernel index order. */
  public List<NetworkInterfaceInfo> interfaces() {
    Map<String, String> gateways = RouteTable.defaultGateways(root.resolve("proc/net/route"));
    DhcpLeases leases = new DhcpLeases(root.resolve("run/systemd/netif/leases"));
    Ipv6AddressFlags v6Flags = Ipv6AddressFlags.read(root.resolve("proc/net/if_inet6"));
    StaticAddresses configured = StaticAddresses.read(root);
    Map<String, KernelInterface> listed = new LinkedHashMap<>();
    for (KernelInterface k : source.list()) {
      listed.put(k.name(), k);
    }
    List<Indexed> found = new ArrayList<>();
    for (String name : names(listed)) {
      SysfsInterface sysfs = new SysfsInterface(root.resolve("sys/class/net").resolve(name));
      Optional<KernelInterface> kernel = Optional.ofNullable(listed.get(name));
      boolean loopback =
          kernel
              .map(KernelInterface::loopback)
              .orElse((sysfs.flags().orElse(0) & SysfsInterface.IFF_LOOPBACK) != 0);
      if (loopback) {
        continue;
      }
      int index =
          kernel.map(KernelInterface::index).orElse(sysfs.ifindex().orElse(Integer.MAX_VALUE));
      found.add(
          new Indexed(
              index, describe(name, index, kernel, sysfs, gateways, leases, v6Flags, configured)));
    }
    return found.stream()
        .sorted(Comparator.comparingInt(Indexed::index))
        .map(Indexed::info)
        .toList();
  }

  private record Indexed(int index, NetworkInterfaceInfo info) {}

  /**
   * Those java.net lists, and those only sysfs knows (java.net skips interfaces without an
   * address).
   */
  private List<String> names(Map<String, KernelInterface> listed) {
    List<String> names = new ArrayList<>(listed.keySet());
    try (Stream<Path> dirs = Files.list(root.resolve("sys/class/net"))) {
      dirs.map(p -> p.getFileName().toString())
          .filter(n -> !listed.containsKey(n))
          .sorted()
          .forEach(names::add);
    } catch (NoSuchFileException e) {
      // no sysfs (not Linux): java.net's list is all there is
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return names;
  }

  private static NetworkInterfaceInfo describe(
      String name,
      int index,
      Optional<KernelInterface> kernel,
      SysfsInterface sysfs,
      Map<String, String> gateways,
      DhcpLeases leases,
      Ipv6AddressFlags v6Flags,
      StaticAddresses configured) {
    Optional<String> mac = kernel.flatMap(KernelInterface::macAddress).or(sysfs::address);
    Optional<String> permanent = sysfs.addressIsPermanent() ? mac : Optional.empty();
    OptionalInt mtu = kernel.map(k -> OptionalInt.of(k.mtu())).orElse(sysfs.mtu());
    OptionalInt flags = sysfs.flags();
    boolean enabled =
        flags.isPresent()
            ? (flags.getAsInt() & SysfsInterface.IFF_UP) != 0
            : kernel.map(KernelInterface::up).orElse(false);
    NetworkInterfaceInfo.Link link = link(sysfs);
    Optional<String> leased = leases.leasedAddress(index);
    List<Ipv4Assignment> ipv4 = new ArrayList<>();
    List<Ipv6Assignment> ipv6 = new ArrayList<>();
    for (KernelInterface.Prefixed a : kernel.map(KernelInterface::addresses).orElse(List.of())) {
      if (a.address() instanceof Inet4Address v4) {
        String text = v4.getHostAddress();
        Optional<Ipv4Assignment.Origin> origin =
            v4.isLinkLocalAddress()
                ? Optional.of(Ipv4Assignment.Origin.LINK_LOCAL)
                : leased.isPresent() && leased.get().equals(text)
                    ? Optional.of(Ipv4Assignment.Origin.DHCP)
                    : configured.assigns(name, text)
                        ? Optional.of(Ipv4Assignment.Origin.STATIC)
                        : Optional.empty();
        ipv4.add(new Ipv4Assignment(text, a.prefixLength(), origin));
      } else if (a.address() instanceof Inet6Address v6) {
        boolean linkLocal = v6.isLinkLocalAddress();
        Optional<Ipv6Assignment.Origin> origin =
            linkLocal
                ? Optional.of(Ipv6Assignment.Origin.LINK_LOCAL)
                : v6Flags.permanent(name, v6.getAddress())
                    ? Optional.of(Ipv6Assignment.Origin.STATIC)
                    : Optional.empty();
        ipv6.add(
            new Ipv6Assignment(
                Ipv6Text.format(v6.getAddress()),
                a.prefixLength(),
                linkLocal ? Ipv6Assignment.Scope.LINK_LOCAL : Ipv6Assignment.Scope.GLOBAL,
                origin,
                v6Flags.state(name, v6.getAddress())));
      }
    }
    return new NetworkInterfaceInfo(
        name,
        mac,
        permanent,
        mtu,
        enabled,
        link,
        link == NetworkInterfaceInfo.Link.UP ? sysfs.speedMbps() : OptionalInt.empty(),
        ipv4,
        Optional.ofNullable(gateways.get(name)),
        ipv6);
  }

  /**
   * RFC 2863 operstate; drivers that do not track it say "unknown", and then the carrier file
   * decides.
   */
  private static NetworkInterfaceInfo.Link link(SysfsInterface sysfs) {
    String state = sysfs.operstate().orElse("unknown");
    switch (state) {
      case "up":
        return NetworkInterfaceInfo.Link.UP;
      case "down":
      case "lowerlayerdown":
      case "notpresent":
      case "dormant":
        return NetworkInterfaceInfo.Link.DOWN;
      default:
        OptionalInt carrier = sysfs.carrier();
        if (carrier.isEmpty()) {
          return NetworkInterfaceInfo.Link.UNKNOWN;
        }
        return carrier.getAsInt() == 1
            ? NetworkInterfaceInfo.Link.UP
            : NetworkInterfaceInfo.Link.DOWN;
    }
  }

  /** {@code /proc/sys/kernel/hostname}, else {@code /etc/hostname}. */
  private Optional<String> kernelHostName() {
    for (Path file :
        List.of(root.resolve("proc/sys/kernel/hostname"), root.resolve("etc/hostname"))) {
      try {
        String name = Files.readString(file).strip();
        if (!name.isEmpty() && !name.equals("(none)")) {
          return Optional.of(name);
        }
      } catch (IOException e) {
        // try the next source
      }
    }
    return Optional.empty();
  }
}
