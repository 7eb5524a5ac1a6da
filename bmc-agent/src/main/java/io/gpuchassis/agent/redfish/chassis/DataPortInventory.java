package io.gpuchassis.agent.redfish.chassis;

import io.gpuchassis.agent.ethernet.LldpNeighbor;
import io.gpuchassis.agent.ethernet.OpticalModule;
import io.gpuchassis.agent.ethernet.PortInventory;
import io.gpuchassis.redfish.model.FiberConnectionType;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.IEEE802IdSubtype;
import io.gpuchassis.redfish.model.LLDPReceive;
import io.gpuchassis.redfish.model.LLDPSystemCapabilities;
import io.gpuchassis.redfish.model.MediumType;
import io.gpuchassis.redfish.model.PortEthernet;
import io.gpuchassis.redfish.model.PortSFP;
import io.gpuchassis.redfish.model.PortTransceiver;
import io.gpuchassis.redfish.model.SFPType;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.model.TransceiverLaneMetrics;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A data-path port's inventory in DMTF's words: the module as the Port's {@code SFP}, its
 * diagnostics as the PortMetrics' {@code Transceivers}, the LLDP partner as {@code
 * Ethernet.LLDPReceive}, the NIC's firmware as the adapter's {@code FirmwarePackageVersion}. What
 * was not read is left out.
 */
final class DataPortInventory {

  private DataPortInventory() {}

  /** The plugged module; absent when none was read. */
  static PortSFP sfp(PortInventory inventory) {
    if (inventory.module().isEmpty()) {
      return null;
    }
    OpticalModule m = inventory.module().get();
    return new PortSFP()
        .type(type(m.identifierCode()))
        .mediumType(m.copper() ? MediumType.COPPER : MediumType.FIBER_OPTIC)
        .fiberConnectionType(m.copper() ? null : fiber(m))
        .manufacturer(m.vendorName().orElse(null))
        .partNumber(m.partNumber().orElse(null))
        .serialNumber(m.serialNumber().orElse(null))
        .version(m.revision().orElse(null))
        .status(
            new Status()
                .state(State.ENABLED)
                .health(lowRxPower(inventory) ? Health.WARNING : Health.OK));
  }

  /** A channel of the module receives less than the module's own low-alarm level. */
  static boolean lowRxPower(PortInventory inventory) {
    return inventory.module().map(m -> !m.lanesBelowRxPowerLowAlarm().isEmpty()).orElse(false);
  }

  /**
   * The module's diagnostics, one transceiver: its lanes' powers and bias currents summed (DMTF's
   * "aggregated across all lanes") and each lane's own; absent without diagnostics (a copper
   * cable).
   */
  static List<PortTransceiver> transceivers(PortInventory inventory) {
    Optional<OpticalModule> module = inventory.module();
    if (module.isEmpty()
        || (module.get().lanes().isEmpty() && module.get().voltageVolts().isEmpty())) {
      return null;
    }
    OpticalModule m = module.get();
    PortTransceiver t =
        new PortTransceiver()
            .rxInputPowerMilliWatts(sum(m, OpticalModule.Lane::rxPowerMilliWatts))
            .txBiasCurrentMilliAmps(sum(m, OpticalModule.Lane::biasMilliAmps))
            .txOutputPowerMilliWatts(sum(m, OpticalModule.Lane::txPowerMilliWatts))
            .supplyVoltage(value(m.voltageVolts()));
    if (!m.lanes().isEmpty()) {
      t.byLane(
          m.lanes().stream()
              .map(
                  l ->
                      new TransceiverLaneMetrics()
                          .laneId(l.channel())
                          .rxInputPowerMilliWatts(value(l.rxPowerMilliWatts()))
                          .txBiasCurrentMilliAmps(value(l.biasMilliAmps()))
                          .txOutputPowerMilliWatts(value(l.txPowerMilliWatts())))
              .toList());
    }
    return List.of(t);
  }

  /**
   * What lldpd knows of the port: absent when lldpd did not answer; LLDP enabled with the partner
   * received once lldpd lists a neighbour on the port.
   */
  static PortEthernet ethernet(PortInventory inventory) {
    Optional<LldpNeighbor> neighbor = inventory.neighbor();
    if (neighbor.isEmpty()) {
      return null;
    }
    LldpNeighbor n = neighbor.get();
    LLDPReceive receive =
        new LLDPReceive()
            .chassisId(n.chassisId())
            .chassisIdSubtype(subtype(n.chassisIdType()))
            .portId(octets(n.portIdType(), n.portId()))
            .portIdSubtype(subtype(n.portIdType()))
            .systemName(n.systemName().orElse(null))
            .systemDescription(n.systemDescription().orElse(null))
            .managementAddressIPv4(
                n.managementAddresses().stream()
                    .filter(a -> a.indexOf(':') < 0)
                    .findFirst()
                    .orElse(null))
            .managementAddressIPv6(
                n.managementAddresses().stream()
                    .filter(a -> a.indexOf(':') >= 0)
                    .findFirst()
                    .orElse(null));
    List<LLDPSystemCapabilities> capabilities =
        n.capabilities().stream()
            .map(DataPortInventory::capability)
            .filter(Objects::nonNull)
            .toList();
    if (!capabilities.isEmpty()) {
      receive.systemCapabilities(capabilities);
    }
    return new PortEthernet().llDPEnabled(true).llDPReceive(receive);
  }

