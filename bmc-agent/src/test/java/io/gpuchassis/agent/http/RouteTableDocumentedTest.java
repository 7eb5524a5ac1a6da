package io.gpuchassis.agent.http;

import io.gpuchassis.agent.health.HealthMonitor;
import io.gpuchassis.agent.health.LoggedHealthEvents;
import io.gpuchassis.agent.redfish.ChassisHealth;
import io.gpuchassis.sensor.chassis.PollIntervals;
import io.gpuchassis.sensor.poll.PollerSettings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpuchassis.agent.ServiceIdentity;
import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.compose.BindingEngine;
import io.gpuchassis.agent.compose.BindingJournal;
import io.gpuchassis.agent.compose.Reservations;
import io.gpuchassis.agent.fabric.SwitchWorkers;
import io.gpuchassis.agent.sim.SimulatedFabric;
import io.gpuchassis.agent.security.AccountRepository;
import io.gpuchassis.agent.security.PasswordHasher;
import io.gpuchassis.agent.security.SecurityServices;
import io.gpuchassis.agent.store.AgentStore;
import org.junit.jupiter.api.io.TempDir;
import io.gpuchassis.agent.config.SimulationSpeed;
import io.gpuchassis.agent.events.EventServices;
import io.gpuchassis.agent.redfish.EventRenderer;
import io.gpuchassis.agent.redfish.RedfishResources;
import io.gpuchassis.agent.redfish.Uris;
import io.gpuchassis.agent.firmware.FirmwareInventory;
import io.gpuchassis.agent.firmware.FirmwareUpdates;
import io.gpuchassis.firmware.TrustedKeys;
import io.gpuchassis.agent.sim.SimulatedPlatform;
import io.gpuchassis.agent.fault.FaultInjector;
import io.gpuchassis.agent.tls.HttpsCertificate;
import io.gpuchassis.redfish.route.RouteEntry;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/ARCHITECTURE.md lists every route with its privilege and handler, so a newcomer finds both in one look. This
 * test keeps that table equal to the routes the agent really registers.
 */
class RouteTableDocumentedTest {

  private static final String BEGIN = "<!-- routes:begin -->";
  private static final String END = "<!-- routes:end -->";

  @TempDir static Path stateDir;
  @TempDir static Path tlsDir;

  @Test
  void the_architecture_document_lists_exactly_the_registered_routes() throws Exception {
    Set<String> registered = registeredRows();
    Set<String> documented = documentedRows();
    assertEquals(
        registered,
        documented,
        () -> "docs/ARCHITECTURE.md route table is out of date; the registered routes are:\n"
            + String.join("\n", registered));
  }

  private Set<String> registeredRows() throws Exception {
    Vertx vertx = Vertx.vertx();
    try (SimulatedPlatform chassis =
        SimulatedPlatform.fromTopology(Optional.empty(), Clock.systemUTC(), SimulationSpeed.FAST)) {
      ServiceIdentity identity = new ServiceIdentity(UUID.randomUUID(), "p", "v", "dev", true);
      AgentStore store = AgentStore.open(stateDir);
      HealthMonitor health = HealthMonitor.start(chassis.sensorContext(), chassis.sensorLayout(), chassis.gpuSlots(),
          slot -> false, new LoggedHealthEvents(), Clock.systemUTC(), PollIntervals.production(),
          PollerSettings.defaults());
      SwitchWorkers workers =
          SwitchWorkers.start(
              new ChassisModel(chassis.inventory()),
              id -> chassis.fabric().connect(id, SimulatedFabric.pollingOptions()),
              Clock.systemUTC(),
              Duration.ofMinutes(10));
      SecurityServices security =
          new SecurityServices(
              store, new AccountRepository(store), new PasswordHasher(1000), vertx, Clock.systemUTC());
      EventServices events = EventServices.start(store, vertx, Clock.systemUTC(), EventRenderer::subscriberBody);
      BindingEngine bindings = new BindingEngine(
          new ChassisModel(chassis.inventory()),
          workers,
          new BindingJournal(store, Clock.systemUTC()),
          Clock.systemUTC(),
          Duration.ofSeconds(1));
      RedfishResources resources =
          new RedfishResources(
              identity,
              new ChassisModel(chassis.inventory()),
              HttpsCertificate.load(Optional.empty(), tlsDir, Clock.systemUTC()),
              Clock.systemUTC(),
              Duration.ofSeconds(3),
              security,
              vertx,
              bindings,
              new Reservations(store, Clock.systemUTC()),
              new ChassisHealth(health, chassis.sensorCatalog(), "NPlusM", 1),
              events,
              new FirmwareUpdates(TrustedKeys.of(java.util.Map.of()), stateDir.resolve("staging"),
                  new FirmwareInventory(workers), workers, bindings, Uris::firmwareInventory, 1 << 20));
      List<RouteEntry> entries =
          AgentRoutes.install(
              vertx, Router.router(vertx), security, resources, Optional.of(new FaultInjector(Clock.systemUTC())));
      workers.close();
      health.close();
      events.close();
      store.close();
      // HEAD is registered with every GET and not listed separately.
      return entries.stream()
          .filter(e -> !e.method().equals(HttpMethod.HEAD))
          .map(e -> "| " + e.method().name() + " | `" + e.template() + "` | " + e.privilege() + " | `" + e.owner()
              + "` |")
          .collect(Collectors.toCollection(TreeSet::new));
    } finally {
      vertx.close().await();
    }
  }

  private static Set<String> documentedRows() throws Exception {
    String doc = Files.readString(Path.of("").toAbsolutePath().getParent().resolve("docs/ARCHITECTURE.md"));
    String table = doc.substring(doc.indexOf(BEGIN) + BEGIN.length(), doc.indexOf(END));
    return table.lines()
        .map(String::strip)
        .filter(l -> l.startsWith("| ") && !l.startsWith("| Method") && !l.startsWith("| ---"))
        .collect(Collectors.toCollection(TreeSet::new));
  }
}
