package io.gpuchassis.switchdrv.expether.sim;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * Reads what a request says, strictly: the list parameters the manager's clients send and nothing
 * else, group IDs as decimal digits, a group change's body as {@code {"group_id": ...}}. Anything
 * else is an {@link EemSimError} 400.
 */
final class EemRequestReader {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Set<String> LIST_PARAMETERS = Set.of("status", "group_id");
  private static final int MAX_BODY = 4096;

  private EemRequestReader() {}

  /** The body of a group change: {@code {"group_id": "N"}}, a number, or null for a new group. */
  static Integer requestedGroup(InputStream requestBody) throws IOException {
    JsonNode body;
    try (InputStream in = requestBody) {
      byte[] bytes = in.readNBytes(MAX_BODY + 1);
      if (bytes.length > MAX_BODY) {
        throw EemSimError.badRequest("body too long");
      }
      body = JSON.readTree(bytes);
    } catch (JsonProcessingException e) {
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

  static int number(String text) {
    if (!text.matches("[0-9]{1,5}")) {
      throw EemSimError.badRequest("not a group ID: " + text);
    }
    return Integer.parseInt(text);
  }

  static Map<String, String> parameters(String rawQuery) {
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

  static void noQuery(String rawQuery) {
    if (rawQuery != null && !rawQuery.isEmpty()) {
      throw EemSimError.badRequest("this resource takes no parameters");
    }
  }
}
