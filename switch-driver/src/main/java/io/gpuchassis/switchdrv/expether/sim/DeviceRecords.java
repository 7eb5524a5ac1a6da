package io.gpuchassis.switchdrv.expether.sim;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.switchdrv.expether.EemPcieIds;
import io.gpuchassis.switchdrv.expether.EemRole;
import io.gpuchassis.switchdrv.expether.sim.EemManagerState.EngineView;
import java.time.Instant;

/**
 * Device records as the manager writes them: every number a string (group IDs, limits, times in
 * milliseconds), PCIe IDs in hex, a port's notification status as an {@code up}/{@code down} pair.
 * The field set is the one Valence's driver and NEC's own client read.
 */
final class DeviceRecords {

  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private DeviceRecords() {}

  /** A list entry of {@code GET devices}: the ID alone. */
  static ObjectNode summary(EngineView e) {
    return F.objectNode().put("id", e.spec().id());
  }

  /** A whole record: {@code GET devices/detail} and {@code GET devices/{id}}. */
  static ObjectNode detail(EngineView e) {
    EngineSpec spec = e.spec();
    String port = e.reachable() ? "up" : "down";
    ObjectNode d = F.objectNode();
    d.put("id", spec.id());
    d.put("status", spec.role().wire());
    d.put("type", spec.board().type());
    d.put("update_time", millis(e.updateTime()));
    d.put("mac_address", spec.macAddress());
    d.put("group_id", Integer.toString(e.group()));
    d.put("admin_status", "enabled");
    d.put("monitoring_status", "enabled");
    d.set("notification_status0", pair(port));
    // this simulator's boards have one Ethernet port cabled; port 1 always reports down
    d.set("notification_status1", pair("down"));
    d.put("link_status0", port);
    d.put("link_status1", "down");
    d.put("power_status", "on");
    d.put("uid_switch_status", "off");
    d.put("pcie_link_width", "x8");
    d.put("ee_version", "v1.0");
    d.put("fpga_version", "0x1");
    d.put("eeprom_data_version", "0x0");
    d.put("serial_number", spec.serialNumber());
    d.put("model", spec.board().model());
    d.put("vlan_tagging", "disabled");
    d.put("multi_mac_addresses", "disabled");
    if (spec.role() == EemRole.EESV) {
      d.put("max_eeio_count", Integer.toString(spec.board().maxEeioCount()));
      d.put("eesv_type", "nbc");
      d.put("host_serial_number", "");
      d.put("host_model", "");
    }
    if (spec.pcie() != null) {
      EemPcieIds ids = spec.pcie();
      d.put("pcie_vendor_id", String.format("0x%04x", ids.vendorId()));
      d.put("pcie_device_id", String.format("0x%04x", ids.deviceId()));
      d.put("pcie_class_code", String.format("0x%06x", ids.classCode()));
    }
    return d;
  }

  static String millis(Instant t) {
    return Long.toString(t.toEpochMilli());
  }

  private static ArrayNode pair(String status) {
    return F.arrayNode().add(status).add(status);
  }
}
