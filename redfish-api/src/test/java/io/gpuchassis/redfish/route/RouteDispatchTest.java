package io.gpuchassis.redfish.route;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.redfish.json.RedfishJson;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.ext.web.Router;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Route dispatch over HTTP: a literal template beats a template beside it, 405 names the methods a
 * path has, a trailing slash names the same resource, and a cached resource answers from its cache
 * only while its version stands (its body and ETag follow its state; a 304 renders nothing).
 */
class RouteDispatchTest {

  private static final String SYSTEMS = "/redfish/v1/Systems";
  private static final Caller OPERATOR =
      new Caller(
          "op",
          "Operator",
          Set.of(Privilege.Login, Privilege.ConfigureComponents),
          Optional.empty(),
          false);
  private static final Caller NO_ONE = new Caller("x", "NoAccess", Set.of());

  private Vertx vertx;
  private HttpServer server;
  private final HttpClient client =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private RedfishRoutes routes;
  private Caller who = OPERATOR;

  /** The state the cached resources render: a value and its generation. */
  private final AtomicLong generation = new AtomicLong(1);

  private volatile String temperature = "cool";
  private final AtomicInteger renders = new AtomicInteger();
  private final AtomicInteger fabricRenders = new AtomicInteger();

  @BeforeEach
  void start() {
    vertx = Vertx.vertx();
    Router router = Router.router(vertx);
    routes =
        new RedfishRoutes(router, request -> Future.succeededFuture(Optional.of(who)), "/redfish");
    routes.get(SYSTEMS + "/{SystemId}", "ComputerSystem", ctx -> ctx.end("member"));
    routes.patch(SYSTEMS + "/{SystemId}", "ComputerSystem", ctx -> ctx.end("patched"));
    routes.get(SYSTEMS + "/Capabilities", "ComputerSystem", ctx -> ctx.end("capabilities"));
    routes.notAllowed(HttpMethod.DELETE, SYSTEMS + "/{SystemId}", "Give its parts back by PATCH.");
    ResourceRenderer chassis =
        (params, caller) -> {
          renders.incrementAndGet();
          return member(params.get("ChassisId"), temperature);
        };
    routes.resource(
        "/redfish/v1/Chassis/{ChassisId}", "Chassis", params -> generation.get(), chassis);
    routes.resource(
        "/redfish/v1/Chassis",
        "ChassisCollection",
        params -> generation.get(),
        (params, caller) -> collection("/redfish/v1/Chassis", "A", "B"));
    // The same resources without a cache, to compare against
    routes.resource(
        "/redfish/v1/Fabrics/{FabricId}",
        "Fabric",
        (params, caller) -> {
          fabricRenders.incrementAndGet();
          return member(params.get("FabricId"), temperature);
        });
    // A cached collection whose members are rendered per request
    routes.resource(
        "/redfish/v1/Managers",
        "ManagerCollection",
        params -> 0L,
        (params, caller) -> {
          ObjectNode node = collection("/redfish/v1/Managers");
          node.putArray("Members").addObject().put("@odata.id", "/redfish/v1/Fabrics/F");
          return node;
        });
    routes.resource(
        "/redfish/v1/Fabrics",
        "FabricCollection",
        (params, caller) -> collection("/redfish/v1/Fabrics", "A", "B"));
    routes.seal();
    router
        .route()
        .failureHandler(
            ctx -> {
              System.err.println("FAILED " + ctx.request().path() + " " + ctx.failure());
              ctx.response().setStatusCode(500).end();
            });
    server = vertx.createHttpServer().requestHandler(router).listen(0, "127.0.0.1").await();
  }

  @AfterEach
  void stop() {
    vertx.close().await();
  }

  private static ObjectNode member(String id, String temperature) {
    ObjectNode node = RedfishJson.mapper().createObjectNode();
    node.put("@odata.id", "/redfish/v1/Chassis/" + id);
    node.put("@odata.type", "#Chassis.v1_28_0.Chassis");
    node.put("Id", id);
    node.put("Temperature", temperature);
    return node;
  }

  private static ObjectNode collection(String uri, String... ids) {
    ObjectNode node = RedfishJson.mapper().createObjectNode();
    node.put("@odata.id", uri);
    node.put("@odata.type", "#ChassisCollection.ChassisCollection");
    var members = node.putArray("Members");
    for (String id : ids) {
      members.addObject().put("@odata.id", "/redfish/v1/Chassis/" + id);
    }
    node.put("Members@odata.count", ids.length);
    return node;
  }

