package io.gpuchassis.redfish.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.message.MessageInstance;
import io.gpuchassis.redfish.query.ETags;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes Redfish responses: JSON bodies with the protocol's headers, and error bodies built from
 * registry messages.
 */
public final class RedfishResponses {

  public static final String JSON = "application/json;charset=utf-8";
  private static final Logger LOG = LoggerFactory.getLogger(RedfishResponses.class);
  private static final ObjectMapper MAPPER = io.gpuchassis.redfish.json.RedfishJson.mapper();

  // Header names and constant values as Netty's ASCII strings: hashed once, copied as bytes.
  private static final CharSequence ODATA_VERSION = HttpHeaders.createOptimized("OData-Version");
  private static final CharSequence ODATA_4 = HttpHeaders.createOptimized("4.0");
  private static final CharSequence CACHE_CONTROL = HttpHeaders.createOptimized("Cache-Control");
  private static final CharSequence NO_STORE = HttpHeaders.createOptimized("no-store");
  private static final CharSequence CONTENT_TYPE = HttpHeaders.createOptimized("Content-Type");
  private static final CharSequence JSON_TYPE = HttpHeaders.createOptimized(JSON);
  private static final CharSequence ETAG = HttpHeaders.createOptimized("ETag");
  private static final CharSequence LINK = HttpHeaders.createOptimized("Link");

  private RedfishResponses() {}

  /** 200 with {@code body} serialized as Redfish JSON. */
  public static void ok(RoutingContext ctx, Object body) {
    json(ctx, 200, body);
  }

  public static void json(RoutingContext ctx, int status, Object body) {
    byte[] bytes;
    try {
      bytes = MAPPER.writeValueAsBytes(body);
    } catch (JsonProcessingException e) {
      LOG.error(
          "Cannot serialize the response to {} {}",
          ctx.request().method(),
          ctx.request().path(),
          e);
      error(ctx, io.gpuchassis.redfish.error.RedfishErrors.internal());
      return;
    }
    send(ctx, status, JSON, Buffer.buffer(bytes));
  }

  /**
   * {@code body} as a JSON object tree (model objects are serialized the way they would be sent).
   */
  public static ObjectNode tree(Object body) {
    if (body instanceof ObjectNode node) {
      return node;
    }
    return MAPPER.valueToTree(body);
  }

  /**
   * 200 with a resource's representation and its strong ETag, or 304 without a body when the
   * request's If-None-Match names that ETag (so that polling an unchanged resource costs almost
   * nothing).
   */
  public static void representation(RoutingContext ctx, ObjectNode body) {
    String etag = ETags.of(body);
    ctx.response().putHeader("ETag", etag);
    if (!answeredNotModified(ctx, etag)) {
      json(ctx, 200, body);
    }
  }

  /** 304 without a body when the request's If-None-Match names {@code etag}; false otherwise. */
  private static boolean answeredNotModified(RoutingContext ctx, String etag) {
    String ifNoneMatch = ctx.request().getHeader("If-None-Match");
    if (ifNoneMatch == null || !ETags.matchesIfNoneMatch(ifNoneMatch, etag)) {
      return false;
    }
    ctx.response()
        .setStatusCode(304)
        .putHeader(ODATA_VERSION, ODATA_4)
        .putHeader(CACHE_CONTROL, NO_STORE)
        .end();
    return true;
  }

  /**
   * As {@link #representation(RoutingContext, ObjectNode)} for a body serialised and tagged before
   * (a cached representation): nothing is rendered, hashed or copied here, and a 304 costs a header
   * comparison. The buffer is shared by every answer that sends it, on any event loop: Vert.x sends
   * a read-only view of it.
   *
   * @param etagHeader {@code etag} as the header value
   * @param link the {@code Link} header naming the body's schema, or null
   */
  public static void representation(
      RoutingContext ctx, Buffer body, String etag, CharSequence etagHeader, CharSequence link) {
    HttpServerResponse response = ctx.response();
    response.putHeader(ETAG, etagHeader);
    if (!answeredNotModified(ctx, etag)) {
      // the schema link describes the body: a 304 sends neither (RFC 9110, 15.4.5)
      if (link != null) {
        response.putHeader(LINK, link);
      }
      send(ctx, 200, JSON, body);
    }
  }

