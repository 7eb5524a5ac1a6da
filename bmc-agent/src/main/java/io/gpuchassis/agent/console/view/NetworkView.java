package io.gpuchassis.agent.console.view;

import io.gpuchassis.agent.network.Ipv4Assignment;
import io.gpuchassis.agent.network.Ipv6Assignment;
import io.gpuchassis.agent.network.NetworkConfiguration;
import io.gpuchassis.agent.network.NetworkInterfaceInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The serial console's page of the management network: host name, name servers, then per interface
 * its state, MAC, addresses and gateway, the same facts the Redfish EthernetInterfaces show. Plain
 * ASCII lines of at most {@value #WIDTH} columns, so any terminal on the serial line shows them
 * unwrapped.
 */
public final class NetworkView {

  /** The widest line rendered. */
  public static final int WIDTH = 80;

  /** An interface's fact under its name: label column, then the value. */
  private static final String LABEL = "  %-9s%s";

  /** A host-wide fact. */
  private static final String HOST = "%-14s%s";

  private NetworkView() {}

  /**
   * The page of a whole configuration, as {@link
   * io.gpuchassis.agent.network.ManagementNetwork#read()} gives it.
   */
  public static List<String> render(NetworkConfiguration network) {
    return render(network.interfaces(), network.hostName(), network.fqdn(), network.nameServers());
  }

  /**
   * @param interfaces in the order shown
   * @param hostName empty when the system has none
   * @param fqdn the fully qualified name, when known
   * @param nameServers in the order the resolver asks them
   */
  public static List<String> render(
      List<NetworkInterfaceInfo> interfaces,
      Optional<String> hostName,
      Optional<String> fqdn,
      List<String> nameServers) {
    List<String> lines = new ArrayList<>();
    lines.add(String.format(HOST, "Host name", hostName.orElse("(none)")));
    fqdn.ifPresent(f -> lines.add(String.format(HOST, "FQDN", f)));
    list(lines, HOST, "Name servers", nameServers);
    if (interfaces.isEmpty()) {
      lines.add("");
      lines.add("No network interfaces.");
    }
    for (NetworkInterfaceInfo nif : interfaces) {
      lines.add("");
      lines.add(nif.name() + ": " + state(nif));
      lines.add(String.format(LABEL, "MAC", nif.macAddress().orElse("(none)")));
      list(lines, LABEL, "IPv4", nif.ipv4Addresses().stream().map(NetworkView::ipv4).toList());
      lines.add(String.format(LABEL, "Gateway", nif.ipv4Gateway().orElse("(none)")));
      list(lines, LABEL, "IPv6", nif.ipv6Addresses().stream().map(NetworkView::ipv6).toList());
    }
    return lines.stream().map(NetworkView::fit).toList();
  }

  private static String state(NetworkInterfaceInfo nif) {
    String link =
        switch (nif.link()) {
          case UP -> "link up";
          case DOWN -> "link down";
          case UNKNOWN -> "link unknown";
        };
    String speed =
        nif.speedMbps().isPresent() ? nif.speedMbps().getAsInt() + " Mb/s" : "speed unknown";
    String mtu = nif.mtu().isPresent() ? "MTU " + nif.mtu().getAsInt() : "MTU unknown";
    return (nif.enabled() ? "enabled" : "disabled") + ", " + link + ", " + speed + ", " + mtu;
  }

  private static String ipv4(Ipv4Assignment a) {
    String origin =
        a.origin()
            .map(
                o ->
                    switch (o) {
                      case DHCP -> " (DHCP)";
                      case STATIC -> " (static)";
                      case LINK_LOCAL -> " (link-local)";
                    })
            .orElse("");
    return a.address() + "/" + a.prefixLength() + origin;
  }

  private static String ipv6(Ipv6Assignment a) {
    return a.address()
        + "/"
        + a.prefixLength()
        + (a.scope() == Ipv6Assignment.Scope.LINK_LOCAL ? " (link-local)" : "");
  }

  /** One value per line, the label on the first only; "(none)" for an empty list. */
  private static void list(List<String> lines, String format, String label, List<String> values) {
    if (values.isEmpty()) {
      lines.add(String.format(format, label, "(none)"));
      return;
    }
    for (int i = 0; i < values.size(); i++) {
      lines.add(String.format(format, i == 0 ? label : "", values.get(i)));
    }
  }

  /**
   * Printable ASCII only (an interface or host name could hold anything), cut to the width with a
   * visible mark.
   */
  private static String fit(String line) {
    StringBuilder ascii = new StringBuilder(line.length());
    line.codePoints().forEach(c -> ascii.append(c >= 0x20 && c < 0x7F ? (char) c : '?'));
    String text = ascii.toString().stripTrailing();
    return text.length() <= WIDTH ? text : text.substring(0, WIDTH - 3) + "...";
  }
}
