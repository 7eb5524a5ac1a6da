package io.gpuchassis.switchdrv.expether.sim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import io.gpuchassis.switchdrv.expether.EemRole;
import io.gpuchassis.switchdrv.expether.sim.EemManagerState.Accepted;
import io.gpuchassis.switchdrv.expether.sim.EemManagerState.EngineView;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Function;

/**
 * The manager's REST routes under {@code /eem}: Basic auth on every request, the path and query
 * read strictly (an unknown parameter or a malformed value is a 400), the state asked, the answer
 * written as JSON. One request, one call into {@link EemManagerState}.
 */
final class EemHttpFront implements HttpHandler {

  static final String ROOT = "/eem/";

  /** What {@code GET api_version} names: this simulator's; the real manager's is its own. */
  static final String API_VERSION = "1.0";

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Set<String> LIST_PARAMETERS = Set.of("status", "group_id");
  private static final int MAX_BODY = 4096;

  private final EemManagerState state;
  private final byte[] credentials;
  private final AnswerGate gate;
  private final RequestLog log;

  EemHttpFront(
      EemManagerState state, String user, String password, AnswerGate gate, RequestLog log) {
    this.state = state;
    this.credentials = (user + ":" + password).getBytes(StandardCharsets.UTF_8);
    this.gate = gate;
    this.log = log;
  }

