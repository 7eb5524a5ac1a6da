package io.gpuchassis.switchdrv.expether;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * The requests OpenStack Valence's ExpEther driver ({@code valence/podmanagers/expether_manager.py}
 * with {@code valence/common/http_adapter.py}) sends to the manager, and the reading it makes of
 * the answers, written independently of our client: the URL is the manager URL, a slash and the
 * query; every request carries Basic credentials up front (python-requests' {@code HTTPBasicAuth});
 * a PUT alone has {@code Content-Type: application/json} and a body as Python's {@code json.dumps}
 * writes it; a 401 is an authorization failure; any other answer is read as JSON first (so an error
 * must be JSON too) and then refused unless 2xx, with the error's {@code message} and {@code code}.
 * The driver builds later queries by string concatenation from fields it read, so those must be
 * strings.
 */
final class ValenceRequests {

  /** What Valence raises: AuthorizationFailure for a 401, ExpEtherException otherwise. */
  static final class ValenceError extends RuntimeException {
    final int status;
    final String code;

    ValenceError(int status, String code, String message) {
      super(status + " " + code + " " + message);
      this.status = status;
      this.code = code;
    }
  }

  /** What Valence's compose-time attach raises when the host is full (its own check). */
  static final class HostFull extends RuntimeException {
    HostFull(String node) {
      super("Node " + node + " has already maximum number of devices attached");
    }
  }

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String EEIO_DEFAULT_GID = "4093";
  private static final String EESV_DEFAULT_GID = "4094";

  private final String url;
  private final String authorization;
  private final HttpClient http = HttpClient.newHttpClient();

  ValenceRequests(URI managerUrl, String user, String password) {
    this.url = managerUrl.toString();
    this.authorization =
        "Basic "
            + Base64.getEncoder()
                .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
  }

  /** get_status: the liveness check. */
  void getStatus() {
    send("api_version", "GET", null);
  }

  /** compose_node's first request: the IDs of every host, of which it takes the first unused. */
  List<String> composeNodeHostIds() {
    List<String> ids = new ArrayList<>();
    send("devices?status=eesv", "GET", null)
        .get("devices")
        .forEach(d -> ids.add(d.get("id").asText()));
    return ids;
  }

  /** systems_list: every host, with the fields the driver copies into its answer. */
  List<JsonNode> systemsList() {
    List<JsonNode> systems = new ArrayList<>();
    for (JsonNode eesv : send("devices/detail?status=eesv", "GET", null).get("devices")) {
      for (String field :
          List.of("id", "group_id", "type", "mac_address", "host_serial_number", "host_model")) {
        assertTrue(eesv.has(field), "systems_list reads " + field + ": " + eesv);
      }
      systems.add(eesv);
    }
    return systems;
  }

  /** get_system_by_id: one host; an EEIO's ID is refused by the driver itself. */
  JsonNode getSystemById(String id) {
    JsonNode device = send("devices/" + id, "GET", null).get("device");
    if (device.get("status").asText().equals("eeio")) { // looked at before any other field
      throw new IllegalStateException("Not a valid EESV node " + id);
    }
    for (String field :
        List.of(
            "id",
            "type",
            "group_id",
            "mac_address",
            "serial_number",
            "status",
            "power_status",
            "host_model",
            "host_serial_number",
            "model",
            "ee_version",
            "update_time")) {
      assertTrue(device.has(field), "get_system_by_id reads " + field + ": " + device);
    }
    Long.parseLong(device.get("update_time").asText()); // int(timestamp) / 1000.0
    return device;
  }

  /**
   * get_all_devices: every I/O engine whose port 0 is not down, as {@code id -> owner} where the
   * owner is the host of its group ({@code null} when free), with the device type from the class
   * code of a 40G engine.
   */
  List<Device> getAllDevices() {
    List<Device> devices = new ArrayList<>();
    for (JsonNode eeio : send("devices/detail?status=eeio", "GET", null).get("devices")) {
      if (eeio.get("notification_status0").get(0).asText().equals("down")) {
        continue;
      }
      String group = str(eeio, "group_id"); // compared to '4093', then concatenated
      String owner = null;
      if (!group.equals(EEIO_DEFAULT_GID)) {
        JsonNode hosts = send("devices?status=eesv&group_id=" + group, "GET", null).get("devices");
        owner = hosts.size() > 0 ? hosts.get(0).get("id").asText() : null;
      }
      String type = null;
      if (eeio.get("type").asText().equals("40g")) {
        int classCode = Integer.decode(eeio.get("pcie_class_code").asText()); // int(code, 0)
        type = classCode / (256 * 256) == 0x3 ? "GPU" : "other";
        Integer.parseInt(eeio.get("pcie_vendor_id").asText().substring(2), 16);
        Integer.parseInt(eeio.get("pcie_device_id").asText().substring(2), 16);
      }
      devices.add(new Device(eeio.get("id").asText(), group, owner, type));
    }
    return devices;
  }

  /** One entry of get_all_devices. */
  record Device(String id, String pooledGroupId, String nodeId, String type) {}

  /**
   * attach: reads the host, gives it a group when it has none (PUT null), counts the I/O engines in
   * that group against its max_eeio_count, then puts the device into the group.
   */
  void attach(String deviceId, String nodeIndex) {
    JsonNode eesv = send("devices/" + nodeIndex, "GET", null).get("device");
    String group = str(eesv, "group_id");
    if (group.equals(EESV_DEFAULT_GID)) {
      group =
          str(
              send("devices/" + nodeIndex + "/group_id", "PUT", "{\"group_id\": null}"),
              "group_id");
    }
    int max = Integer.parseInt(str(eesv, "max_eeio_count"));
    int count = send("devices?status=eeio&group_id=" + group, "GET", null).get("devices").size();
    if (count >= max) {
      throw new HostFull(nodeIndex);
    }
    send("devices/" + deviceId + "/group_id", "PUT", "{\"group_id\": \"" + group + "\"}");
  }

  /** detach: the device goes back to the free pool. */
  void detach(String deviceId) {
    send("devices/" + deviceId + "/group_id", "DELETE", null);
  }

  /** A field the driver compares with a string or concatenates into a query: a string or bust. */
  private static String str(JsonNode node, String field) {
    JsonNode v = node.get(field);
    assertTrue(v != null && v.isTextual(), "Valence needs " + field + " as a string: " + node);
    return v.textValue();
  }

  private JsonNode send(String query, String method, String json) {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create(url + "/" + query))
            .timeout(Duration.ofSeconds(30))
            .header("Authorization", authorization);
    if (method.equals("PUT")) {
      b.header("Content-Type", "application/json").PUT(HttpRequest.BodyPublishers.ofString(json));
    } else {
      b.method(method, HttpRequest.BodyPublishers.noBody());
    }
    HttpResponse<String> response;
    try {
      response = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    } catch (Exception e) {
      throw new IllegalStateException(method + " " + query, e);
    }
    if (response.statusCode() == 401) {
      throw new ValenceError(401, null, "Invalid credentials passed");
    }
    JsonNode body;
    try {
      body = JSON.readTree(response.body()); // response.json(), before the status is looked at
    } catch (Exception e) {
      throw new AssertionError(method + " " + query + ": the answer is not JSON", e);
    }
    if (response.statusCode() >= 400) {
      assertTrue(
          body.has("message") && body.has("code"), "Valence reads message and code: " + body);
      throw new ValenceError(
          response.statusCode(), body.get("code").asText(), body.get("message").asText());
    }
    return body;
  }
}
