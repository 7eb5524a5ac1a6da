package io.gpuchassis.agent.redfish.fabric;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.model.AddressPool;
import io.gpuchassis.redfish.model.AddressPoolEthernet;
import io.gpuchassis.redfish.model.AddressPoolIPv4;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.model.VLANIdentifierAddressRange;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.gpuchassis.switchdrv.expether.EemGroups;
import java.util.IntSummaryStatistics;
import java.util.List;
import java.util.OptionalInt;

/**
 * {@code Fabrics/RoCE/AddressPools}: one pool, {@code VLANGroups}, the VLAN tags (ExpEther group
 * IDs) of the Ethernet hosts. Its range runs from the lowest to the highest {@code expether.vlan}
 * the board gives its Ethernet hosts; when it gives none, the range the ExpEther manager hands
 * groups out of (16-4092). The agent reads the range; it does not hand out tags from it.
 */
public final class AddressPoolResource {

  private final ChassisModel model;

  public AddressPoolResource(ChassisModel model) {
    this.model = model;
  }

  public void register(RedfishRoutes routes) {
    routes.resource(
        Uris.ROCE_ADDRESS_POOLS,
        "AddressPoolCollection",
        (params, caller) -> {
          present(model.current());
          return Collections.render(
              Schemas.ADDRESS_POOL_COLLECTION,
              Uris.ROCE_ADDRESS_POOLS,
              "RoCE Address Pools",
              List.of(Uris.ROCE_ADDRESS_POOL));
        });
    routes.resource(
        Uris.ROCE_ADDRESS_POOL_TEMPLATE,
        "AddressPool",
        (params, caller) -> {
          String id = params.get("AddressPoolId");
          if (!Uris.ROCE_ADDRESS_POOL_ID.equals(id)) {
            throw RedfishErrors.notFound("AddressPool", id);
          }
          return render(present(model.current()));
        });
  }

  private static ChassisState present(ChassisState state) {
    if (!FabricResource.hasEthernetHosts(state)) {
      throw RedfishErrors.notFound("Fabric", Uris.ROCE_FABRIC_ID);
    }
    return state;
  }

  AddressPool render(ChassisState state) {
    IntSummaryStatistics vlans =
        state.hosts().stream()
            .map(HostPort::ethernet)
            .flatMap(java.util.Optional::stream)
            .map(e -> e.vlan())
            .filter(OptionalInt::isPresent)
            .mapToInt(OptionalInt::getAsInt)
            .summaryStatistics();
    boolean fromBoard = vlans.getCount() > 0;
    int lower = fromBoard ? vlans.getMin() : EemGroups.FIRST_ASSIGNABLE;
    int upper = fromBoard ? vlans.getMax() : EemGroups.LAST_ASSIGNABLE;
    return new AddressPool()
        .atOdataId(Uris.ROCE_ADDRESS_POOL)
        .atOdataType(Schemas.ADDRESS_POOL.odataType())
        .id(Uris.ROCE_ADDRESS_POOL_ID)
        .name("VLAN groups of the Ethernet hosts")
        .description(
            fromBoard
                ? "The VLAN tags (ExpEther groups) the board gives its Ethernet hosts"
                : "The VLAN tags (ExpEther groups) the ExpEther manager gives Ethernet hosts")
        .status(new Status().state(State.ENABLED).health(Health.OK))
        .ethernet(
            new AddressPoolEthernet()
                .ipv4(
                    new AddressPoolIPv4()
                        .vlANIdentifierAddressRange(
                            new VLANIdentifierAddressRange().lower(lower).upper(upper))));
  }
}
