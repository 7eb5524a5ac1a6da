package io.gpuchassis.agent.redfish.update;

import io.gpuchassis.agent.board.NetworkAdapter;
import io.gpuchassis.agent.ethernet.NicDriver;
import io.gpuchassis.agent.ethernet.PortInventory;
import io.gpuchassis.agent.ethernet.PortInventoryWatch;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.SoftwareInventory;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import java.util.List;
import java.util.Optional;

/**
 * The FirmwareInventory entries of the data-path NICs ({@code NetworkAdapter-<id>}, one per adapter
 * the board file names): the firmware its driver reports ({@code ethtool -i}, read with the ports'
 * inventory every {@code dataPorts.inventoryInterval}). The agent reads it but does not update it;
 * before it is read the entry is listed without a version, as unavailable.
 */
public final class NicFirmware {

  static final String PREFIX = "NetworkAdapter-";

  private final List<NetworkAdapter> adapters;
  private final PortInventoryWatch inventory;

  public NicFirmware(List<NetworkAdapter> adapters, PortInventoryWatch inventory) {
    this.adapters = List.copyOf(adapters);
    this.inventory = inventory;
  }

  /** No data-path NICs. */
  public static NicFirmware none() {
    return new NicFirmware(List.of(), PortInventoryWatch.none());
  }

  List<String> ids() {
    return adapters.stream().map(a -> PREFIX + a.id()).toList();
  }

  Optional<SoftwareInventory> render(String chassisId, String id) {
    if (!id.startsWith(PREFIX)) {
      return Optional.empty();
    }
    String adapterId = id.substring(PREFIX.length());
    return adapters.stream()
        .filter(a -> a.id().equals(adapterId))
        .findFirst()
        .map(a -> render(chassisId, id, a));
  }

  private SoftwareInventory render(String chassisId, String id, NetworkAdapter adapter) {
    Optional<NicDriver> driver =
        inventory.adapter(adapter.id()).stream()
            .map(PortInventory::driver)
            .flatMap(Optional::stream)
            .filter(d -> d.firmwareVersion().isPresent())
            .findFirst();
    return new SoftwareInventory()
        .atOdataId(Uris.firmwareInventory(id))
        .atOdataType(Schemas.SOFTWARE_INVENTORY.odataType())
        .id(id)
        .name("Network adapter " + adapter.id() + " firmware")
        .description(
            "Firmware of the data-path NIC "
                + adapter.id()
                + adapter.model().map(m -> " (" + m + ")").orElse("")
                + driver.map(d -> ", as its driver " + d.driver() + " reports it").orElse(""))
        .softwareId("nic-firmware")
        .version(driver.flatMap(NicDriver::firmwareVersion).orElse(null))
        .manufacturer(adapter.manufacturer().orElse(null))
        .updateable(false)
        .writeProtected(true)
        .relatedItem(List.of(Uris.ref(Uris.networkAdapter(chassisId, adapter.id()))))
        .relatedItemAtOdataCount(1)
        .status(
            driver.isPresent()
                ? new Status().state(State.ENABLED).health(Health.OK)
                : new Status().state(State.UNAVAILABLE_OFFLINE));
  }
}
