package io.gpuchassis.agent.redfish.update;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Gpu;
import io.gpuchassis.agent.chassis.PowerSupply;
import io.gpuchassis.agent.chassis.ProgrammablePart;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.SoftwareInventory;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The FirmwareInventory entries of the parts whose firmware the agent reads but does not update:
 * each seated GPU (its VBIOS version, from its SMBPBI sideband at start), each power supply (its
 * PMBus MFR_REVISION, read at start) and each programmable part the board file declares (a CPLD, a
 * retimer: its version registers, read at start). A part that did not say is listed without a
 * version, as unavailable.
 */
final class ComponentFirmware {

  private static final String GPU_PREFIX = "GPU-Slot";
  private static final String SUPPLY_PREFIX = "PowerSupply-";
  private static final String PART_PREFIX = "Board-";

  private ComponentFirmware() {}

  /**
   * The ids of the entries {@code state} has: its seated GPUs, then its supplies, then its
   * programmable parts.
   */
  static List<String> ids(ChassisState state) {
    List<String> ids = new ArrayList<>();
    for (Slot slot : state.slots()) {
      if (slot.occupied()) {
        ids.add(GPU_PREFIX + slot.number());
      }
    }
    state.powerSupplies().forEach(p -> ids.add(SUPPLY_PREFIX + p.id()));
    state.programmableParts().forEach(p -> ids.add(PART_PREFIX + p.id()));
    return ids;
  }

  /** The entry {@code id}, when {@code state} has it. */
  static Optional<SoftwareInventory> render(ChassisState state, String id) {
    if (id.startsWith(GPU_PREFIX)) {
      return slotNumber(id.substring(GPU_PREFIX.length()))
          .flatMap(state::slot)
          .flatMap(slot -> slot.gpu().map(gpu -> gpu(state, id, slot.number(), gpu)));
    }
    if (id.startsWith(SUPPLY_PREFIX)) {
      String supplyId = id.substring(SUPPLY_PREFIX.length());
      return state.powerSupplies().stream()
          .filter(p -> p.id().equals(supplyId))
          .findFirst()
          .map(p -> supply(state, id, p));
    }
    if (id.startsWith(PART_PREFIX)) {
      String partId = id.substring(PART_PREFIX.length());
      return state.programmableParts().stream()
          .filter(p -> p.id().equals(partId))
          .findFirst()
          .map(p -> part(state, id, p));
    }
    return Optional.empty();
  }

  private static SoftwareInventory gpu(ChassisState state, String id, int slot, Gpu gpu) {
    String chassis = state.identity().id();
    return readOnly(id, gpu.firmwareVersion())
        .name("GPU in slot " + slot + " firmware")
        .description("VBIOS of the GPU in slot " + slot + ", as it reports it on its sideband")
        .softwareId("gpu-vbios")
        .manufacturer(gpu.manufacturer().orElse(null))
        .relatedItem(List.of(Uris.ref(Uris.pcieDevice(chassis, slot))))
        .relatedItemAtOdataCount(1);
  }

  private static SoftwareInventory supply(ChassisState state, String id, PowerSupply supply) {
    String chassis = state.identity().id();
    return readOnly(id, supply.firmwareVersion())
        .name("Power supply " + supply.id() + " firmware")
        .description("Firmware revision of power supply " + supply.id() + " (PMBus MFR_REVISION)")
        .softwareId("psu-firmware")
        .manufacturer(supply.manufacturer().isBlank() ? null : supply.manufacturer())
        .relatedItem(List.of(Uris.ref(Uris.powerSupply(chassis, supply.id()))))
        .relatedItemAtOdataCount(1);
  }

  private static SoftwareInventory part(ChassisState state, String id, ProgrammablePart part) {
    return readOnly(id, part.firmwareVersion().orElse(""))
        .name(part.kind() + " " + part.id() + " firmware")
        .description(
            "Firmware of the board's "
                + part.kind()
                + " "
                + part.id()
                + part.model().map(m -> " (" + m + ")").orElse("")
                + ", as its version registers report it")
        .softwareId(part.kind().toLowerCase(java.util.Locale.ROOT) + "-firmware")
        .manufacturer(part.manufacturer().orElse(null))
        .relatedItem(List.of(Uris.ref(Uris.chassis(state.identity().id()))))
        .relatedItemAtOdataCount(1);
  }

  /** An entry the agent cannot update: its version when known, else unavailable. */
  private static SoftwareInventory readOnly(String id, String version) {
    boolean known = !version.isBlank();
    return new SoftwareInventory()
        .atOdataId(Uris.firmwareInventory(id))
        .atOdataType(Schemas.SOFTWARE_INVENTORY.odataType())
        .id(id)
        .version(known ? version : null)
        .updateable(false)
        .writeProtected(true)
        .status(
            known
                ? new Status().state(State.ENABLED).health(Health.OK)
                : new Status().state(State.UNAVAILABLE_OFFLINE));
  }

  private static Optional<Integer> slotNumber(String text) {
    if (text.isEmpty() || text.length() > 3 || !text.chars().allMatch(Character::isDigit)) {
      return Optional.empty();
    }
    return Optional.of(Integer.parseInt(text));
  }
}
