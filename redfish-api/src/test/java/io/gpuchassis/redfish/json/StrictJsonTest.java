package io.gpuchassis.redfish.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * One document is one JSON value: duplicate names and trailing content are errors, in both reading
 * modes.
 */
class StrictJsonTest {

  @Test
  void a_name_given_twice_is_refused_at_any_depth() {
    for (String json :
        new String[] {"{\"a\":1,\"a\":2}", "{\"o\":{\"b\":1,\"b\":1}}", "[{\"c\":[],\"c\":{}}]"}) {
      assertThrows(IOException.class, () -> read(json), json);
      assertThrows(IOException.class, () -> RedfishJson.lenientReader().readTree(json), json);
    }
  }

  @Test
  void content_after_the_document_is_refused() {
    for (String json :
        new String[] {"{\"a\":1}xyz", "{\"a\":1}{}", "{\"a\":1}]", "{\"a\":1} 2", "[1] [2]"}) {
      assertThrows(IOException.class, () -> read(json), json);
    }
  }

  @Test
  void whitespace_after_the_document_is_fine() throws Exception {
    JsonNode node = read("{\"a\":1}\r\n\t ");
    assertEquals(1, node.get("a").asInt());
  }

  private static JsonNode read(String json) throws IOException {
    return RedfishJson.mapper().readTree(json.getBytes(StandardCharsets.UTF_8));
  }
}
