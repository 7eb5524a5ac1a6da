package io.gpuchassis.agent.redfish.composition;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.SwitchChip;
import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.OdataIdRef;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.model.Zone;
import io.gpuchassis.redfish.model.ZoneLinks;
import io.gpuchassis.redfish.model.ZoneType;
import io.gpuchassis.redfish.route.RedfishRoutes;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * {@code CompositionService/ResourceZones[/{switch}]}: one zone of resource blocks per switch chip
 * (its GPUs and its hosts' blocks), because the binding engine binds a GPU only into the partition
 * of a host on the GPU's own chip (no binding across inter-switch links).
 */
public final class ResourceZoneResource {

  private final ChassisModel model;

  public ResourceZoneResource(ChassisModel model) {
    this.model = model;
  }

  public void register(RedfishRoutes routes) {
    routes.resource(
        Uris.RESOURCE_ZONES,
        "ZoneCollection",
        (params, caller) ->
            Collections.render(
                Schemas.ZONE_COLLECTION,
                Uris.RESOURCE_ZONES,
                "Resource Zones",
                model.current().switches().stream().map(s -> Uris.resourceZone(s.id())).toList()));
    routes.resource(
        Uris.RESOURCE_ZONE_TEMPLATE,
        "Zone",
        (params, caller) -> {
          ChassisState state = model.current();
          String id = params.get("ZoneId");
          SwitchChip chip =
              state.switchChip(id).orElseThrow(() -> RedfishErrors.notFound("Zone", id));
          return render(state, chip);
        });
  }

  static Zone render(ChassisState state, SwitchChip chip) {
    String hosts =
        state.hosts().stream()
            .filter(h -> h.switchId().equals(chip.id()))
            .map(HostPort::id)
            .collect(Collectors.joining(", "));
    return new Zone()
        .atOdataId(Uris.resourceZone(chip.id()))
        .atOdataType(Schemas.ZONE.odataType())
        .id(chip.id())
        .name("Resource zone of switch " + chip.id())
        .description(
            "The GPUs on switch chip "
                + chip.id()
                + " and the host blocks of that chip's hosts ("
                + (hosts.isEmpty() ? "none" : hosts)
                + "); the GPUs can be composed into those hosts only")
        .zoneType(ZoneType.ZONE_OF_RESOURCE_BLOCKS)
        .status(new Status().state(State.ENABLED).health(Health.OK))
        .links(new ZoneLinks().resourceBlocks(blocks(state, chip)));
  }

  /** The chip's GPU blocks, then its host blocks (what those GPUs are composed into). */
  private static List<OdataIdRef> blocks(ChassisState state, SwitchChip chip) {
    List<OdataIdRef> blocks = new ArrayList<>();
    state.slots().stream()
        .filter(Slot::occupied)
        .filter(s -> s.switchId().equals(chip.id()))
        .forEach(s -> blocks.add(Uris.ref(Uris.resourceBlock(s.number()))));
    state.hosts().stream()
        .filter(h -> h.switchId().equals(chip.id()))
        .forEach(h -> blocks.add(Uris.ref(Uris.hostResourceBlock(h.id()))));
    return blocks;
  }
}
