package io.gpuchassis.redfish.message;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The NetworkDevice messages say exactly what DMTF's registry file says, and the class declares
 * every message of that file. Skipped with one loud line when DMTF's files are not beside the
 * project; a failure in CI (CI=true).
 */
class NetworkDeviceMessagesTest {

  @Test
  void every_message_matches_the_dmtf_registry_and_none_is_missing() throws Exception {
    JsonNode file = new ObjectMapper().readTree(registryFile().toFile());
    assertEquals(NetworkDeviceMessages.REGISTRY, file.get("Id").asText());
    List<String> keys = new ArrayList<>();
    for (MessageDefinition d : NetworkDeviceMessages.ALL) {
      JsonNode m = file.get("Messages").get(d.key());
      assertNotNull(m, d.key() + " is not in DMTF's file");
      assertEquals(m.get("Message").asText(), d.template(), d.key());
      assertEquals(m.get("MessageSeverity").asText(), d.severity(), d.key());
      assertEquals(m.get("NumberOfArgs").asInt(), d.numberOfArgs(), d.key());
      assertEquals(m.get("Resolution").asText(), d.resolution(), d.key());
      List<String> types = new ArrayList<>();
      m.path("ParamTypes").forEach(t -> types.add(t.asText()));
      assertEquals(types, d.paramTypes(), d.key());
      keys.add(d.key());
    }
    List<String> published = new ArrayList<>();
    file.get("Messages").fieldNames().forEachRemaining(published::add);
    assertEquals(published, keys);
  }

  @Test
  void a_flap_message_reads_as_dmtf_wrote_it() {
    assertEquals(
        "The network connection for network adapter 'NIC1' port '1' function '1' was"
            + " established and dropped '3' times in the last '5' minutes.",
        NetworkDeviceMessages.LINK_FLAP_DETECTED.with("NIC1", "1", "1", 3, 5).text());
    assertEquals(
        "NetworkDevice.1.1.1.ConnectionSpeedLow",
        NetworkDeviceMessages.CONNECTION_SPEED_LOW.messageId());
  }

  private static Path registryFile() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null) {
      for (Path candidate :
          List.of(
              dir.resolve("shared/redfish/registries"),
              dir.resolve("../shared/redfish/registries"))) {
        Path file = candidate.resolve(NetworkDeviceMessages.REGISTRY + ".json").normalize();
        if (Files.isRegularFile(file)) {
          return file;
        }
      }
      dir = dir.getParent();
    }
    String why =
        "DMTF registry " + NetworkDeviceMessages.REGISTRY + " not found beside the project";
    if ("true".equals(System.getenv("CI"))) {
      fail(why);
    }
    System.err.println("SKIPPED " + NetworkDeviceMessagesTest.class.getSimpleName() + ": " + why);
    Assumptions.abort(why);
    return null;
  }
}
