package io.gpuchassis.agent.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpuchassis.agent.Agent;
import io.gpuchassis.agent.config.AgentConfig;
import io.gpuchassis.agent.config.ListenAddress;
import io.gpuchassis.agent.config.SimulationSpeed;
import io.gpuchassis.agent.config.TestSunfishCores;
import io.gpuchassis.agent.security.FirstAdministrator;
import io.gpuchassis.agent.security.TestPasswordHashing;
import io.vertx.core.http.HttpMethod;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/ARCHITECTURE.md lists every route with its privilege and handler, so a newcomer finds both
 * in one look. This test keeps that table equal to the routes the agent really registers.
 */
class RouteTableDocumentedTest {

  private static final String BEGIN = "<!-- routes:begin -->";
  private static final String END = "<!-- routes:end -->";

  @TempDir Path stateDir;

  @Test
  void the_architecture_document_lists_exactly_the_registered_routes() throws Exception {
    Set<String> registered = registeredRows();
    Set<String> documented = documentedRows();
    assertEquals(
        registered,
        documented,
        () ->
            "docs/ARCHITECTURE.md route table is out of date; the registered routes are:\n"
                + String.join("\n", registered));
  }

  /**
   * The routes a running agent registers: the simulated default, so that the /sim/v1 routes are
   * listed too, with a Sunfish core configured, so that the AggregationService's are.
   */
  private Set<String> registeredRows() throws Exception {
    AgentConfig config =
        AgentConfig.defaults()
            .withListen(new ListenAddress("127.0.0.1", 0))
            .withStateDir(stateDir)
            .withSimulationSpeed(SimulationSpeed.FAST)
            .withSunfish(TestSunfishCores.unreachable());
    try (Agent agent =
        Agent.start(
            config,
            Map.of(FirstAdministrator.PASSWORD_VARIABLE, "route-table-1"),
            TestPasswordHashing.hasher())) {
      // HEAD is registered with every GET and not listed separately.
      return agent.routes().stream()
          .filter(e -> !e.method().equals(HttpMethod.HEAD))
          .map(
              e ->
                  "| "
                      + e.method().name()
                      + " | `"
                      + e.template()
                      + "` | "
                      + e.privilege()
                      + " | `"
                      + e.owner()
                      + "` |")
          .collect(Collectors.toCollection(TreeSet::new));
    }
  }

  private static Set<String> documentedRows() throws Exception {
    String doc =
        Files.readString(Path.of("").toAbsolutePath().getParent().resolve("docs/ARCHITECTURE.md"));
    String table = doc.substring(doc.indexOf(BEGIN) + BEGIN.length(), doc.indexOf(END));
    return table
        .lines()
        .map(String::strip)
        .filter(l -> l.startsWith("| ") && !l.startsWith("| Method") && !l.startsWith("| ---"))
        .collect(Collectors.toCollection(TreeSet::new));
  }
}
