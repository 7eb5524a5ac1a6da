package io.gpuchassis.agent.redfish.managers;

import io.gpuchassis.agent.network.Ipv4Assignment;
import io.gpuchassis.agent.network.Ipv6Assignment;
import io.gpuchassis.agent.network.NetworkConfiguration;
import io.gpuchassis.agent.network.NetworkInterfaceInfo;
import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.model.AddressState;
import io.gpuchassis.redfish.model.EthernetInterface;
import io.gpuchassis.redfish.model.EthernetInterfaceLinkStatus;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.IPv4Address;
import io.gpuchassis.redfish.model.IPv4AddressOrigin;
import io.gpuchassis.redfish.model.IPv6Address;
import io.gpuchassis.redfish.model.IPv6AddressOrigin;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.route.PrivilegeTable;
import io.gpuchassis.redfish.route.RedfishRoutes;
import java.util.Map;

/**
 * {@code /redfish/v1/Managers/BMC/EthernetInterfaces[/{name}]}: the management processor's network
 * interfaces, as its operating system reported them at most {@link ManagerOsState#REFRESH} ago
 * (read on a worker thread). Read-only: the network is configured by the system (networkd, DHCP),
 * not through the agent, so only GET is registered and any write is answered 405 with {@code
 * Allow}, as DSP0266 asks for resources that can never be updated.
 */
public final class EthernetInterfaceResource {

  /**
   * The registry's SubordinateOverrides: a manager's interfaces are the manager's configuration.
   */
  static final String COLLECTION_ENTITY =
      PrivilegeTable.subordinate("EthernetInterfaceCollection", "Manager");

  static final String MEMBER_ENTITY =
      PrivilegeTable.subordinate("EthernetInterface", "Manager", "EthernetInterfaceCollection");

  private final ManagerOsState os;

  public EthernetInterfaceResource(ManagerOsState os) {
    this.os = os;
  }

  public void register(RedfishRoutes routes) {
    String collection = Uris.ETHERNET_INTERFACES_TEMPLATE;
    routes.resource(
        collection,
        COLLECTION_ENTITY,
        (params, caller) -> {
          checkManager(params);
          return Collections.render(
              Schemas.ETHERNET_INTERFACE_COLLECTION,
              Uris.managerEthernetInterfaces(),
              "Manager Ethernet Interface Collection",
              os.now().network().interfaces().stream()
                  .map(i -> Uris.managerEthernetInterface(i.name()))
                  .toList());
        });
    routes.resource(
        Uris.ETHERNET_INTERFACE_TEMPLATE,
        MEMBER_ENTITY,
        (params, caller) -> {
          checkManager(params);
          String id = params.get("EthernetInterfaceId");
          NetworkConfiguration host = os.now().network();
          NetworkInterfaceInfo nif =
              host.find(id).orElseThrow(() -> RedfishErrors.notFound("EthernetInterface", id));
          return render(nif, host);
        });
  }

  static EthernetInterface render(NetworkInterfaceInfo nif, NetworkConfiguration host) {
    EthernetInterface body =
        new EthernetInterface()
            .atOdataId(Uris.managerEthernetInterface(nif.name()))
            .atOdataType(Schemas.ETHERNET_INTERFACE.odataType())
            .id(nif.name())
            .name("Manager Ethernet Interface " + nif.name())
            .description(
                "Network interface "
                    + nif.name()
                    + " of the management processor, as its system reports it")
            .status(
                new Status()
                    .state(nif.enabled() ? State.ENABLED : State.DISABLED)
                    .health(Health.OK))
            .interfaceEnabled(nif.enabled())
            .linkStatus(linkStatus(nif))
            .maCAddress(nif.macAddress().orElse(null))
            .permanentMACAddress(nif.permanentMacAddress().orElse(null))
            .hostName(host.hostName().orElse(null))
            .FQDN(host.fqdn().orElse(null))
            .ipv4Addresses(nif.ipv4Addresses().stream().map(a -> ipv4(a, nif)).toList())
            .ipv6Addresses(
                nif.ipv6Addresses().stream().map(EthernetInterfaceResource::ipv6).toList())
            .nameServers(host.nameServers());
    nif.speedMbps().ifPresent(body::speedMbps);
    nif.mtu().ifPresent(body::mtUSize);
    return body;
  }

  /** As bmcweb does: an enabled interface without link is LinkDown; a disabled one has NoLink. */
  private static EthernetInterfaceLinkStatus linkStatus(NetworkInterfaceInfo nif) {
    return switch (nif.link()) {
      case UP -> EthernetInterfaceLinkStatus.LINK_UP;
      case DOWN ->
          nif.enabled()
              ? EthernetInterfaceLinkStatus.LINK_DOWN
              : EthernetInterfaceLinkStatus.NO_LINK;
      case UNKNOWN -> null;
    };
  }

  /**
   * The interface's default gateway is the gateway of each of its addresses, as the kernel routes
   * from them.
   */
  private static IPv4Address ipv4(Ipv4Assignment a, NetworkInterfaceInfo nif) {
    return new IPv4Address()
        .address(a.address())
        .subnetMask(a.subnetMask())
        .addressOrigin(
            a.origin()
                .map(
                    o ->
                        switch (o) {
                          case DHCP -> IPv4AddressOrigin.DHCP;
                          case STATIC -> IPv4AddressOrigin.STATIC;
                          case LINK_LOCAL -> IPv4AddressOrigin.IPV4_LINK_LOCAL;
                        })
                .orElse(null))
        .gateway(nif.ipv4Gateway().orElse(null));
  }

  private static IPv6Address ipv6(Ipv6Assignment a) {
    return new IPv6Address()
        .address(a.address())
        .prefixLength(a.prefixLength())
        .addressOrigin(
            a.origin()
                .map(
                    o ->
                        o == Ipv6Assignment.Origin.LINK_LOCAL
                            ? IPv6AddressOrigin.LINK_LOCAL
                            : IPv6AddressOrigin.STATIC)
                .orElse(null))
        .addressState(a.state().map(st -> AddressState.fromValue(redfishName(st))).orElse(null));
  }

  /** PREFERRED is Redfish's {@code Preferred}. */
  private static String redfishName(Ipv6Assignment.State state) {
    String n = state.name();
    return n.charAt(0) + n.substring(1).toLowerCase(java.util.Locale.ROOT);
  }

  /** 404 for any manager but this one. */
  static void checkManager(Map<String, String> params) {
    String id = params.get("ManagerId");
    if (!Uris.MANAGER_ID.equals(id)) {
      throw RedfishErrors.notFound("Manager", id);
    }
  }
}