  @Override
  public void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().getRawPath();
      String query = exchange.getRequestURI().getRawQuery();
      String method = exchange.getRequestMethod();
      String local = path.startsWith(ROOT) ? path.substring(ROOT.length()) : "";
      log.add(method + " " + local + (query == null ? "" : "?" + query));
      if (!gate.pass()) {
        return; // closing while held: the client sees its connection end
      }
      if (!authorized(exchange)) {
        exchange.getResponseHeaders().set("WWW-Authenticate", "Basic realm=\"EEM\"");
        send(exchange, 401, error("40100", "authentication failed"));
        return;
      }
      try {
        send(exchange, 200, route(exchange, method, local, query));
      } catch (EemSimError e) {
        send(exchange, e.status(), error(e.code(), e.getMessage()));
      }
    }
  }

  private JsonNode route(HttpExchange exchange, String method, String local, String query)
      throws IOException {
    List<String> parts = List.of(local.split("/", -1));
    if (local.equals("api_version")) {
      only(exchange, method, "GET");
      return JsonNodeFactory.instance.objectNode().put("version_number", API_VERSION);
    }
    if (local.equals("devices") || local.equals("devices/detail")) {
      only(exchange, method, "GET");
      Function<EngineView, ObjectNode> form =
          local.equals("devices") ? DeviceRecords::summary : DeviceRecords::detail;
      return list(parameters(query), form);
    }
    if (parts.size() == 2 && parts.get(0).equals("devices") && !parts.get(1).isEmpty()) {
      only(exchange, method, "GET");
      noQuery(query);
      ObjectNode answer = JsonNodeFactory.instance.objectNode();
      answer.set("device", DeviceRecords.detail(state.get(parts.get(1))));
      return stamped(answer);
    }
    if (parts.size() == 3 && parts.get(0).equals("devices") && parts.get(2).equals("group_id")) {
      String id = parts.get(1);
      noQuery(query);
      if (method.equals("PUT")) {
        Accepted accepted = state.setGroup(id, requestedGroup(exchange));
        return JsonNodeFactory.instance
            .objectNode()
            .put("group_id", Integer.toString(accepted.group()))
            .put("update_time", DeviceRecords.millis(accepted.updateTime()));
      }
      only(exchange, method, "PUT, DELETE", "DELETE");
      Accepted accepted = state.deleteGroup(id);
      return JsonNodeFactory.instance
          .objectNode()
          .put("update_time", DeviceRecords.millis(accepted.updateTime()));
    }
    throw EemSimError.notFound("no resource " + local);
  }

  private JsonNode list(Map<String, String> parameters, Function<EngineView, ObjectNode> form) {
    Optional<EemRole> role = Optional.empty();
    if (parameters.containsKey("status")) {
      String status = parameters.get("status");
      if (!status.equals("eesv") && !status.equals("eeio")) {
        throw EemSimError.badRequest("status must be eesv or eeio, got " + status);
      }
      role = Optional.of(status.equals("eesv") ? EemRole.EESV : EemRole.EEIO);
    }
    OptionalInt group = OptionalInt.empty();
    if (parameters.containsKey("group_id")) {
      group = OptionalInt.of(number(parameters.get("group_id")));
    }
    ArrayNode devices = JsonNodeFactory.instance.arrayNode();
    state.list(role, group).forEach(e -> devices.add(form.apply(e)));
    ObjectNode answer = JsonNodeFactory.instance.objectNode();
    answer.set("devices", devices);
    return stamped(answer);
  }

  /** The body of a group change: {@code {"group_id": "N"}}, a number, or null for a new group. */
  private static Integer requestedGroup(HttpExchange exchange) throws IOException {
    JsonNode body;
    try (InputStream in = exchange.getRequestBody()) {
      byte[] bytes = in.readNBytes(MAX_BODY + 1);
      if (bytes.length > MAX_BODY) {
        throw EemSimError.badRequest("body too long");
      }
      body = JSON.readTree(bytes);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw EemSimError.badRequest("body is not JSON");
    }
    if (body == null || !body.isObject() || !body.has("group_id")) {
      throw EemSimError.badRequest("body must be {\"group_id\": ...}");
    }
    JsonNode value = body.get("group_id");
    if (value.isNull()) {
      return null;
    }
    if (value.isTextual()) {
      return number(value.asText());
    }
    if (value.isInt()) {
      return value.asInt();
    }
    throw EemSimError.badRequest("group_id must be a number, a string of one, or null");
  }

  private static int number(String text) {
    if (!text.matches("[0-9]{1,5}")) {
      throw EemSimError.badRequest("not a group ID: " + text);
    }
    return Integer.parseInt(text);
  }

  private static Map<String, String> parameters(String rawQuery) {
    Map<String, String> parameters = new HashMap<>();
    if (rawQuery == null || rawQuery.isEmpty()) {
      return parameters;
    }
    for (String pair : rawQuery.split("&")) {
      int eq = pair.indexOf('=');
      String name = decode(eq < 0 ? pair : pair.substring(0, eq));
      String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
      if (!LIST_PARAMETERS.contains(name)) {
        throw EemSimError.badRequest("unknown parameter " + name);
      }
      if (parameters.put(name, value) != null) {
        throw EemSimError.badRequest("parameter " + name + " given twice");
      }
    }
    return parameters;
  }

  private static String decode(String s) {
    try {
      return URLDecoder.decode(s, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw EemSimError.badRequest("bad escape in query");
    }
  }

  private static void noQuery(String rawQuery) {
    if (rawQuery != null && !rawQuery.isEmpty()) {
      throw EemSimError.badRequest("this resource takes no parameters");
    }
  }

  private static void only(HttpExchange exchange, String method, String allowed) {
    only(exchange, method, allowed, allowed);
  }

  private static void only(HttpExchange exchange, String method, String allow, String expected) {
    if (!method.equals(expected)) {
      exchange.getResponseHeaders().set("Allow", allow);
      throw new EemSimError(405, "40500", method + " is not allowed here");
    }
  }

  private ObjectNode stamped(ObjectNode answer) {
    return answer.put("timestamp", DeviceRecords.millis(state.now()));
  }

  private boolean authorized(HttpExchange exchange) {
    String header = exchange.getRequestHeaders().getFirst("Authorization");
    if (header == null || !header.regionMatches(true, 0, "Basic ", 0, 6)) {
      return false;
    }
    byte[] given;
    try {
      given = Base64.getDecoder().decode(header.substring(6).trim());
    } catch (IllegalArgumentException e) {
      return false;
    }
    return MessageDigest.isEqual(given, credentials);
  }

  private static ObjectNode error(String code, String message) {
    return JsonNodeFactory.instance.objectNode().put("code", code).put("message", message);
  }

  private static void send(HttpExchange exchange, int status, JsonNode body) throws IOException {
    byte[] bytes = JSON.writeValueAsBytes(body);
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }
}
