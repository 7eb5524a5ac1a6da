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
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;

/**
 * The manager's REST routes under {@code /eem}: Basic auth on every request, the path and query
 * read strictly ({@link EemRequestReader}), the state asked, the answer written as JSON. One
 * request, one call into {@link EemManagerState}.
 */
final class EemHttpFront implements HttpHandler {

  static final String ROOT = "/eem/";

  /** What {@code GET api_version} names: this simulator's; the real manager's is its own. */
  static final String API_VERSION = "1.0";

  private static final ObjectMapper JSON = new ObjectMapper();

  private final EemManagerState state;
  private final BasicCredentials credentials;
  private final AnswerGate gate;
  private final RequestLog log;

  EemHttpFront(
      EemManagerState state, String user, String password, AnswerGate gate, RequestLog log) {
    this.state = state;
    this.credentials = new BasicCredentials(user, password);
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
      if (!credentials.accept(exchange.getRequestHeaders().getFirst("Authorization"))) {
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
      return list(EemRequestReader.parameters(query), form);
    }
    if (parts.size() == 2 && parts.get(0).equals("devices") && !parts.get(1).isEmpty()) {
      only(exchange, method, "GET");
      EemRequestReader.noQuery(query);
      ObjectNode answer = JsonNodeFactory.instance.objectNode();
      answer.set("device", DeviceRecords.detail(state.get(parts.get(1))));
      return stamped(answer);
    }
    if (parts.size() == 3 && parts.get(0).equals("devices") && parts.get(2).equals("group_id")) {
      String id = parts.get(1);
      EemRequestReader.noQuery(query);
      if (method.equals("PUT")) {
        Accepted accepted =
            state.setGroup(id, EemRequestReader.requestedGroup(exchange.getRequestBody()));
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
      group = OptionalInt.of(EemRequestReader.number(parameters.get("group_id")));
    }
    ArrayNode devices = JsonNodeFactory.instance.arrayNode();
    state.list(role, group).forEach(e -> devices.add(form.apply(e)));
    ObjectNode answer = JsonNodeFactory.instance.objectNode();
    answer.set("devices", devices);
    return stamped(answer);
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
