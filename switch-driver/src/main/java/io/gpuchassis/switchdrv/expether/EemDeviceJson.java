package io.gpuchassis.switchdrv.expether;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Reads a device record. The manager writes numbers as strings ({@code "group_id": "4093"}, {@code
 * "max_eeio_count": "16"}, {@code "pcie_class_code": "0x030200"}) and, in some versions, {@code
 * update_time} as a number; both forms are read. A record without its ID, role or group is
 * malformed.
 */
final class EemDeviceJson {

  private EemDeviceJson() {}

  static EemDevice read(JsonNode node) {
    if (node == null || !node.isObject()) {
      throw malformed("a device record is not an object");
    }
    String id = required(node, "id");
    EemRole role = EemRole.fromWire(required(node, "status"));
    return new EemDevice(
        id,
        role,
        integer(required(node, "group_id"), "group_id"),
        text(node, "mac_address"),
        text(node, "type"),
        text(node, "power_status"),
        text(node, "pcie_link_width"),
        text(node, "serial_number"),
        text(node, "model"),
        text(node, "ee_version"),
        node.hasNonNull("max_eeio_count")
            ? OptionalInt.of(integer(node.get("max_eeio_count").asText(), "max_eeio_count"))
            : OptionalInt.empty(),
        pair(node, "notification_status0"),
        pair(node, "notification_status1"),
        pcie(node),
        text(node, "host_serial_number"),
        text(node, "host_model"),
        time(node, "update_time"));
  }

  /** A number the manager wrote as a decimal string or a JSON number. */
  static int integer(String value, String field) {
    long v = decimal(value, field);
    if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
      throw malformed(field + " out of range: " + value);
    }
    return (int) v;
  }

  /** A time in milliseconds since 1970, as the manager writes {@code update_time}. */
  static Optional<Instant> time(JsonNode node, String field) {
    return node.hasNonNull(field)
        ? Optional.of(Instant.ofEpochMilli(decimal(node.get(field).asText(), field)))
        : Optional.empty();
  }

  private static long decimal(String value, String field) {
    try {
      return Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      throw malformed(field + " is not a number: " + value);
    }
  }

  private static Optional<EemPcieIds> pcie(JsonNode node) {
    if (!node.hasNonNull("pcie_class_code")) {
      return Optional.empty();
    }
    return Optional.of(
        new EemPcieIds(
            hex(node, "pcie_vendor_id"),
            hex(node, "pcie_device_id"),
            hex(node, "pcie_class_code")));
  }

  /** A hex value written {@code 0x10de} (or without the prefix). */
  private static int hex(JsonNode node, String field) {
    String v = required(node, field).trim();
    String digits = v.startsWith("0x") || v.startsWith("0X") ? v.substring(2) : v;
    try {
      return Integer.parseUnsignedInt(digits, 16);
    } catch (NumberFormatException e) {
      throw malformed(field + " is not hex: " + v);
    }
  }

  private static List<String> pair(JsonNode node, String field) {
    JsonNode array = node.get(field);
    if (array == null || array.isNull()) {
      return List.of();
    }
    if (!array.isArray()) {
      throw malformed(field + " is not a list");
    }
    List<String> values = new ArrayList<>();
    array.forEach(v -> values.add(v.asText()));
    return values;
  }

  private static String required(JsonNode node, String field) {
    JsonNode v = node.get(field);
    if (v == null || v.isNull() || v.isContainerNode()) {
      throw malformed("a device record lacks " + field);
    }
    return v.asText();
  }

  private static String text(JsonNode node, String field) {
    JsonNode v = node.get(field);
    return v == null || v.isNull() ? "" : v.asText();
  }

  private static EemException malformed(String message) {
    return new EemException(EemException.Kind.MALFORMED, message);
  }
}
