package io.gpuchassis.agent.redfish.chassis;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.health.GpuStatus;
import io.gpuchassis.agent.health.HealthMonitor;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
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
import java.time.Clock;
import java.time.Duration;
import java.util.function.Function;

/** {@code /redfish/v1/Chassis/{ChassisId}/PCIeSlots}: the GPU slots, occupied or empty. */
public final class PCIeSlotsResource {

  private final ChassisModel model;
  private final HealthMonitor health;
  private final Clock clock;
  private final Duration staleAfter;

  public PCIeSlotsResource(
      ChassisModel model, HealthMonitor health, Clock clock, Duration staleAfter) {
    this.model = model;
    this.health = health;
    this.clock = clock;
    this.staleAfter = staleAfter;
  }

  public void register(RedfishRoutes routes) {
    routes.resource(
        Uris.PCIE_SLOTS_TEMPLATE,
        "PCIeSlots",
        (params, caller) -> {
          ChassisState state = ChassisLookup.state(model, params);
          return render(
              state, slot -> GpuStatus.of(state, slot, health, clock.instant(), staleAfter));
        });
  }

  /**
   * @param gpuStatus the status of an occupied slot: its GPU's
   */
  static PCIeSlots render(ChassisState state, Function<Slot, Status> gpuStatus) {
    String chassisId = state.identity().id();
    return new PCIeSlots()
        .atOdataId(Uris.pcieSlots(chassisId))
        .atOdataType(Schemas.PCIE_SLOTS.odataType())
        .id("PCIeSlots")
        .name("PCIe Slots")
        .slots(state.slots().stream().map(s -> render(chassisId, s, gpuStatus)).toList());
  }

  /**
   * An empty slot is reported {@code Absent}, so that a glance at the list shows where GPUs are
   * missing.
   */
  static PCIeSlot render(String chassisId, Slot slot, Function<Slot, Status> gpuStatus) {
    Status status = slot.occupied() ? gpuStatus.apply(slot) : new Status().state(State.ABSENT);
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
                    .pcIeDevice(
                        java.util.List.of(Uris.ref(Uris.pcieDevice(chassisId, slot.number()))))
                : null);
  }
}
