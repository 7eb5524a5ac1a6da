package io.gpuchassis.agent.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/config.example.yaml holds every key of the configuration file at its default, and
 * docs/CONFIGURATION.md documents every one; the keys are found by reflection over the file's shape
 * ({@link ConfigFile.Document}), so a key added without its documentation fails here.
 * docs/SECURITY.md names every limit (http, authentication, outbound) with its setting.
 */
class ConfigDocumentedTest {

  private static final Path DOCS = Path.of("").toAbsolutePath().getParent().resolve("docs");

  /** A commented-out setting: '#' right before the key; prose comments have a space after '#'. */
  private static final Pattern SETTING = Pattern.compile("^(\\s*)#(?=[^\\s#])");

  /** Keys whose children are names the operator chooses (logger names), not keys of ours. */
  private static final Set<String> FREE_FORM =
      Set.of(
          "logging.levels",
          "composition.hosts",
          "composition.reseatSlots",
          "dataPorts.roundTrip.peers");

  /**
   * Old names kept for existing files, documented but not in the example (they would clash with the
   * new ones).
   */
  private static final Set<String> OLD_NAMES = Set.of("hardware.topology");

  @TempDir Path dir;

  @Test
  void the_example_loads_as_it_is_and_uncommented_it_states_the_true_defaults() throws Exception {
    Path example = DOCS.resolve("config.example.yaml");
    assertEquals(
        AgentConfig.defaults(),
        ConfigFile.apply(AgentConfig.defaults(), example),
        "all commented out");

    AgentConfig read = ConfigFile.apply(AgentConfig.defaults(), uncommented(example));
    AgentConfig defaults = AgentConfig.defaults();
    assertEquals(defaults.listen(), read.listen());
    assertEquals(dir.resolve(defaults.stateDir()), read.stateDir());
    assertEquals(defaults.hardwareMode(), read.hardwareMode());
    assertEquals(defaults.switchPollInterval(), read.switchPollInterval());
    assertEquals(defaults.sensors(), read.sensors());
    assertEquals(defaults.simulation().speed(), read.simulation().speed());
    assertEquals(defaults.http(), read.http());
    assertEquals(defaults.authentication(), read.authentication());
    assertEquals(defaults.outbound(), read.outbound());
    assertEquals(defaults.console().baud(), read.console().baud());
    assertEquals(defaults.console().idleTimeout(), read.console().idleTimeout());
    assertEquals(defaults.console().loginTimeout(), read.console().loginTimeout());
    assertEquals(defaults.logging().level(), read.logging().level());
    assertEquals(defaults.composition().policy(), read.composition().policy());
    assertEquals(defaults.composition().idleWindow(), read.composition().idleWindow());
  }

  @Test
  void every_key_is_in_the_example_and_documented() throws Exception {
    Set<String> keys = keysOf(ConfigFile.Document.class, "");
    assertTrue(
        keys.contains("http.maxConnections") && keys.contains("logging.levels"),
        "reflection finds " + keys);

    Set<String> inExample = new TreeSet<>();
    collect(
        new ObjectMapper(new YAMLFactory())
            .readTree(uncommented(DOCS.resolve("config.example.yaml")).toFile()),
        "",
        inExample);
    Set<String> expected = new TreeSet<>(keys);
    expected.removeAll(OLD_NAMES);
    assertEquals(expected, inExample, "docs/config.example.yaml holds every key, and only keys");

    String guide = Files.readString(DOCS.resolve("CONFIGURATION.md"));
    Set<String> undocumented =
        keys.stream()
            .filter(k -> !guide.contains("`" + k + "`"))
            .collect(Collectors.toCollection(TreeSet::new));
    assertEquals(Set.of(), undocumented, "keys docs/CONFIGURATION.md does not name (in backticks)");
  }

  @Test
  void every_limit_of_the_server_logins_and_outbound_connections_is_in_the_security_guide()
      throws Exception {
    Set<String> limits =
        keysOf(ConfigFile.Document.class, "").stream()
            .filter(
                k ->
                    k.startsWith("http.")
                        || k.startsWith("authentication.")
                        || k.startsWith("outbound."))
            .collect(Collectors.toCollection(TreeSet::new));
    assertTrue(
        limits.contains("authentication.loginBurst") && limits.contains("outbound.sseBufferBytes"),
        "" + limits);
    String security = Files.readString(DOCS.resolve("SECURITY.md"));
    Set<String> missing =
        limits.stream()
            .filter(k -> !security.contains("`" + k + "`"))
            .collect(Collectors.toCollection(TreeSet::new));
    assertEquals(
        Set.of(),
        missing,
        "limits docs/SECURITY.md does not name with their setting (in backticks)");
  }

  /** The example with every setting's '#' removed, in a file of this test's folder. */
  private Path uncommented(Path example) throws Exception {
    String text =
        Files.readAllLines(example).stream()
            .map(l -> SETTING.matcher(l).replaceFirst("$1"))
            .collect(Collectors.joining("\n", "", "\n"));
    Path file = dir.resolve("config.yaml");
    Files.writeString(file, text);
    return file;
  }

  private static void collect(JsonNode node, String prefix, Set<String> keys) {
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      String key = prefix + field.getKey();
      keys.add(key);
      if (field.getValue().isObject() && !FREE_FORM.contains(key)) {
        collect(field.getValue(), key + ".", keys);
      }
    }
  }

  /**
   * The keys a record bound from the file accepts: its components, or its {@link JsonCreator}
   * factory's.
   */
  private static Set<String> keysOf(Class<?> type, String prefix) {
    Set<String> keys = new TreeSet<>();
    Method creator = null;
    for (Method m : type.getDeclaredMethods()) {
      if (m.isAnnotationPresent(JsonCreator.class)) {
        creator = m;
      }
    }
    if (creator != null) {
      for (Parameter p : creator.getParameters()) {
        keys.add(prefix + p.getAnnotation(JsonProperty.class).value());
      }
      return keys;
    }
    for (RecordComponent c : type.getRecordComponents()) {
      String key = prefix + c.getName();
      keys.add(key);
      if (c.getType().isRecord()) {
        keys.addAll(keysOf(c.getType(), key + "."));
      }
    }
    return keys;
  }
}
