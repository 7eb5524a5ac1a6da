package io.gpuchassis.agent.redfish.fabric;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.PortErrorCounters;
import io.gpuchassis.agent.chassis.PortHealth;
import io.gpuchassis.agent.chassis.PortLink;
import io.gpuchassis.agent.chassis.SwitchChip;
import io.gpuchassis.agent.chassis.WiredPort;
import io.gpuchassis.agent.compose.BindingPlan;
import io.gpuchassis.agent.health.FabricHealth;
import io.gpuchassis.agent.health.ViewVersion;
import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.LinkStatuses;
import io.gpuchassis.agent.redfish.core.OemSchema;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.model.LinkState;
import io.gpuchassis.redfish.model.Location;
import io.gpuchassis.redfish.model.LocationType;
import io.gpuchassis.redfish.model.PCIeErrors;
import io.gpuchassis.redfish.model.PartLocation;
import io.gpuchassis.redfish.model.Port;
import io.gpuchassis.redfish.model.PortLinks;
import io.gpuchassis.redfish.model.PortMetrics;
import io.gpuchassis.redfish.model.PortType;
import io.gpuchassis.redfish.model.Protocol;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.route.RedfishRoutes;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code /redfish/v1/Fabrics/PCIe/Switches/{SwitchId}/Ports[/{PortId}[/Metrics]]}: the wired ports
 * of a switch with their link as last polled, and their PCIe error and byte counters. Port ids are
 * the chip's physical port numbers.
 */
public final class PortResource {

  private final ChassisModel model;
  private final FabricHealth health;
  private final Clock clock;
  private final Duration staleAfter;

  private final ViewVersion views;

  /**
   * @param views the version of what the views read: their bodies are cached while it stands
   */
  public PortResource(
      ChassisModel model,
      FabricHealth health,
      Clock clock,
      Duration staleAfter,
      ViewVersion views) {
    this.views = views;
    this.model = model;
    this.health = health;
    this.clock = clock;
    this.staleAfter = staleAfter;
  }

  public void register(RedfishRoutes routes) {
    String ports = Uris.PORTS_TEMPLATE;
    routes.resource(
        ports,
        "PortCollection",
        params -> views.generation(),
        (params, caller) -> renderCollection(model.current(), params));
    routes.resource(
        Uris.PORT_TEMPLATE,
        "Port",
        params -> views.fabricNow(),
        (params, caller) -> {
          ChassisState state = model.current();
          return render(state, find(state, params));
        });
    routes.resource(
        Uris.PORT_METRICS_TEMPLATE,
        "PortMetrics",
        params -> views.fabricNow(),
        (params, caller) -> {
          ChassisState state = model.current();
          return renderMetrics(state, find(state, params));
        });
  }

  static Object renderCollection(ChassisState state, Map<String, String> params) {
    SwitchChip chip = SwitchResource.find(state, params.get("SwitchId"));
    return Collections.render(
        Schemas.PORT_COLLECTION,
        Uris.ports(chip.id()),
        "Ports of " + chip.id(),
        WiredPort.of(state, chip.id()).stream().map(p -> Uris.port(chip.id(), p.port())).toList());
  }

  private static WiredPort find(ChassisState state, Map<String, String> params) {
    SwitchChip chip = SwitchResource.find(state, params.get("SwitchId"));
    String id = params.get("PortId");
    Optional<WiredPort> port = Optional.empty();
    if (id.matches("\\d{1,3}")) {
      port = WiredPort.find(state, chip.id(), Integer.parseInt(id));
    }
    return port.orElseThrow(() -> RedfishErrors.notFound("Port", id));
  }

  Port render(ChassisState state, WiredPort port) {
    Optional<PortLink> link =
        PortHealth.trustedLink(
            port, state.switchObservation(port.switchId()), clock.instant(), staleAfter);
    Port body =
        new Port()
            .atOdataId(Uris.port(port.switchId(), port.port()))
            .atOdataType(Schemas.PORT.odataType())
            .id(Integer.toString(port.port()))
            .name("Port " + port.port() + " (" + port.label() + ")")
            .portId(Integer.toString(port.port()))
            .portType(portType(port.role()))
            .portProtocol(Protocol.PCIE)
            .linkState(LinkState.ENABLED)
            .width(port.lanes())
            .maxSpeedGbps(WiredPort.speedGbps(port.maxGeneration(), port.lanes()))
            .location(
                new Location()
                    .partLocation(
                        new PartLocation()
                            .locationType(
                                port.role() == WiredPort.Role.SLOT
                                    ? LocationType.SLOT
                                    : LocationType.CONNECTOR)
                            .serviceLabel(port.label())))
            .status(new Status().state(State.ENABLED).health(health.ofPort(state, port)))
            .metrics(Uris.ref(Uris.portMetrics(port.switchId(), port.port())));
    link.ifPresent(
        l -> {
          LinkStatuses.show(body, port, l);
          Map<String, Object> oem = new java.util.LinkedHashMap<>();
          oem.put("LTSSMState", l.ltssm());
          l.partition().ifPresent(p -> oem.put("BoundToPartition", p));
          carriedHost(state, port).ifPresent(host -> oem.put("CarriesHost", host));
          body.oem(OemSchema.oem(OemSchema.PORT, oem));
        });
    port.farEnd()
        .ifPresent(
            far ->
                body.links(
                    new PortLinks()
                        .connectedSwitches(List.of(Uris.ref(Uris.fabricSwitch(far.switchId()))))
                        .connectedSwitchPorts(
                            List.of(Uris.ref(Uris.port(far.switchId(), far.port()))))));
    return body;
  }

  /**
   * The host whose GPUs an inter-switch port's link carries, if any ({@link BindingPlan#owner}).
   */
  private static Optional<String> carriedHost(ChassisState state, WiredPort port) {
    if (port.role() != WiredPort.Role.INTER_SWITCH) {
      return Optional.empty();
    }
    return state.interSwitchLinks().stream()
        .filter(
            l ->
                (l.switchA().equals(port.switchId()) && l.portA() == port.port())
                    || (l.switchB().equals(port.switchId()) && l.portB() == port.port()))
        .findFirst()
        .flatMap(l -> BindingPlan.owner(state, l, -1));
  }

  PortMetrics renderMetrics(ChassisState state, WiredPort port) {
    PortMetrics body =
        new PortMetrics()
            .atOdataId(Uris.portMetrics(port.switchId(), port.port()))
            .atOdataType(Schemas.PORT_METRICS.odataType())
            .id("Metrics")
            .name("Metrics of port " + port.port() + " (" + port.label() + ")");
    Optional<PortLink> link =
        PortHealth.trustedLink(
            port, state.switchObservation(port.switchId()), clock.instant(), staleAfter);
    link.map(PortLink::counters)
        .ifPresent(c -> body.rxErrors(c.receiverErrors()).pcIeErrors(errors(c)));
    link.flatMap(PortLink::traffic).ifPresent(t -> body.rxBytes(t.rxBytes()).txBytes(t.txBytes()));
    return body;
  }

  private static PCIeErrors errors(PortErrorCounters c) {
    return new PCIeErrors()
        .correctableErrorCount(c.correctable())
        .nonFatalErrorCount(c.uncorrectable())
        .badTLPCount(c.badTlp())
        .badDLLPCount(c.badDllp());
  }

  private static PortType portType(WiredPort.Role role) {
    return switch (role) {
      case SLOT -> PortType.DOWNSTREAM_PORT;
      case HOST -> PortType.UPSTREAM_PORT;
      case INTER_SWITCH -> PortType.INTERSWITCH_PORT;
    };
  }
}
