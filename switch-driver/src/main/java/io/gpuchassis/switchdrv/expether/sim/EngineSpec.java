package io.gpuchassis.switchdrv.expether.sim;

import io.gpuchassis.switchdrv.expether.EemGroups;
import io.gpuchassis.switchdrv.expether.EemPcieIds;
import io.gpuchassis.switchdrv.expether.EemRole;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One engine a simulated manager starts with.
 *
 * @param macAddress the engine's MAC address, {@code 8c:df:9d:53:5b:14}; its ID is derived from it
 * @param role host (EESV) or I/O (EEIO) engine
 * @param board the board, which gives the type, model and a host's device limit
 * @param groupId the group it starts in
 * @param pcie the device behind a 40G I/O engine; null otherwise
 * @param serialNumber the board's serial number
 */
public record EngineSpec(
    String macAddress,
    EemRole role,
    EemBoard board,
    int groupId,
    EemPcieIds pcie,
    String serialNumber) {

  private static final Pattern MAC = Pattern.compile("([0-9a-f]{2}:){5}[0-9a-f]{2}");

  public EngineSpec {
    if (!MAC.matcher(macAddress).matches()) {
      throw new IllegalArgumentException("not a lower-case MAC address: " + macAddress);
    }
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(board, "board");
    if (pcie != null && (role != EemRole.EEIO || board != EemBoard.FORTY_G)) {
      throw new IllegalArgumentException("only a 40G I/O engine reports PCIe IDs");
    }
  }

  /** A host engine without a group (4094). */
  public static EngineSpec host(String mac, EemBoard board) {
    return new EngineSpec(mac, EemRole.EESV, board, EemGroups.UNASSIGNED_HOST, null, serial(mac));
  }

  /** An I/O engine in the free pool (4093) in front of a device with these IDs. */
  public static EngineSpec io(String mac, EemPcieIds pcie) {
    return new EngineSpec(
        mac, EemRole.EEIO, EemBoard.FORTY_G, EemGroups.FREE_IO, pcie, serial(mac));
  }

  /** A 10G I/O engine in the free pool, which reports no PCIe IDs. */
  public static EngineSpec io10g(String mac) {
    return new EngineSpec(mac, EemRole.EEIO, EemBoard.TEN_G, EemGroups.FREE_IO, null, serial(mac));
  }

  /** The same engine, starting in another group. */
  public EngineSpec inGroup(int group) {
    return new EngineSpec(macAddress, role, board, group, pcie, serialNumber);
  }

  /** The manager's ID of the engine: {@code 0x} and the MAC address's twelve hex digits. */
  public String id() {
    return "0x" + macAddress.replace(":", "");
  }

  private static String serial(String mac) {
    return "EE" + mac.replace(":", "").substring(6).toUpperCase(java.util.Locale.ROOT);
  }
}
