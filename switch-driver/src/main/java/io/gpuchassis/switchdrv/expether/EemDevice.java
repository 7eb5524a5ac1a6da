package io.gpuchassis.switchdrv.expether;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One engine as the manager reports it ({@code GET devices/{id}} or an entry of {@code
 * devices/detail}). Fields the manager leaves out for this kind of engine are empty: {@code
 * maxEeioCount} and the host fields belong to hosts, {@code pcie} to 40G I/O engines.
 *
 * @param id the engine's ID, {@code 0x} and twelve hex digits (its MAC address)
 * @param role host (EESV) or I/O (EEIO) engine
 * @param groupId the group the engine reports now (4093 free, 4094 a host without a group)
 * @param macAddress the engine's MAC address
 * @param type the board's Ethernet generation: {@code 10g} or {@code 40g}
 * @param powerStatus {@code on} or {@code off}
 * @param pcieLinkWidth the engine's PCIe link, e.g. {@code x8}
 * @param serialNumber the board's serial number
 * @param model the board's model
 * @param eeVersion the engine's version
 * @param maxEeioCount how many I/O engines a host's group may hold (hosts only)
 * @param notificationStatus0 port 0's notification status pair ({@code up}/{@code down})
 * @param notificationStatus1 port 1's notification status pair
 * @param pcie the PCIe IDs of the device behind a 40G I/O engine
 * @param hostSerialNumber the host's serial number (hosts only; may be empty)
 * @param hostModel the host's model (hosts only; may be empty)
 * @param updateTime when the manager last changed the record
 */
public record EemDevice(
    String id,
    EemRole role,
    int groupId,
    String macAddress,
    String type,
    String powerStatus,
    String pcieLinkWidth,
    String serialNumber,
    String model,
    String eeVersion,
    OptionalInt maxEeioCount,
    List<String> notificationStatus0,
    List<String> notificationStatus1,
    Optional<EemPcieIds> pcie,
    String hostSerialNumber,
    String hostModel,
    Optional<Instant> updateTime) {

  public EemDevice {
    notificationStatus0 = List.copyOf(notificationStatus0);
    notificationStatus1 = List.copyOf(notificationStatus1);
  }

  /** An I/O engine in the free pool. */
  public boolean isFree() {
    return role == EemRole.EEIO && groupId == EemGroups.FREE_IO;
  }

  /** A host engine that has no group of its own yet. */
  public boolean isUnassignedHost() {
    return role == EemRole.EESV && groupId == EemGroups.UNASSIGNED_HOST;
  }

  /**
   * Port 0 reports down: Valence leaves such an I/O engine out of what it offers, and NEC's client
   * sends nothing to an engine none of whose ports is up.
   */
  public boolean port0Down() {
    return !notificationStatus0.isEmpty() && "down".equals(notificationStatus0.get(0));
  }
}
