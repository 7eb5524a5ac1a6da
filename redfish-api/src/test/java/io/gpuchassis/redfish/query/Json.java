package io.gpuchassis.redfish.query;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;

/** JSON literals for tests, with single quotes allowed for readability ({@code {'a': 'it\'s'}}). */
final class Json {

  private static final ObjectMapper LENIENT =
      JsonMapper.builder()
          .enable(
              JsonReadFeature.ALLOW_SINGLE_QUOTES,
              JsonReadFeature.ALLOW_BACKSLASH_ESCAPING_ANY_CHARACTER)
          .build();

  private Json() {}

  static ObjectNode obj(String json) {
    return (ObjectNode) node(json);
  }

  static JsonNode node(String json) {
    try {
      return LENIENT.readTree(json);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
