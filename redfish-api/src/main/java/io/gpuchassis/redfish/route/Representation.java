package io.gpuchassis.redfish.route;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.redfish.http.RedfishResponses;
import io.gpuchassis.redfish.json.RedfishJson;
import io.gpuchassis.redfish.query.ETags;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.function.Function;

/**
 * One rendering of a resource, with everything a GET answers worked out once: the JSON bytes, the
 * strong ETag of its canonical form, and the Link header naming its schema. The tree is shared and
 * must only be read. The bytes are also kept as the buffer every answer sends, and the header
 * values as ASCII strings, so that answering copies them as they are.
 *
 * @param link the value of the {@code Link} header, or null
 */
record Representation(
    ObjectNode tree,
    byte[] bytes,
    String etag,
    String link,
    Buffer body,
    CharSequence etagHeader,
    CharSequence linkHeader) {

  static Representation of(ObjectNode tree, Function<String, Optional<String>> schemas) {
    byte[] bytes;
    try {
      bytes = RedfishJson.mapper().writeValueAsBytes(tree);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException("a JSON tree always serialises", e);
    }
    String etag = ETags.of(tree);
    String link = linkOf(tree, schemas);
    return new Representation(
        tree,
        bytes,
        etag,
        link,
        Buffer.buffer(bytes),
        HttpHeaders.createOptimized(etag),
        link == null ? null : HttpHeaders.createOptimized(link));
  }

  /** Answers a GET with this representation (or 304 when the request already has it). */
  void answer(RoutingContext ctx) {
    RedfishResponses.representation(ctx, body, etag, etagHeader, linkHeader);
  }

  /** DSP0266: the Link header naming the JSON schema of the resource's {@code @odata.type}. */
  static String linkOf(ObjectNode tree, Function<String, Optional<String>> schemas) {
    com.fasterxml.jackson.databind.JsonNode type = tree.get("@odata.type");
    if (type == null || !type.isTextual()) {
      return null;
    }
    return schemas.apply(type.asText()).map(uri -> "<" + uri + ">; rel=describedby").orElse(null);
  }
}
