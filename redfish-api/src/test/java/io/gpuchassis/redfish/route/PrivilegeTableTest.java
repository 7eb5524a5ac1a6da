package io.gpuchassis.redfish.route;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.http.HttpMethod;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Every entry of the privilege table says what the DMTF Privilege Registry says, operation by
 * operation.
 */
class PrivilegeTableTest {

  @Test
  void every_entry_matches_the_dmtf_privilege_registry() throws Exception {
    Path file = findRegistry();
    Assumptions.assumeTrue(
        file != null, "DMTF privilege registry not found beside the project; skipped");
    JsonNode registry = new ObjectMapper().readTree(file.toFile());
    List<String> mismatches = new ArrayList<>();
    for (String entity : PrivilegeTable.entities()) {
      List<String> chain = List.of(entity.split("/"));
      JsonNode mapping = mapping(registry, chain.get(chain.size() - 1));
      assertNotNull(mapping, entity + " is not an entity of " + file);
      JsonNode override = subordinateOverride(mapping, chain.subList(0, chain.size() - 1));
      assertNotNull(override, entity + " has no such SubordinateOverride in " + file);
      for (HttpMethod method : PrivilegeTable.METHODS) {
        PrivilegeRule expected =
            override.at("/OperationMap/" + method.name()).isMissingNode()
                ? fromRegistry(mapping, method)
                : fromRegistry(override, method);
        PrivilegeRule actual = PrivilegeTable.of(entity, method).orElseThrow();
        boolean same = expected.isNoAuth() ? actual.isNoAuth() : expected.equals(actual);
        if (!same) {
          mismatches.add(entity + " " + method + ": table " + actual + ", registry " + expected);
        }
      }
    }
    assertEquals(List.of(), mismatches);
  }

  /**
   * The operation's privileges, with property overrides of the same operation added as
   * alternatives.
   */
  static PrivilegeRule fromRegistry(JsonNode mapping, HttpMethod method) {
    List<Set<Privilege>> alternatives = new ArrayList<>();
    boolean noAuth = false;
    for (JsonNode alternative : mapping.at("/OperationMap/" + method.name())) {
      Set<Privilege> all = EnumSet.noneOf(Privilege.class);
      for (JsonNode p : alternative.get("Privilege")) {
        if (p.asText().equals("NoAuth")) {
          noAuth = true;
        } else {
          all.add(Privilege.valueOf(p.asText()));
        }
      }
      if (!all.isEmpty()) {
        alternatives.add(all);
      }
    }
    for (JsonNode override : mapping.path("PropertyOverrides")) {
      for (JsonNode alternative : override.at("/OperationMap/" + method.name())) {
        Set<Privilege> all = EnumSet.noneOf(Privilege.class);
        alternative.get("Privilege").forEach(p -> all.add(Privilege.valueOf(p.asText())));
        if (!alternatives.contains(all)) {
          alternatives.add(all);
        }
      }
    }
    if (noAuth) {
      return PrivilegeRule.NO_AUTH;
    }
    PrivilegeRule rule = PrivilegeRule.allOf(alternatives.get(0).toArray(Privilege[]::new));
    for (Set<Privilege> more : alternatives.subList(1, alternatives.size())) {
      rule = rule.or(more.toArray(Privilege[]::new));
    }
    return rule;
  }

  @Test
  void a_subordinate_entry_takes_the_override_and_the_baseline_where_the_override_is_silent() {
    String member =
        PrivilegeTable.subordinate("EthernetInterface", "Manager", "EthernetInterfaceCollection");
    assertEquals("Manager/EthernetInterfaceCollection/EthernetInterface", member);
    assertEquals(
        PrivilegeRule.allOf(Privilege.ConfigureManager),
        PrivilegeTable.of(member, HttpMethod.PATCH).get());
    assertEquals(
        PrivilegeRule.allOf(Privilege.Login), PrivilegeTable.of(member, HttpMethod.GET).get());
  }

  /**
   * The SubordinateOverride of {@code mapping} whose Targets are exactly {@code targets}; for no
   * targets, an empty override (the baseline applies throughout).
   */
  static JsonNode subordinateOverride(JsonNode mapping, List<String> targets) {
    if (targets.isEmpty()) {
      return new ObjectMapper().createObjectNode();
    }
    for (JsonNode override : mapping.path("SubordinateOverrides")) {
      List<String> named = new ArrayList<>();
      override.get("Targets").forEach(t -> named.add(t.asText()));
      if (named.equals(targets)) {
        return override;
      }
    }
    return null;
  }

  static JsonNode mapping(JsonNode registry, String entity) {
    for (JsonNode m : registry.get("Mappings")) {
      if (m.get("Entity").asText().equals(entity)) {
        return m;
      }
    }
    return null;
  }

  static Path findRegistry() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null) {
      for (Path candidate :
          List.of(
              dir.resolve("shared/redfish/registries"),
              dir.resolve("../shared/redfish/registries"))) {
        Path file = candidate.resolve(PrivilegeTable.REGISTRY + ".json").normalize();
        if (Files.isRegularFile(file)) {
          return file;
        }
      }
      dir = dir.getParent();
    }
    return null;
  }
}
