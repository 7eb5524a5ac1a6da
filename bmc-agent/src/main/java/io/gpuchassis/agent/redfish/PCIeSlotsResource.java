package io.gpuchassis.agent.redfish;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.Location;
import io.gpuchassis.redfish.model.LocationType;
import io.gpuchassis.redfish.model.PCIeSlot;
import io.gpuchassis.redfish.model.PCIeSlots;
import io.gpuchassis.redfish.model.PCIeTypes;
import io.gpuchassis.redfish.model.PartLocation;
import io.gpuchassis.redfish.model.SlotTypes;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.route.RedfishRoutes;

/** {@code /redfish/v1/Chassis/{ChassisId}/PCIeSlots}: the GPU slots, occupied or empty. */
final class PCIeSlotsResource {

  private final ChassisModel model;

  PCIeSlotsResource(ChassisModel model) {
    this.model = model;
  }

  void register(RedfishRoutes routes) {
    routes.resource(
        Uris.CHASSIS + "/{ChassisId}/PCIeSlots",
        "PCIeSlots",
        (params, caller) -> {
          ChassisState state = model.current();
          String id = params.get("ChassisId");
          if (!state.identity().id().equals(id)) {
            throw RedfishErrors.notFound("Chassis", id);
          }
          return render(state);
        });
  }

  static PCIeSlots render(ChassisState state) {
    String chassisId = state.identity().id();
    return new PCIeSlots()
        .atOdataId(Uris.pcieSlots(chassisId))
        .atOdataType(Schemas.PCIE_SLOTS.odataType())
        .id("PCIeSlots")
        .name("PCIe Slots")
        .slots(state.slots().stream().map(s -> render(chassisId, s)).toList());
  }

  /** An empty slot is reported {@code Absent}, so that a glance at the list shows where GPUs are missing. */
  static PCIeSlot render(String chassisId, Slot slot) {
    Status status =
        slot.occupied() ? new Status().state(State.ENABLED).health(Health.OK) : new Status().state(State.ABSENT);
    return new PCIeSlot()
        .pcIeType(PCIeTypes.valueOf("GEN" + slot.pcieGeneration()))
        .lanes(slot.lanes())
        .slotType(SlotTypes.FULL_LENGTH)
        .hotPluggable(false)
        .location(
            new Location()
                .partLocation(
                    new PartLocation()
                        .locationType(LocationType.SLOT)
                        .locationOrdinalValue(slot.number())
                        .serviceLabel("Slot " + slot.number())))
        .status(status)
        .links(
            slot.occupied()
                ? new io.gpuchassis.redfish.model.PCIeLinks()
                    .pcIeDevice(java.util.List.of(Uris.ref(Uris.pcieDevice(chassisId, slot.number()))))
                : null);
  }
}
