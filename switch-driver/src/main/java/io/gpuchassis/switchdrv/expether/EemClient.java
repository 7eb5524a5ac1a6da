package io.gpuchassis.switchdrv.expether;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.switchdrv.expether.EemException.Kind;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The ExpEther manager's REST API, one method per request, without rules of its own ({@link
 * ExpEtherGrouping} has those). Blocking; every call is bounded by {@link EemOptions} and throws
 * {@link EemException}. Safe to share between threads.
 */
public final class EemClient {

  /** Engine IDs go into the request path, so only the manager's own form is let through. */
  private static final Pattern DEVICE_ID = Pattern.compile("0x[0-9a-fA-F]{1,16}");

  private final EemConnection connection;

  private EemClient(EemConnection connection) {
    this.connection = connection;
  }

  /**
   * A client of the manager at {@code base} ({@code http(s)://<ip>:<port>/eem}). Opens nothing: the
   * first request connects.
   */
  public static EemClient connect(URI base, String user, String password, EemOptions options) {
    return new EemClient(new EemConnection(base, user, password, options));
  }

  /** The API root requests go to. */
  public URI base() {
    return connection.base();
  }

  /** {@code GET api_version}: the manager's API version; the liveness check its clients use. */
  public String apiVersion() {
    return requiredText(connection.get("api_version"), "version_number");
  }

  /** {@code GET devices?status=}: the IDs of every engine of a role. */
  public List<String> deviceIds(EemRole role) {
    return ids(connection.get("devices?status=" + role.wire()));
  }

  /** {@code GET devices?status=&group_id=}: the IDs of the engines of a role in one group. */
  public List<String> deviceIds(EemRole role, int group) {
    return ids(connection.get("devices?status=" + role.wire() + "&group_id=" + group));
  }

  /** {@code GET devices/detail?status=}: every engine of a role, whole. */
  public List<EemDevice> devices(EemRole role) {
    return details(connection.get("devices/detail?status=" + role.wire()));
  }

  /** {@code GET devices/detail?status=&group_id=}: the engines of a role in one group, whole. */
  public List<EemDevice> devices(EemRole role, int group) {
    return details(connection.get("devices/detail?status=" + role.wire() + "&group_id=" + group));
  }

  /** {@code GET devices/{id}}: one engine. */
  public EemDevice device(String id) {
    JsonNode answer = connection.get("devices/" + checked(id));
    return EemDeviceJson.read(answer.get("device"));
  }

  /**
   * {@code PUT devices/{id}/group_id {"group_id": "N"}}: moves an engine into group {@code group}
   * (for an I/O engine: attaches it to the host of that group). The number goes as a string, the
   * form the manager writes and Valence sends back.
   */
  public GroupChange setGroup(String id, int group) {
    if (!EemGroups.assignable(group)) {
      throw new IllegalArgumentException("not an assignable group: " + group);
    }
    ObjectNode body =
        JsonNodeFactory.instance.objectNode().put("group_id", Integer.toString(group));
    return change(id, connection.put("devices/" + checked(id) + "/group_id", body));
  }

  /**
   * {@code PUT devices/{id}/group_id {"group_id": null}} on a host engine: the manager picks an
   * unused group for it and answers with it. The host may need a reboot before it sees devices
   * (Valence warns so).
   */
  public int allocateHostGroup(String hostId) {
    ObjectNode body = JsonNodeFactory.instance.objectNode().putNull("group_id");
    GroupChange change =
        change(hostId, connection.put("devices/" + checked(hostId) + "/group_id", body));
    return change
        .groupId()
        .orElseThrow(() -> new EemException(Kind.MALFORMED, "the allocation named no group"));
  }

  /**
   * {@code DELETE devices/{id}/group_id}: takes an engine out of its group (an I/O engine goes back
   * to the free pool, 4093).
   */
  public GroupChange deleteGroup(String id) {
    return change(id, connection.delete("devices/" + checked(id) + "/group_id"));
  }

  private static GroupChange change(String id, JsonNode answer) {
    Optional<Integer> group =
        answer.hasNonNull("group_id")
            ? Optional.of(EemDeviceJson.integer(answer.get("group_id").asText(), "group_id"))
            : Optional.empty();
    return new GroupChange(id, group, EemDeviceJson.time(answer, "update_time"));
  }

  private static List<String> ids(JsonNode answer) {
    List<String> ids = new ArrayList<>();
    for (JsonNode entry : list(answer)) {
      ids.add(requiredText(entry, "id"));
    }
    return ids;
  }

  private static List<EemDevice> details(JsonNode answer) {
    List<EemDevice> devices = new ArrayList<>();
    for (JsonNode entry : list(answer)) {
      devices.add(EemDeviceJson.read(entry));
    }
    return devices;
  }

  private static JsonNode list(JsonNode answer) {
    JsonNode devices = answer.get("devices");
    if (devices == null || !devices.isArray()) {
      throw new EemException(Kind.MALFORMED, "the answer has no devices list");
    }
    return devices;
  }

  private static String requiredText(JsonNode node, String field) {
    JsonNode v = node.get(field);
    if (v == null || !v.isValueNode() || v.isNull()) {
      throw new EemException(Kind.MALFORMED, "the answer lacks " + field);
    }
    return v.asText();
  }

  private static String checked(String id) {
    if (id == null || !DEVICE_ID.matcher(id).matches()) {
      throw new IllegalArgumentException("not an engine ID: " + id);
    }
    return id;
  }
}