  /** The adapter's firmware: what its first port's driver reports (every port runs the same). */
  static String firmware(List<PortInventory> ports) {
    return ports.stream()
        .flatMap(p -> p.driver().stream())
        .flatMap(d -> d.firmwareVersion().stream())
        .findFirst()
        .orElse(null);
  }

  /**
   * The port ID as DMTF spells it, the TLV's octets in hex with colons: a MAC as it is (upper
   * case), a name (ifname, ifalias, local) as its bytes, an address as its IANA family (1 IPv4, 2
   * IPv6) and bytes. lldpd prints the others in its own way; they and anything over LLDP's 255
   * octets (DMTF's 64) are left out.
   */
  static String octets(String type, String value) {
    byte[] bytes;
    switch (type) {
      case "mac" -> {
        return value.matches("([0-9a-fA-F]{2}:){1,63}[0-9a-fA-F]{2}")
            ? value.toUpperCase(java.util.Locale.ROOT)
            : null;
      }
      case "ifname", "ifalias", "local" ->
          bytes = value.getBytes(java.nio.charset.StandardCharsets.UTF_8);
      case "ip" -> {
        // a literal only: getByName looks nothing up for one
        if (!value.matches("[0-9]{1,3}(\\.[0-9]{1,3}){3}|[0-9a-fA-F:.]*:[0-9a-fA-F:.]*")) {
          return null;
        }
        try {
          byte[] address = java.net.InetAddress.getByName(value).getAddress();
          bytes = new byte[address.length + 1];
          bytes[0] = (byte) (address.length == 4 ? 1 : 2);
          System.arraycopy(address, 0, bytes, 1, address.length);
        } catch (java.net.UnknownHostException e) {
          return null;
        }
      }
      default -> {
        return null;
      }
    }
    if (bytes.length == 0 || bytes.length > 64) {
      return null;
    }
    StringBuilder hex = new StringBuilder();
    for (byte b : bytes) {
      if (hex.length() > 0) {
        hex.append(':');
      }
      hex.append(String.format(java.util.Locale.ROOT, "%02X", b & 0xff));
    }
    return hex.toString();
  }

  /** SFF-8024's identifier byte. */
  private static SFPType type(int identifier) {
    return switch (identifier) {
      case 0x03 -> SFPType.SFP;
      case 0x0c -> SFPType.QSFP;
      case 0x0d -> SFPType.QSFP_PLUS;
      case 0x11 -> SFPType.QSFP28;
      case 0x18 -> SFPType.QSFPDD;
      case 0x19 -> SFPType.OSFP;
      default -> null;
    };
  }

  /**
   * Multi-mode for a short-reach (850 nm) optic, single-mode for the long-reach and WDM ones;
   * unknown otherwise.
   */
  private static FiberConnectionType fiber(OpticalModule m) {
    String kinds =
        String.join(" ", m.transceiverTypes()) + " " + m.transmitterTechnology().orElse("");
    if (kinds.contains("850 nm") || kinds.matches(".*\\bSR[0-9]*\\b.*") || kinds.contains("SWDM")) {
      return FiberConnectionType.MULTI_MODE;
    }
    if (kinds.matches(".*\\b(LR[0-9]*|ER[0-9]*|CWDM4|PSM4|CLR4)\\b.*")
        || kinds.contains("1310 nm")
        || kinds.contains("1550 nm")) {
      return FiberConnectionType.SINGLE_MODE;
    }
    return null;
  }

  /** lldpd's subtype names (its {@code chassis_id_subtype_map}, {@code port_id_subtype_map}). */
  private static IEEE802IdSubtype subtype(String lldpd) {
    return switch (lldpd) {
      case "mac" -> IEEE802IdSubtype.MAC_ADDR;
      case "ifname" -> IEEE802IdSubtype.IF_NAME;
      case "ifalias" -> IEEE802IdSubtype.IF_ALIAS;
      case "local" -> IEEE802IdSubtype.LOCAL_ASSIGN;
      case "ip" -> IEEE802IdSubtype.NETWORK_ADDR;
      default -> null; // "unhandled": a chassis or port component, which lldpd does not decode
    };
  }

  /** lldpd's capability names ({@code display.c}); the VLAN and TPMR ones have no DMTF value. */
  private static LLDPSystemCapabilities capability(String lldpd) {
    return switch (lldpd) {
      case "Other" -> LLDPSystemCapabilities.OTHER;
      case "Repeater" -> LLDPSystemCapabilities.REPEATER;
      case "Bridge" -> LLDPSystemCapabilities.BRIDGE;
      case "Router" -> LLDPSystemCapabilities.ROUTER;
      case "Wlan" -> LLDPSystemCapabilities.WLAN_ACCESS_POINT;
      case "Tel" -> LLDPSystemCapabilities.TELEPHONE;
      case "Docsis" -> LLDPSystemCapabilities.DOCSIS_CABLE_DEVICE;
      case "Station" -> LLDPSystemCapabilities.STATION;
      default -> null;
    };
  }

  private static Double sum(
      OpticalModule m, java.util.function.Function<OpticalModule.Lane, OptionalDouble> value) {
    if (m.lanes().isEmpty() || m.lanes().stream().anyMatch(l -> value.apply(l).isEmpty())) {
      return null;
    }
    // rounded to the 0.1 uW and 2 uA the EEPROM counts in
    double total = m.lanes().stream().mapToDouble(l -> value.apply(l).getAsDouble()).sum();
    return Math.round(total * 10000) / 10000.0;
  }

  private static Double value(OptionalDouble v) {
    return v.isPresent() ? v.getAsDouble() : null;
  }
}
