package io.gpuchassis.agent.redfish.managers;

import io.gpuchassis.agent.network.ListeningSockets;
import io.gpuchassis.agent.network.TimeSync;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.http.PatchRequest;
import io.gpuchassis.redfish.http.Preconditions;
import io.gpuchassis.redfish.http.RequestBodies;
import io.gpuchassis.redfish.model.ManagerHttpsProtocol;
import io.gpuchassis.redfish.model.ManagerNetworkProtocol;
import io.gpuchassis.redfish.model.ManagerNtpProtocol;
import io.gpuchassis.redfish.model.ManagerProtocol;
import io.gpuchassis.redfish.route.Caller;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.ext.web.RoutingContext;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntSupplier;

/**
 * {@code /redfish/v1/Managers/BMC/NetworkProtocol}: the network services of the management
 * processor as its operating system runs them. HTTPS is the agent's own listener; HTTP, SSH,
 * Telnet, IPMI and SNMP are enabled when some process listens on their standard port ({@code
 * /proc/net}), disabled when none does, and left out when the kernel does not tell; NTP is what
 * chrony or systemd-timesyncd is configured with. Read-only: these are the system's settings, not
 * the agent's, so a PATCH is answered PropertyNotWritable for every property.
 */
public final class NetworkProtocolResource {

  static final int HTTP_PORT = 80;
  static final int SSH_PORT = 22;
  static final int TELNET_PORT = 23;
  static final int IPMI_PORT = 623;
  static final int SNMP_PORT = 161;
  static final int NTP_PORT = 123;

  static final Set<String> READ_ONLY =
      Set.of(
          "Id",
          "Name",
          "Description",
          "Status",
          "HostName",
          "FQDN",
          "HTTP",
          "HTTPS",
          "SSH",
          "Telnet",
          "IPMI",
          "SNMP",
          "NTP",
          "DHCP",
          "DHCPv6",
          "SSDP",
          "KVMIP",
          "VirtualMedia",
          "RDP",
          "RFB",
          "SFTP",
          "FTP",
          "FTPS",
          "Proxy",
          "Modbus",
          "mDNS");

  private final ManagerOsState os;
  private final IntSupplier httpsPort;
  private RedfishRoutes routes;

  /**
   * @param httpsPort the port the agent's HTTPS server listens on
   */
  public NetworkProtocolResource(ManagerOsState os, IntSupplier httpsPort) {
    this.os = os;
    this.httpsPort = httpsPort;
  }

  public void register(RedfishRoutes routes) {
    this.routes = routes;
    String uri = Uris.NETWORK_PROTOCOL_TEMPLATE;
    routes.resource(
        uri,
        "ManagerNetworkProtocol",
        (params, caller) -> {
          EthernetInterfaceResource.checkManager(params);
          return render(os.now(), httpsPort.getAsInt());
        });
    routes.patch(uri, "ManagerNetworkProtocol", this::patch);
  }

  private void patch(RoutingContext ctx) {
    EthernetInterfaceResource.checkManager(ctx.pathParams());
    Caller caller = RedfishRoutes.caller(ctx).orElseThrow();
    Preconditions.checkIfMatch(
        ctx, routes.render(Uris.managerNetworkProtocol(), caller).orElseThrow());
    // Nothing is writable: this throws 400 with a message for each property.
    PatchRequest.of(RequestBodies.object(ctx), READ_ONLY).apply();
  }

  static ManagerNetworkProtocol render(ManagerOsState.Snapshot os, int httpsPort) {
    ManagerNetworkProtocol body =
        new ManagerNetworkProtocol()
            .atOdataId(Uris.managerNetworkProtocol())
            .atOdataType(Schemas.MANAGER_NETWORK_PROTOCOL.odataType())
            .id("NetworkProtocol")
            .name("Manager Network Protocol")
            .description(
                "The network services of the management processor, as its operating system runs them")
            // the services read here answer, or show as not enabled: the resource itself is well
            .status(
                new io.gpuchassis.redfish.model.Status()
                    .state(io.gpuchassis.redfish.model.State.ENABLED)
                    .health(io.gpuchassis.redfish.model.Health.OK))
            .hostName(os.network().hostName().orElse(null))
            .FQDN(os.network().fqdn().orElse(null))
            .HTTPS(
                new ManagerHttpsProtocol()
                    .protocolEnabled(true)
                    .port(httpsPort)
                    .certificates(Uris.ref(Uris.httpsCertificates())))
            .NTP(ntp(os.timeSync()));
    os.listening()
        .ifPresent(
            sockets ->
                body.HTTP(tcp(sockets, HTTP_PORT))
                    .SSH(tcp(sockets, SSH_PORT))
                    .telnet(tcp(sockets, TELNET_PORT))
                    .IPMI(udp(sockets, IPMI_PORT))
                    .SNMP(udp(sockets, SNMP_PORT)));
    return body;
  }

  private static ManagerProtocol tcp(ListeningSockets sockets, int port) {
    return protocol(sockets.tcp(port), port);
  }

  private static ManagerProtocol udp(ListeningSockets sockets, int port) {
    return protocol(sockets.udp(port), port);
  }

  /** The port only where the service runs: a disabled one listens nowhere. */
  private static ManagerProtocol protocol(boolean enabled, int port) {
    return new ManagerProtocol().protocolEnabled(enabled).port(enabled ? port : null);
  }

  private static ManagerNtpProtocol ntp(TimeSync sync) {
    Optional<Boolean> running = sync.running();
    return new ManagerNtpProtocol()
        .protocolEnabled(running.orElse(null))
        .port(running.orElse(false) ? NTP_PORT : null)
        .ntPServers(sync.servers());
  }
}
