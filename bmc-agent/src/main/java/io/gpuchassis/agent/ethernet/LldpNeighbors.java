package io.gpuchassis.agent.ethernet;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads what {@code lldpcli -f json0 show neighbors details} prints: lldpd's stable JSON, where
 * every element is a list of objects ({@code {"lldp": [{"interface": [{"name": "eth0", "via":
 * "LLDP", "chassis": [{"id": [{"type": "mac", "value": "..."}], "name": [{"value": "..."}], ...}],
 * "port": [...]}]}]}}, lldpd's {@code json_writer.c}, its {@code test_json0_output}). The first
 * neighbour of an interface is its link partner; an entry without chassis or port ID is skipped.
 */
public final class LldpNeighbors {

  private static final ObjectMapper JSON = new ObjectMapper();

  private LldpNeighbors() {}

  /**
   * Each interface's neighbour, by interface name.
   *
   * @throws IllegalArgumentException when the output is not lldpd's json0
   */
  public static Map<String, LldpNeighbor> parse(String output) {
    JsonNode root;
    try {
      root = JSON.readTree(output);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not lldpcli's json0 output: " + e.getOriginalMessage());
    }
    if (root == null || !root.path("lldp").isArray()) {
      throw new IllegalArgumentException("not lldpcli's json0 output: no lldp list");
    }
    Map<String, LldpNeighbor> neighbors = new LinkedHashMap<>();
    for (JsonNode lldp : root.get("lldp")) {
      for (JsonNode iface : lldp.path("interface")) {
        String name = iface.path("name").asText("");
        if (name.isEmpty() || neighbors.containsKey(name)) {
          continue;
        }
        neighbor(iface).ifPresent(n -> neighbors.put(name, n));
      }
    }
    return neighbors;
  }

  private static Optional<LldpNeighbor> neighbor(JsonNode iface) {
    JsonNode chassis = first(iface, "chassis");
    JsonNode port = first(iface, "port");
    JsonNode chassisId = first(chassis, "id");
    JsonNode portId = first(port, "id");
    if (!chassisId.hasNonNull("value") || !portId.hasNonNull("value")) {
      return Optional.empty();
    }
    List<String> addresses = new ArrayList<>();
    for (JsonNode ip : chassis.path("mgmt-ip")) {
      value(ip).ifPresent(addresses::add);
    }
    List<String> capabilities = new ArrayList<>();
    for (JsonNode cap : chassis.path("capability")) {
      if (cap.hasNonNull("type")) {
        capabilities.add(cap.get("type").asText());
      }
    }
    return Optional.of(
        new LldpNeighbor(
            chassisId.path("type").asText("unhandled"),
            chassisId.get("value").asText(),
            portId.path("type").asText("unhandled"),
            portId.get("value").asText(),
            value(first(port, "descr")),
            value(first(chassis, "name")),
            value(first(chassis, "descr")),
            addresses,
            capabilities));
  }

  private static JsonNode first(JsonNode node, String name) {
    JsonNode list = node.path(name);
    return list.isArray() && !list.isEmpty()
        ? list.get(0)
        : com.fasterxml.jackson.databind.node.MissingNode.getInstance();
  }

  private static Optional<String> value(JsonNode node) {
    JsonNode v = node.path("value");
    return v.isValueNode() && !v.asText().isEmpty() ? Optional.of(v.asText()) : Optional.empty();
  }
}
