package io.gpuchassis.agent.redfish.chassis;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.ethernet.DataPort;
import io.gpuchassis.agent.ethernet.PortInventory;
import io.gpuchassis.agent.ethernet.PortReading;
import io.gpuchassis.agent.ethernet.PortStatus;
import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.OemSchema;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.model.LinkNetworkTechnology;
import io.gpuchassis.redfish.model.LinkState;
import io.gpuchassis.redfish.model.LinkStatus;
import io.gpuchassis.redfish.model.Port;
import io.gpuchassis.redfish.model.PortType;
import io.gpuchassis.redfish.model.Protocol;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.route.RedfishRoutes;
import java.util.Map;
import java.util.OptionalInt;

/**
 * {@code .../NetworkAdapters/{NetworkAdapterId}/Ports[/{PortId}[/Metrics]]}: each data-path port's
 * link as last sampled ({@code dataPorts.sampleInterval}), its health from the conditions its
 * monitor has standing, and its counters ({@link DataPortMetrics}).
 */
public final class DataPortResource {

  private final ChassisModel model;
  private final DataPath dataPath;

  public DataPortResource(ChassisModel model, DataPath dataPath) {
    this.model = model;
    this.dataPath = dataPath;
  }

  public void register(RedfishRoutes routes) {
    routes.resource(
        Uris.NETWORK_ADAPTER_PORTS_TEMPLATE,
        "PortCollection",
        (params, caller) -> {
          String chassisId = chassisId(params);
          String adapterId = dataPath.adapter(params.get("NetworkAdapterId")).id();
          return Collections.render(
              Schemas.PORT_COLLECTION,
              Uris.networkAdapterPorts(chassisId, adapterId),
              "Ports of " + adapterId,
              dataPath.ports(adapterId).stream()
                  .map(s -> Uris.networkAdapterPort(chassisId, adapterId, s.port().port()))
                  .toList());
        });
    routes.resource(
        Uris.NETWORK_ADAPTER_PORT_TEMPLATE,
        "Port",
        (params, caller) -> {
          PortStatus status = status(params);
          return render(
              chassisId(params),
              status,
              dataPath.lanes(status.port()),
              dataPath.inventory(status.port()),
              dataPath.roce().status(status.port().adapter(), status.port().port()),
              dataPath.roundTrip(status.port()));
        });
    routes.resource(
        Uris.NETWORK_ADAPTER_PORT_METRICS_TEMPLATE,
        "PortMetrics",
        (params, caller) -> {
          PortStatus status = status(params);
          return DataPortMetrics.render(
              chassisId(params),
              status,
              dataPath.inventory(status.port()),
              dataPath.roundTrip(status.port()));
        });
  }

  private String chassisId(Map<String, String> params) {
    return ChassisLookup.state(model, params).identity().id();
  }

  private PortStatus status(Map<String, String> params) {
    return dataPath.port(params.get("NetworkAdapterId"), params.get("PortId"));
  }

  /** A NIC's port carries traffic both ways to whatever it is cabled to: bidirectional. */
  static Port render(String chassisId, PortStatus status, OptionalInt lanes) {
    return render(
        chassisId, status, lanes, PortInventory.unread(status.port()), java.util.Optional.empty());
  }

  /**
   * @param inventory the port's module ({@code SFP}) and LLDP partner ({@code Ethernet})
   * @param roce the port's RoCE profile as last checked, when the port carries RoCE
   */
  static Port render(
      String chassisId,
      PortStatus status,
      OptionalInt lanes,
      PortInventory inventory,
      java.util.Optional<io.gpuchassis.agent.ethernet.RoceStatus> roce) {
    return render(chassisId, status, lanes, inventory, roce, java.util.Optional.empty());
  }

  /**
   * @param roundTrip the port's last round-trip probe, when it has a peer: a standing condition of
   *     it makes the port's health a warning
   */
  static Port render(
      String chassisId,
      PortStatus status,
      OptionalInt lanes,
      PortInventory inventory,
      java.util.Optional<io.gpuchassis.agent.ethernet.RoceStatus> roce,
      java.util.Optional<io.gpuchassis.agent.ethernet.RoundTrip> roundTrip) {
    DataPort port = status.port();
    Port body =
        new Port()
            .atOdataId(Uris.networkAdapterPort(chassisId, port.adapter(), port.port()))
            .atOdataType(Schemas.PORT.odataType())
            .id(port.port())
            .name("Port " + port.port() + " of " + port.adapter() + " (" + port.netdev() + ")")
            .portId(port.port())
            .portProtocol(Protocol.ETHERNET)
            .portType(PortType.BIDIRECTIONAL_PORT)
            .linkNetworkTechnology(LinkNetworkTechnology.ETHERNET)
            .maxSpeedGbps(port.capableSpeedMbps() / 1000.0)
            .status(
                new Status()
                    .state(State.ENABLED)
                    .health(DataPortHealth.of(status, inventory, roundTrip)))
            .SFP(DataPortInventory.sfp(inventory))
            .ethernet(DataPortInventory.ethernet(inventory))
            .metrics(
                Uris.ref(Uris.networkAdapterPortMetrics(chassisId, port.adapter(), port.port())));
    lanes.ifPresent(body::width);
    status.reading().ifPresent(r -> link(body, r));
    Map<String, Object> oem = new java.util.LinkedHashMap<>();
    status.reading().filter(r -> !r.gids().isEmpty()).ifPresent(r -> oem.put("RoCEGIDs", gids(r)));
    roce.flatMap(DataPortRoce::render).ifPresent(r -> oem.put("RoCE", r));
    if (!oem.isEmpty()) {
      body.oem(OemSchema.oem(OemSchema.PORT, oem));
    }
    return body;
  }

  /** The RoCE GIDs peers address the port by: DMTF's Port has no property for them. */
  private static Object gids(PortReading reading) {
    return reading.gids().stream()
        .map(g -> Map.of("Index", g.index(), "GID", g.gid(), "Type", g.type()))
        .toList();
  }

  /**
   * The link as the kernel shows it: no carrier file at all is an interface administratively down
   * (LinkState Disabled); a speed only while the link is up.
   */
  private static void link(Port body, PortReading reading) {
    body.linkState(reading.carrier().isPresent() ? LinkState.ENABLED : LinkState.DISABLED);
    body.linkStatus(reading.linkUp() ? LinkStatus.LINK_UP : LinkStatus.LINK_DOWN);
    if (reading.linkUp() && reading.speedMbps().isPresent()) {
      body.currentSpeedGbps(reading.speedMbps().getAsInt() / 1000.0);
    }
    reading
        .carrierChanges()
        .ifPresent(c -> body.linkTransitionIndicator((int) Math.min(c, Integer.MAX_VALUE)));
  }
}
