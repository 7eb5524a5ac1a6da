package io.gpuchassis.redfish.query;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gpuchassis.redfish.json.RedfishJson;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Entity tags for Redfish resources (DSP0266 §6.5: strong validators) and the {@code If-Match} /
 * {@code If-None-Match} tests of RFC 7232.
 *
 * <p>A route computes {@link #of} from the body it renders, sends it as {@code ETag} (and may put
 * it in {@code @odata.etag}), and before a PATCH checks {@link #matchesIfMatch} against the current
 * body's tag: false means 412. On a GET, {@link #matchesIfNoneMatch} true means 304.
 */
public final class ETags {

  /** How two tags are compared (RFC 7232 §2.3.2). */
  public enum Comparison {
    /** Both strong and equal: for {@code If-Match}. */
    STRONG,
    /** Equal opaque parts, weak or not: for {@code If-None-Match}. */
    WEAK
  }

  private static final String ETAG_PROPERTY = "@odata.etag";
  private static final ObjectMapper MAPPER = RedfishJson.mapper();

  private ETags() {}

  /**
   * A strong ETag for {@code body}, quoted: {@code "} + the first 16 hex digits of the SHA-256 of
   * its canonical JSON + {@code "}. Canonical means object properties in name order and no
   * whitespace, so two renderings of the same state give the same tag whatever the property order.
   * A top-level {@code @odata.etag} is left out, so that a body can carry its own tag.
   */
  public static String of(JsonNode body) {
    try {
      MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
      byte[] digest = sha256.digest(canonicalBytes(body));
      return "\"" + HexFormat.of().formatHex(digest, 0, 8) + "\"";
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }

  /**
   * Whether {@code header} (an {@code If-Match} value) lets a change to the resource tagged {@code
   * etag} proceed.
   */
  public static boolean matchesIfMatch(String header, String etag) {
    return matches(header, etag, Comparison.STRONG);
  }

  /**
   * Whether {@code header} (an {@code If-None-Match} value) names the resource tagged {@code etag}
   * (so: 304/412).
   */
  public static boolean matchesIfNoneMatch(String header, String etag) {
    return matches(header, etag, Comparison.WEAK);
  }

  /**
   * Whether any tag in {@code header} matches {@code etag}, compared as {@code comparison} says.
   * {@code *} matches any current tag. With no current tag ({@code etag} null: no representation)
   * nothing matches; nor does an empty or unreadable header.
   */
  public static boolean matches(String header, String etag, Comparison comparison) {
    if (header == null || etag == null) {
      return false;
    }
    // The usual case, a poller sending back the one strong tag it was given, needs no parsing
    // (this decides every 304): an exact copy of a strong tag matches either way.
    if (header.equals(etag) && isStrongTag(etag)) {
      return true;
    }
    if (header.trim().equals("*")) {
      return true;
    }
    EntityTag current = EntityTag.parse(etag).orElse(null);
    if (current == null) {
      return false;
    }
    for (EntityTag tag : EntityTag.parseList(header)) {
      if (comparison == Comparison.STRONG ? tag.strongMatch(current) : tag.weakMatch(current)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isStrongTag(String etag) {
    return etag.length() >= 2
        && etag.charAt(0) == '"'
        && etag.charAt(etag.length() - 1) == '"'
        && etag.indexOf('"', 1) == etag.length() - 1;
  }

  static byte[] canonicalBytes(JsonNode body) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator generator = MAPPER.getFactory().createGenerator(out)) {
      writeCanonical(generator, body, true);
    } catch (IOException e) {
      throw new UncheckedIOException("writing to memory cannot fail", e);
    }
    return out.toByteArray();
  }

  private static void writeCanonical(JsonGenerator generator, JsonNode node, boolean top)
      throws IOException {
    if (node.isObject()) {
      List<String> names = new ArrayList<>();
      node.fieldNames().forEachRemaining(names::add);
      names.sort(null);
      generator.writeStartObject();
      for (String name : names) {
        if (top && name.equals(ETAG_PROPERTY)) {
          continue;
        }
        generator.writeFieldName(name);
        writeCanonical(generator, node.get(name), false);
      }
      generator.writeEndObject();
    } else if (node.isArray()) {
      generator.writeStartArray();
      for (JsonNode element : node) {
        writeCanonical(generator, element, false);
      }
      generator.writeEndArray();
    } else {
      MAPPER.writeTree(generator, node);
    }
  }
}