  private record Answer(int status, MultiMap headers, String body) {
    JsonNode json() {
      try {
        return RedfishJson.mapper().readTree(body);
      } catch (Exception e) {
        throw new AssertionError(body, e);
      }
    }
  }

  /**
   * Sends a request with the JDK's client. Vert.x's own client, driven from the test's thread, lost
   * an answer in about one run in sixty of the cached-resource tests on a loaded machine, although
   * the server had sent it (its log showed every answer ended); with this client, 800 runs beside
   * two busy-looping processes lost none.
   */
  private Answer send(HttpMethod method, String path, String... headers) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.actualPort() + path))
            .method(method.name(), HttpRequest.BodyPublishers.noBody())
            .timeout(Duration.ofSeconds(30)); // an unanswered request fails, not hangs
    for (int i = 0; i < headers.length; i += 2) {
      request.header(headers[i], headers[i + 1]);
    }
    try {
      HttpResponse<String> answer =
          client.send(request.build(), HttpResponse.BodyHandlers.ofString());
      MultiMap answerHeaders = MultiMap.caseInsensitiveMultiMap();
      answer.headers().map().forEach(answerHeaders::add);
      return new Answer(answer.statusCode(), answerHeaders, answer.body());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  @Test
  void a_literal_template_beats_the_template_beside_it() {
    assertEquals("capabilities", send(HttpMethod.GET, SYSTEMS + "/Capabilities").body());
    assertEquals("capabilities", send(HttpMethod.GET, SYSTEMS + "/Capabilities/").body());
    assertEquals("member", send(HttpMethod.GET, SYSTEMS + "/1").body());
    assertEquals("patched", send(HttpMethod.PATCH, SYSTEMS + "/1").body());
    Answer patch = send(HttpMethod.PATCH, SYSTEMS + "/Capabilities");
    assertEquals(405, patch.status(), "the literal resource has no PATCH: " + patch.body());
    assertEquals("GET, HEAD", patch.headers().get("Allow"));
  }

  @Test
  void reads_name_the_methods_of_their_resource() {
    assertEquals("GET, HEAD, PATCH", send(HttpMethod.GET, SYSTEMS + "/1").headers().get("Allow"));
    assertEquals(
        "GET, HEAD", send(HttpMethod.GET, SYSTEMS + "/Capabilities").headers().get("Allow"));
    assertEquals(404, send(HttpMethod.GET, SYSTEMS + "/1/Nothing").status());
    assertEquals(405, send(HttpMethod.DELETE, SYSTEMS + "/1").status());
    assertEquals(
        "GET, HEAD, PATCH", send(HttpMethod.DELETE, SYSTEMS + "/1").headers().get("Allow"));
  }

  @Test
  void a_refused_method_says_why_and_stays_out_of_allow() {
    Answer delete = send(HttpMethod.DELETE, SYSTEMS + "/1");
    assertEquals(405, delete.status());
    assertEquals("GET, HEAD, PATCH", delete.headers().get("Allow"));
    assertEquals("Give its parts back by PATCH.", delete.json().at("/error/message").asText());
    assertTrue(
        delete
            .json()
            .at("/error/@Message.ExtendedInfo/0/MessageId")
            .asText()
            .endsWith(".OperationNotAllowed"),
        delete.body());
    Answer literal = send(HttpMethod.DELETE, SYSTEMS + "/Capabilities");
    assertEquals(405, literal.status());
    assertNotEquals(
        "Give its parts back by PATCH.",
        literal.json().at("/error/message").asText(),
        "the literal resource beside the template has no such reason");
  }

  @Test
  void a_cached_resource_changes_its_body_and_etag_with_its_state() {
    Answer first = send(HttpMethod.GET, "/redfish/v1/Chassis/A");
    Answer again = send(HttpMethod.GET, "/redfish/v1/Chassis/A/");
    assertEquals(200, first.status());
    assertEquals("cool", first.json().get("Temperature").asText());
    assertEquals(first.body(), again.body());
    assertEquals(first.headers().get("ETag"), again.headers().get("ETag"));
    assertEquals(1, renders.get(), "the second read is answered from the cache");
    assertTrue(first.headers().get("Link").contains("Chassis.v1_28_0.json"));

    temperature = "hot";
    generation.incrementAndGet();
    Answer changed = send(HttpMethod.GET, "/redfish/v1/Chassis/A");
    assertEquals("hot", changed.json().get("Temperature").asText());
    assertNotEquals(first.headers().get("ETag"), changed.headers().get("ETag"));
    assertEquals(
        200,
        send(HttpMethod.GET, "/redfish/v1/Chassis/A", "If-None-Match", first.headers().get("ETag"))
            .status(),
        "the old ETag no longer matches");
  }

  @Test
  void a_304_is_answered_without_rendering() {
    String etag = send(HttpMethod.GET, "/redfish/v1/Chassis/A").headers().get("ETag");
    int before = renders.get();
    for (int i = 0; i < 3; i++) {
      Answer notModified = send(HttpMethod.GET, "/redfish/v1/Chassis/A", "If-None-Match", etag);
      assertEquals(304, notModified.status());
      assertEquals("", notModified.body());
      assertEquals(etag, notModified.headers().get("ETag"));
      assertNull(notModified.headers().get("Link"), "the schema link describes a body");
    }
    assertEquals(before, renders.get());
  }

  @Test
  void a_cached_resource_is_refused_to_a_caller_without_its_privilege() {
    send(HttpMethod.GET, "/redfish/v1/Chassis/A");
    who = NO_ONE;
    assertEquals(403, send(HttpMethod.GET, "/redfish/v1/Chassis/A").status());
    assertEquals(Optional.empty(), routes.render("/redfish/v1/Chassis/A", NO_ONE));
  }

  @Test
  void expand_answers_the_same_body_from_the_cache_as_without_it() {
    JsonNode cached = send(HttpMethod.GET, "/redfish/v1/Chassis?$expand=.($levels=1)").json();
    JsonNode plain = send(HttpMethod.GET, "/redfish/v1/Fabrics?$expand=.($levels=1)").json();
    assertEquals(2, cached.get("Members").size());
    assertEquals("cool", cached.get("Members").get(1).get("Temperature").asText());
    ((ObjectNode) cached).remove("@odata.id");
    ((ObjectNode) plain).remove("@odata.id");
    assertEquals(plain, cached);
    int rendered = renders.get();
    send(HttpMethod.GET, "/redfish/v1/Chassis?$expand=.($levels=1)");
    assertEquals(rendered, renders.get(), "the members come from the cache");
    temperature = "hot";
    generation.incrementAndGet();
    JsonNode changed = send(HttpMethod.GET, "/redfish/v1/Chassis?$expand=.($levels=1)").json();
    assertEquals("hot", changed.get("Members").get(0).get("Temperature").asText());
  }

  @Test
  void an_expansion_that_read_an_uncached_resource_is_not_kept() {
    String expand = "/redfish/v1/Managers?$expand=.($levels=1)";
    assertEquals("cool", send(HttpMethod.GET, expand).json().at("/Members/0/Temperature").asText());
    temperature = "hot";
    assertEquals("hot", send(HttpMethod.GET, expand).json().at("/Members/0/Temperature").asText());
    assertEquals(2, fabricRenders.get());
  }

  @Test
  void select_on_a_cached_resource_leaves_the_cache_whole() {
    JsonNode selected = send(HttpMethod.GET, "/redfish/v1/Chassis/A?$select=Id").json();
    assertNull(selected.get("Temperature"));
    assertEquals(
        "cool", send(HttpMethod.GET, "/redfish/v1/Chassis/A").json().get("Temperature").asText());
  }

  @Test
  void a_rendered_tree_is_the_callers_to_change() {
    ObjectNode mine = routes.render("/redfish/v1/Chassis/A", OPERATOR).orElseThrow();
    mine.put("Temperature", "changed by a caller");
    assertEquals(
        "cool",
        routes
            .render("/redfish/v1/Chassis/A?x=1", OPERATOR)
            .orElseThrow()
            .get("Temperature")
            .asText());
    assertEquals(
        "cool", send(HttpMethod.GET, "/redfish/v1/Chassis/A").json().get("Temperature").asText());
  }

  @Test
  void render_finds_a_resource_by_its_uri() {
    assertEquals(
        "B", routes.render("/redfish/v1/Chassis/B#x", OPERATOR).orElseThrow().get("Id").asText());
    assertEquals(Optional.empty(), routes.render("/redfish/v1/Chassis/B/Nothing", OPERATOR));
    assertEquals(Optional.empty(), routes.render("/redfish/v1/Chassis//", OPERATOR));
  }
}
