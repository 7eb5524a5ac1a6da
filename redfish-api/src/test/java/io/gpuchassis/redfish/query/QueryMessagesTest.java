package io.gpuchassis.redfish.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.MessageDefinition;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** Every query message says exactly what the DMTF Base registry file says. */
class QueryMessagesTest {

  @Test
  void every_message_matches_the_dmtf_registry() throws Exception {
    Path registry = findRegistry();
    Assumptions.assumeTrue(
        registry != null,
        "DMTF registries not found beside the project (../shared/redfish/registries); skipped");
    JsonNode file = new ObjectMapper().readTree(registry.toFile());
    assertEquals(BaseMessages.REGISTRY, file.get("Id").asText());
    for (MessageDefinition d : definitions()) {
      JsonNode m = file.get("Messages").get(d.key());
      assertNotNull(m, d.key() + " is not in " + registry);
      assertEquals(m.get("Message").asText(), d.template(), d.key());
      assertEquals(m.get("MessageSeverity").asText(), d.severity(), d.key());
      assertEquals(m.get("NumberOfArgs").asInt(), d.numberOfArgs(), d.key());
      assertEquals(m.get("Resolution").asText(), d.resolution(), d.key());
    }
  }

  @Test
  void all_messages_belong_to_the_base_registry_the_agent_uses() throws Exception {
    List<MessageDefinition> definitions = definitions();
    assertTrue(definitions.size() >= 8);
    for (MessageDefinition d : definitions) {
      assertEquals("Base.1.22.1", d.registry());
      assertTrue(d.messageId().startsWith("Base.1.22.1."));
    }
  }

  @Test
  void arguments_fill_the_templates() {
    assertEquals(
        "The value '9' for the query parameter $top is out of range 1-6.",
        QueryMessages.QUERY_PARAMETER_OUT_OF_RANGE.with("9", "$top", "1-6").text());
    assertEquals(
        "Query parameter '$orderby' is not supported.",
        QueryMessages.QUERY_PARAMETER_UNSUPPORTED.with("$orderby").text());
  }

  private static List<MessageDefinition> definitions() throws IllegalAccessException {
    List<MessageDefinition> list = new ArrayList<>();
    for (Field f : QueryMessages.class.getFields()) {
      if (Modifier.isStatic(f.getModifiers()) && f.getType() == MessageDefinition.class) {
        list.add((MessageDefinition) f.get(null));
      }
    }
    return list;
  }

  private static Path findRegistry() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null) {
      for (Path candidate :
          List.of(
              dir.resolve("shared/redfish/registries"),
              dir.resolve("../shared/redfish/registries"))) {
        Path file = candidate.resolve(BaseMessages.REGISTRY + ".json").normalize();
        if (Files.isRegularFile(file)) {
          return file;
        }
      }
      dir = dir.getParent();
    }
    return null;
  }
}
