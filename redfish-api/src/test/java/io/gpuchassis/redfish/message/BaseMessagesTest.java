package io.gpuchassis.redfish.message;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** Every Base message the agent emits says exactly what the DMTF registry file says. */
class BaseMessagesTest {

  @Test
  void every_message_matches_the_dmtf_registry() throws Exception {
    Path registry = findRegistry();
    Assumptions.assumeTrue(
        registry != null,
        "DMTF registries not found beside the project (../shared/redfish/registries); skipped");
    JsonNode file = new ObjectMapper().readTree(registry.toFile());
    assertEquals(BaseMessages.REGISTRY, file.get("Id").asText());
    List<MessageDefinition> definitions = definitions();
    assertTrue(definitions.size() > 5);
    for (MessageDefinition d : definitions) {
      JsonNode m = file.get("Messages").get(d.key());
      assertNotNull(m, d.key() + " is not in " + registry);
      assertEquals(m.get("Message").asText(), d.template(), d.key());
      assertEquals(m.get("MessageSeverity").asText(), d.severity(), d.key());
      assertEquals(m.get("NumberOfArgs").asInt(), d.numberOfArgs(), d.key());
      assertEquals(m.get("Resolution").asText(), d.resolution(), d.key());
      assertEquals(paramTypes(m), d.paramTypes(), d.key());
    }
  }

  private static List<String> paramTypes(JsonNode message) {
    List<String> types = new ArrayList<>();
    message.path("ParamTypes").forEach(t -> types.add(t.asText()));
    return types;
  }

  @Test
  void every_composition_message_matches_the_dmtf_registry() throws Exception {
    checkAgainstRegistry(CompositionMessages.class, CompositionMessages.REGISTRY);
  }

  @Test
  void every_account_security_message_matches_the_dmtf_registry() throws Exception {
    checkAgainstRegistry(AccountSecurityMessages.class, AccountSecurityMessages.REGISTRY);
  }

  @Test
  void every_task_event_message_matches_the_dmtf_registry() throws Exception {
    checkAgainstRegistry(TaskEventMessages.class, TaskEventMessages.REGISTRY);
    checkAgainstRegistry(UpdateMessages.class, UpdateMessages.REGISTRY);
  }

  @Test
  void every_resource_event_message_matches_the_dmtf_registry() throws Exception {
    checkAgainstRegistry(ResourceEventMessages.class, ResourceEventMessages.REGISTRY);
  }

  @Test
  void every_sensor_event_message_matches_the_dmtf_registry() throws Exception {
    checkAgainstRegistry(SensorEventMessages.class, SensorEventMessages.REGISTRY);
  }

  @Test
  void every_environmental_message_matches_the_dmtf_registry() throws Exception {
    checkAgainstRegistry(EnvironmentalMessages.class, EnvironmentalMessages.REGISTRY);
  }

  @Test
  void every_platform_message_matches_the_dmtf_registry() throws Exception {
    checkAgainstRegistry(PlatformMessages.class, PlatformMessages.REGISTRY);
  }

  @Test
  void every_fabric_message_matches_the_dmtf_registry() throws Exception {
    checkAgainstRegistry(FabricMessages.class, FabricMessages.REGISTRY);
  }

  @Test
  void every_heartbeat_event_message_matches_the_dmtf_registry() throws Exception {
    checkAgainstRegistry(HeartbeatEventMessages.class, HeartbeatEventMessages.REGISTRY);
  }

  private static void checkAgainstRegistry(Class<?> holder, String id) throws Exception {
    Path registry = findRegistry(id);
    Assumptions.assumeTrue(
        registry != null, "DMTF registries not found beside the project; skipped");
    JsonNode file = new ObjectMapper().readTree(registry.toFile());
    for (Field f : holder.getFields()) {
      if (f.getType() == MessageDefinition.class) {
        MessageDefinition d = (MessageDefinition) f.get(null);
        JsonNode m = file.get("Messages").get(d.key());
        assertNotNull(m, d.key());
        assertEquals(m.get("Message").asText(), d.template(), d.key());
        assertEquals(m.get("MessageSeverity").asText(), d.severity(), d.key());
        assertEquals(m.get("NumberOfArgs").asInt(), d.numberOfArgs(), d.key());
        assertEquals(m.get("Resolution").asText(), d.resolution(), d.key());
        assertEquals(paramTypes(m), d.paramTypes(), d.key());
      }
    }
  }

  @Test
  void arguments_fill_the_template_and_their_count_is_checked() {
    MessageInstance m = BaseMessages.RESOURCE_NOT_FOUND.with("Chassis", "X1");
    assertEquals("The requested resource of type Chassis named 'X1' was not found.", m.text());
    assertEquals("Base.1.22.1.ResourceNotFound", m.definition().messageId());
    org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class, () -> BaseMessages.RESOURCE_NOT_FOUND.with("Chassis"));
  }

  private static List<MessageDefinition> definitions() throws IllegalAccessException {
    List<MessageDefinition> list = new ArrayList<>();
    for (Field f : BaseMessages.class.getFields()) {
      if (Modifier.isStatic(f.getModifiers()) && f.getType() == MessageDefinition.class) {
        list.add((MessageDefinition) f.get(null));
      }
    }
    return list;
  }

  private static Path findRegistry() {
    return findRegistry(BaseMessages.REGISTRY);
  }

  private static Path findRegistry(String id) {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null) {
      for (Path candidate :
          List.of(
              dir.resolve("shared/redfish/registries"),
              dir.resolve("../shared/redfish/registries"))) {
        Path file = candidate.resolve(id + ".json").normalize();
        if (Files.isRegularFile(file)) {
          return file;
        }
      }
      dir = dir.getParent();
    }
    return null;
  }
}
