package io.gpuchassis.redfish.route;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Finding a path's template segment by segment, literal segments first. */
class TemplateTrieTest {

  private final TemplateTrie<String> trie = new TemplateTrie<>();

  {
    trie.put("/redfish/v1/", "root");
    trie.put("/redfish/v1/Systems/{SystemId}", "system");
    trie.put("/redfish/v1/Systems/Capabilities", "capabilities");
    trie.put("/redfish/v1/Systems/Capabilities/Extra", "extra");
    trie.put("/redfish/v1/Systems/{SystemId}/Processors/{ProcessorId}", "processor");
  }

  @Test
  void a_literal_segment_beats_a_variable() {
    assertEquals("capabilities", trie.match("/redfish/v1/Systems/Capabilities").value());
    var system = trie.match("/redfish/v1/Systems/1");
    assertEquals("system", system.value());
    assertEquals(Map.of("SystemId", "1"), system.params());
  }

  @Test
  void a_dead_end_among_literals_falls_back_to_the_variable() {
    var processor = trie.match("/redfish/v1/Systems/Capabilities/Processors/GPU1");
    assertEquals("processor", processor.value());
    assertEquals(Map.of("SystemId", "Capabilities", "ProcessorId", "GPU1"), processor.params());
  }

  @Test
  void a_trailing_slash_is_ignored_and_a_variable_is_never_empty() {
    assertEquals("root", trie.match("/redfish/v1").value());
    assertEquals("root", trie.match("/redfish/v1/").value());
    assertEquals("system", trie.match("/redfish/v1/Systems/1/").value());
    assertNull(trie.match("/redfish/v1/Systems//Processors/1"));
    assertNull(trie.match("/redfish/v1/Systems/1/Nothing"));
    assertNull(trie.match("/redfish"));
  }

  @Test
  void match_all_lists_every_template_a_path_fits() {
    assertEquals(
        List.of("capabilities", "system"),
        trie.matchAll("/redfish/v1/Systems/Capabilities").stream()
            .map(TemplateTrie.Match::value)
            .toList());
  }
}
