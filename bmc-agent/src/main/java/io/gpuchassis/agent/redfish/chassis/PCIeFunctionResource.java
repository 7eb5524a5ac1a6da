package io.gpuchassis.agent.redfish.chassis;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Gpu;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.model.PCIeFunction;
import io.gpuchassis.redfish.model.PCIeFunctionLinks;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.route.RedfishRoutes;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code /redfish/v1/Chassis/{ChassisId}/PCIeDevices/{DeviceId}/PCIeFunctions[/0]}: a GPU's one
 * physical function with the PCI IDs it reported over its sideband (what OCP's GPU baseboard
 * profile asks for). A GPU that did not identify itself has no function here: its IDs are not
 * known, and zeros would be a lie.
 */
public final class PCIeFunctionResource {

  /** The PCI class of a GPU (3D or VGA controller): Redfish's DisplayController. */
  private static final PCIeFunction.DeviceClassEnum GPU_CLASS =
      PCIeFunction.DeviceClassEnum.DISPLAY_CONTROLLER;

  private final ChassisModel model;

  public PCIeFunctionResource(ChassisModel model) {
    this.model = model;
  }

  public void register(RedfishRoutes routes) {
    routes.resource(
        Uris.PCIE_FUNCTIONS_TEMPLATE,
        "PCIeFunctionCollection",
        (params, caller) -> {
          ChassisState state = ChassisLookup.state(model, params);
          Slot slot = slot(state, params);
          String uri = Uris.pcieFunctions(state.identity().id(), slot.number());
          return Collections.render(
              Schemas.PCIE_FUNCTION_COLLECTION,
              uri,
              "PCIe Functions of the GPU in slot " + slot.number(),
              identified(slot).isPresent() ? List.of(uri + "/0") : List.of());
        });
    routes.resource(
        Uris.PCIE_FUNCTION_TEMPLATE,
        "PCIeFunction",
        (params, caller) -> {
          ChassisState state = ChassisLookup.state(model, params);
          Slot slot = slot(state, params);
          Optional<Gpu> gpu = identified(slot);
          if (gpu.isEmpty() || !"0".equals(params.get("FunctionId"))) {
            throw RedfishErrors.notFound("PCIeFunction", params.get("FunctionId"));
          }
          return render(state.identity().id(), slot.number(), gpu.get());
        });
  }

  static PCIeFunction render(String chassisId, int slot, Gpu gpu) {
    return new PCIeFunction()
        .atOdataId(Uris.pcieFunctions(chassisId, slot) + "/0")
        .atOdataType(Schemas.PCIE_FUNCTION.odataType())
        .id("0")
        .name("Function 0 of the GPU in slot " + slot)
        .functionId(0)
        .functionType(PCIeFunction.FunctionTypeEnum.PHYSICAL)
        .deviceClass(GPU_CLASS)
        .vendorId(hex(gpu.vendorId()))
        .deviceId(hex(gpu.deviceId()))
        .subsystemVendorId(hex(gpu.subsystemVendorId()))
        .subsystemId(hex(gpu.subsystemId()))
        .status(new Status().state(State.ENABLED))
        .links(new PCIeFunctionLinks().pcIeDevice(Uris.ref(Uris.pcieDevice(chassisId, slot))));
  }

  /** A PCI ID as Redfish writes it: {@code 0x10de}. */
  static String hex(int id) {
    return String.format("0x%04x", id);
  }

  private static Optional<Gpu> identified(Slot slot) {
    return slot.gpu().filter(Gpu::identified);
  }

  private static Slot slot(ChassisState state, Map<String, String> params) {
    String id = params.get("DeviceId");
    Optional<Slot> slot =
        id.matches("Slot\\d{1,3}")
            ? state.slot(Integer.parseInt(id.substring(4))).filter(Slot::occupied)
            : Optional.empty();
    return slot.orElseThrow(() -> RedfishErrors.notFound("PCIeDevice", id));
  }
}
