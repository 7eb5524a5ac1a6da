package io.gpuchassis.agent.redfish.chassis;

import io.gpuchassis.agent.board.NetworkAdapter;
import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.ethernet.PortStatus;
import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.model.DataCenterBridging;
import io.gpuchassis.redfish.model.NetworkAdapterController;
import io.gpuchassis.redfish.model.NetworkControllerCapabilities;
import io.gpuchassis.redfish.model.NetworkControllerLinks;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.route.RedfishRoutes;
import java.util.List;

/**
 * {@code /redfish/v1/Chassis/{ChassisId}/NetworkAdapters[/{NetworkAdapterId}]}: the NICs of the
 * chassis's own data path (the 100 GbE variant) as the board file names them, each health the worst
 * of its ports'.
 */
public final class NetworkAdapterResource {

  private final ChassisModel model;
  private final DataPath dataPath;

  public NetworkAdapterResource(ChassisModel model, DataPath dataPath) {
    this.model = model;
    this.dataPath = dataPath;
  }

  public void register(RedfishRoutes routes) {
    routes.resource(
        Uris.NETWORK_ADAPTERS_TEMPLATE,
        "NetworkAdapterCollection",
        (params, caller) -> {
          String chassisId = ChassisLookup.state(model, params).identity().id();
          return Collections.render(
              Schemas.NETWORK_ADAPTER_COLLECTION,
              Uris.networkAdapters(chassisId),
              "Network adapters",
              dataPath.adapters().stream()
                  .map(a -> Uris.networkAdapter(chassisId, a.id()))
                  .toList());
        });
    routes.resource(
        Uris.NETWORK_ADAPTER_TEMPLATE,
        "NetworkAdapter",
        (params, caller) -> {
          String adapterId = params.get("NetworkAdapterId");
          var body =
              render(
                  ChassisLookup.state(model, params).identity().id(),
                  dataPath.adapter(adapterId),
                  dataPath.ports(adapterId),
                  dataPath.inventory().adapter(adapterId),
                  pfcReadBack(dataPath, adapterId));
          // a port's standing round-trip condition is a warning of the adapter's too
          if (dataPath.ports(adapterId).stream()
              .anyMatch(
                  s ->
                      dataPath
                          .roundTrip(s.port())
                          .map(io.gpuchassis.agent.ethernet.RoundTrip::warning)
                          .orElse(false))) {
            body.getStatus().health(io.gpuchassis.redfish.model.Health.WARNING);
          }
          return body;
        });
  }

  /** Whether the RoCE profile check has read PFC back from a port of the adapter. */
  private static boolean pfcReadBack(DataPath dataPath, String adapterId) {
    return dataPath.roce().statuses().stream()
        .filter(s -> s.port().adapter().equals(adapterId))
        .anyMatch(s -> s.last().flatMap(io.gpuchassis.agent.ethernet.RoceCheck::pfc).isPresent());
  }

  static io.gpuchassis.redfish.model.NetworkAdapter render(
      String chassisId, NetworkAdapter adapter, List<PortStatus> ports) {
    return render(chassisId, adapter, ports, List.of(), false);
  }

  /**
   * With the ports' inventory (the NIC's firmware as {@code FirmwarePackageVersion}, and a port
   * whose module receives too little light counts in the health) and whether {@code dcb pfc show}
   * answered for a port of the adapter.
   */
  static io.gpuchassis.redfish.model.NetworkAdapter render(
      String chassisId,
      NetworkAdapter adapter,
      List<PortStatus> ports,
      List<io.gpuchassis.agent.ethernet.PortInventory> inventory,
      boolean pfcReadBack) {
    java.util.function.Function<
            io.gpuchassis.agent.ethernet.DataPort, io.gpuchassis.agent.ethernet.PortInventory>
        of =
            port ->
                inventory.stream()
                    .filter(i -> i.port().equals(port))
                    .findFirst()
                    .orElse(io.gpuchassis.agent.ethernet.PortInventory.unread(port));
    var body =
        new io.gpuchassis.redfish.model.NetworkAdapter()
            .atOdataId(Uris.networkAdapter(chassisId, adapter.id()))
            .atOdataType(Schemas.NETWORK_ADAPTER.odataType())
            .id(adapter.id())
            .name("Network adapter " + adapter.id())
            .status(new Status().state(State.ENABLED).health(DataPortHealth.worst(ports, of)))
            .controllers(
                List.of(
                    new NetworkAdapterController()
                        .firmwarePackageVersion(DataPortInventory.firmware(inventory))
                        .controllerCapabilities(
                            new NetworkControllerCapabilities()
                                .networkPortCount(adapter.ports().size())
                                .dataCenterBridging(dataCenterBridging(ports, pfcReadBack)))
                        .links(
                            new NetworkControllerLinks()
                                .ports(
                                    adapter.ports().stream()
                                        .map(
                                            p ->
                                                Uris.ref(
                                                    Uris.networkAdapterPort(
                                                        chassisId, adapter.id(), p.id())))
                                        .toList()))))
            .ports(Uris.ref(Uris.networkAdapterPorts(chassisId, adapter.id())));
    adapter.manufacturer().ifPresent(body::manufacturer);
    adapter.model().ifPresent(body::model);
    return body;
  }

  /**
   * Capable once a port shows PFC counters (the driver prints them only for priorities with PFC on,
   * which a controller without DCB cannot have) or once the RoCE profile check read a port's PFC
   * state back through DCB netlink ({@code dcb pfc show}, which a driver without DCB refuses).
   * Without either the capability is unknown, so the property is left out rather than said false.
   */
  private static DataCenterBridging dataCenterBridging(
      List<PortStatus> ports, boolean pfcReadBack) {
    boolean pfc =
        pfcReadBack
            || ports.stream()
                .flatMap(s -> s.reading().stream())
                .anyMatch(
                    r -> r.counters().keySet().stream().anyMatch(DataPortCounters::isPfcFrames));
    return pfc ? new DataCenterBridging().capable(true) : null;
  }
}