  /**
   * 200 with a changed resource, its ETag, and the messages of whatever part of the request was
   * rejected.
   */
  public static void changed(
      RoutingContext ctx, ObjectNode body, java.util.List<MessageInstance> rejected) {
    ctx.response().putHeader("ETag", ETags.of(body));
    if (!rejected.isEmpty()) {
      ArrayNode infos = body.putArray("@Message.ExtendedInfo");
      rejected.forEach(m -> infos.add(message(m)));
    }
    json(ctx, 200, body);
  }

  /** Sends {@code content} with the headers every Redfish response carries. */
  public static void send(RoutingContext ctx, int status, String contentType, Buffer content) {
    send(ctx.response(), status, contentType, content);
  }

  private static void send(
      HttpServerResponse response, int status, String contentType, Buffer content) {
    if (response.ended()) {
      return;
    }
    response.setStatusCode(status);
    response.putHeader(ODATA_VERSION, ODATA_4);
    response.putHeader(CONTENT_TYPE, JSON.equals(contentType) ? JSON_TYPE : contentType);
    response.putHeader(CACHE_CONTROL, NO_STORE);
    response.end(content);
  }

  /** The error response for {@code e}: its status, headers and {@code {"error": {...}}} body. */
  public static void error(RoutingContext ctx, RedfishException e) {
    error(ctx.request(), e);
  }

  /**
   * The error response for {@code e} to a request no router has seen (one refused at the door). A
   * browser gets a 401 without the Basic challenge ({@link BrowserRequests}).
   */
  public static void error(HttpServerRequest request, RedfishException e) {
    HttpServerResponse response = request.response();
    boolean browser = e.status() == 401 && BrowserRequests.isBrowser(request);
    e.headers()
        .forEach(
            (name, value) -> {
              if (!(browser && name.equalsIgnoreCase("WWW-Authenticate"))) {
                response.putHeader(name, value);
              }
            });
    byte[] bytes;
    try {
      bytes = MAPPER.writeValueAsBytes(errorBody(e));
    } catch (JsonProcessingException impossible) {
      throw new IllegalStateException("an error body is a plain JSON tree", impossible);
    }
    send(response, e.status(), JSON, Buffer.buffer(bytes));
  }

  static ObjectNode errorBody(RedfishException e) {
    ObjectNode root = MAPPER.createObjectNode();
    ObjectNode error = root.putObject("error");
    MessageInstance first = e.messages().get(0);
    boolean single = e.messages().size() == 1;
    error.put("code", single ? first.definition().messageId() : "Base.1.22.1.GeneralError");
    error.put(
        "message",
        e.detail()
            .orElse(
                single
                    ? first.text()
                    : "A general error has occurred.  See ExtendedInfo for more information."));
    ArrayNode infos = error.putArray("@Message.ExtendedInfo");
    for (MessageInstance m : e.messages()) {
      infos.add(message(m));
    }
    return root;
  }

  /** One Message object (Message.v1_3_0) for {@code @Message.ExtendedInfo}. */
  public static ObjectNode message(MessageInstance m) {
    ObjectNode node = MAPPER.createObjectNode();
    node.put("@odata.type", "#Message.v1_3_0.Message");
    node.put("MessageId", m.definition().messageId());
    node.put("Message", m.text());
    ArrayNode args = node.putArray("MessageArgs");
    m.args().forEach(args::add);
    node.put("MessageSeverity", m.definition().severity());
    node.put("Resolution", m.definition().resolution());
    if (!m.relatedProperties().isEmpty()) {
      ArrayNode related = node.putArray("RelatedProperties");
      m.relatedProperties().forEach(related::add);
    }
    return node;
  }
}
