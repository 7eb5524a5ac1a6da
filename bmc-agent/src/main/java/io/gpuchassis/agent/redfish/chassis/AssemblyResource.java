package io.gpuchassis.agent.redfish.chassis;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Fan;
import io.gpuchassis.agent.chassis.Gpu;
import io.gpuchassis.agent.chassis.PowerSupply;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.SwitchChip;
import io.gpuchassis.agent.chassis.SwitchObservation;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.model.Assembly;
import io.gpuchassis.redfish.model.AssemblyData;
import io.gpuchassis.redfish.model.Location;
import io.gpuchassis.redfish.model.LocationType;
import io.gpuchassis.redfish.model.PartLocation;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.route.RedfishRoutes;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code /redfish/v1/Chassis/{ChassisId}/Assembly}: the parts a technician replaces, with what each
 * says about itself: the GPU cards (model, serial number and firmware from their sideband), the
 * switch chips (model, the serial number and firmware the chip reports), the power supplies (model,
 * maker, serial number and firmware from PMBus) and the fan modules (their place only: a fan
 * reports no identity). Nothing is filled in that the part did not report.
 */
public final class AssemblyResource {

  private final ChassisModel model;

  public AssemblyResource(ChassisModel model) {
    this.model = model;
  }

  public void register(RedfishRoutes routes) {
    routes.resource(
        Uris.ASSEMBLY_TEMPLATE,
        "Assembly",
        (params, caller) -> render(ChassisLookup.state(model, params)));
  }

  static Assembly render(ChassisState state) {
    String uri = Uris.assembly(state.identity().id());
    List<AssemblyData> parts = new ArrayList<>();
    for (Slot slot : state.slots()) {
      slot.gpu().ifPresent(gpu -> parts.add(gpu(slot, gpu)));
    }
    for (SwitchChip chip : state.switches()) {
      parts.add(switchChip(chip, state.switchObservation(chip.id()).orElse(null)));
    }
    for (PowerSupply psu : state.powerSupplies()) {
      parts.add(
          part(psu.id(), "PowerSupply")
              .model(known(psu.model()))
              .vendor(known(psu.manufacturer()))
              .version(known(psu.firmwareVersion()))
              .serialNumber(known(psu.serialNumber())));
    }
    for (Fan fan : state.fans()) {
      parts.add(part(fan.id(), "Fan"));
    }
    for (int i = 0; i < parts.size(); i++) {
      parts.get(i).atOdataId(uri + "#/Assemblies/" + i).memberId(Integer.toString(i));
    }
    return new Assembly()
        .atOdataId(uri)
        .atOdataType(Schemas.ASSEMBLY.odataType())
        .id("Assembly")
        .name("Field-replaceable parts")
        .assemblies(parts);
  }

  private static AssemblyData gpu(Slot slot, Gpu gpu) {
    return part("GPU card in slot " + slot.number(), "GPU")
        .model(known(gpu.model()))
        .serialNumber(known(gpu.serialNumber()))
        .vendor(gpu.manufacturer().orElse(null))
        .version(known(gpu.firmwareVersion()))
        .location(
            new Location()
                .partLocation(
                    new PartLocation()
                        .locationType(LocationType.SLOT)
                        .locationOrdinalValue(slot.number())
                        .serviceLabel("Slot " + slot.number())));
  }

  private static AssemblyData switchChip(SwitchChip chip, SwitchObservation seen) {
    AssemblyData part =
        part("Switch " + chip.id(), "Board").model(chip.model()).vendor(chip.vendor());
    if (seen != null) {
      seen.serialNumber().ifPresent(part::serialNumber);
      seen.firmwareVersion().ifPresent(part::version);
    }
    return part;
  }

  private static AssemblyData part(String name, String physicalContext) {
    return new AssemblyData()
        .name(name)
        .physicalContext(physicalContext)
        .status(new Status().state(State.ENABLED));
  }

  /** A text the part reported, or nothing when it did not say. */
  private static String known(String text) {
    return text == null || text.isBlank() ? null : text;
  }
}
