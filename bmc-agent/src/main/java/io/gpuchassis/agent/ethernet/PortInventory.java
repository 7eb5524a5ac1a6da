package io.gpuchassis.agent.ethernet;

import java.time.Instant;
import java.util.Optional;

/**
 * What changes slowly on a data-path port, read every {@code dataPorts.inventoryInterval}: the
 * plugged module, the NIC's driver and firmware, and the LLDP link partner.
 *
 * @param module the module, empty when none is plugged or ethtool could not read it
 * @param driver the driver and firmware, empty when ethtool could not say
 * @param lldp what lldpd knows of the port: empty when lldpd did not answer (not installed, not
 *     running); present with an empty neighbour when it answered without one for the port
 * @param readAt when it was read; empty before the first reading
 */
public record PortInventory(
    DataPort port,
    Optional<OpticalModule> module,
    Optional<NicDriver> driver,
    Optional<Optional<LldpNeighbor>> lldp,
    Optional<Instant> readAt) {

  /** Not read yet. */
  public static PortInventory unread(DataPort port) {
    return new PortInventory(
        port, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
  }

  /** The link partner, when lldpd answered with one for the port. */
  public Optional<LldpNeighbor> neighbor() {
    return lldp.flatMap(n -> n);
  }
}
