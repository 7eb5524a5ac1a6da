package io.gpuchassis.agent.redfish.chassis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.health.ChassisHealth;
import io.gpuchassis.agent.health.ChassisRollup;
import io.gpuchassis.agent.health.FabricHealth;
import io.gpuchassis.agent.health.ViewVersion;
import io.gpuchassis.agent.redfish.ChassisFixture;
import io.gpuchassis.agent.security.MutableClock;
import io.gpuchassis.redfish.route.Caller;
import io.gpuchassis.redfish.route.Privilege;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.gpuchassis.sensor.chassis.SensorIds;
import io.gpuchassis.sensor.poll.SensorUnit;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.ext.web.Router;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The chassis is answered from the route table's cache, so it must leave it whenever anything its
 * health rollup reads moves: a sensor's reading, the state snapshot, and the clock passing the
 * moment a switch observation goes stale. Each step would show the old status if the cache served
 * stale bytes.
 */
class CachedChassisViewTest extends HealthViewFixture {

  private static final Caller READER = new Caller("r", "ReadOnly", Set.of(Privilege.Login));

  private final MutableClock clock = new MutableClock(ChassisFixture.NOW);
  private final Duration staleAfter = ChassisFixture.STALE_AFTER;
  private Vertx vertx;
  private ChassisModel model;
  private RedfishRoutes routes;

  @BeforeEach
  void register() {
    vertx = Vertx.vertx();
    model = new ChassisModel(state);
    routes =
        new RedfishRoutes(
            Router.router(vertx), request -> Future.succeededFuture(Optional.empty()), "/redfish");
    FabricHealth fabric = new FabricHealth(clock, staleAfter);
    new ChassisResource(
            model,
            new ChassisRollup(new ChassisHealth(monitor, catalog, "NPlusM", 1), fabric),
            new ViewVersion(model, monitor, clock, staleAfter),
            monitor.identifyLed(),
            null, // this test only reads: no PATCH stores an asset tag
            vertx)
        .register(routes);
  }

  @AfterEach
  void stop() {
    vertx.close().await();
  }

  private JsonNode status() {
    return routes.render(CHASSIS, READER).orElseThrow().get("Status");
  }

  @Test
  void the_cached_chassis_follows_its_sensors_its_snapshot_and_the_clock() {
    // nothing read yet: unknown is never OK
    assertEquals("Warning", status().get("Health").asText());
    assertEquals("Warning", status().get("Health").asText());

    // the sensors are read: only the monitor moved
    readAllHealthy();
    JsonNode healthy = status();
    assertEquals("OK", healthy.get("Health").asText());
    assertEquals("OK", healthy.get("HealthRollup").asText());

    // a switch stops answering: only the snapshot moved
    model.apply(s -> s.withSwitchObservation(s.switchObservation("SW4").orElseThrow().failed("x")));
    assertEquals("Critical", status().get("HealthRollup").asText());
    model.apply(s -> state);
    assertEquals("OK", status().get("HealthRollup").asText());

    // nothing is observed for longer than the staleness window: only the clock moved
    clock.set(ChassisFixture.NOW.plus(staleAfter).plusSeconds(1));
    assertEquals("Warning", status().get("HealthRollup").asText());
  }

  @Test
  void the_version_stands_while_nothing_moves_and_moves_with_each_input() {
    ViewVersion views = new ViewVersion(model, monitor, clock, staleAfter);
    readAllHealthy();
    ViewVersion.Of before = views.now();
    assertEquals(before, views.now());
    read(SensorIds.gpuTemperature(11), SensorUnit.CELSIUS, 50);
    ViewVersion.Of read = views.now();
    assertNotEquals(before, read);
    model.apply(s -> s);
    ViewVersion.Of applied = views.now();
    assertNotEquals(read, applied);
    clock.set(ChassisFixture.NOW.plus(staleAfter).plusMillis(1));
    assertNotEquals(applied, views.now());
  }

  @Test
  void the_status_version_stands_while_readings_only_change_value() {
    ViewVersion views = new ViewVersion(model, monitor, clock, staleAfter);
    readAllHealthy();
    ViewVersion.Of before = views.statusNow();
    ViewVersion.Of full = views.now();

    read(SensorIds.gpuTemperature(11), SensorUnit.CELSIUS, 50);
    read(SensorIds.gpuTemperature(11), SensorUnit.CELSIUS, 51);

    assertNotEquals(full, views.now(), "a sensor's own view shows the new value");
    assertEquals(before, views.statusNow(), "a rollup shows no value");
  }

  @Test
  void the_cached_chassis_follows_a_supply_that_loses_power() {
    readAllHealthy();
    assertEquals("OK", status().get("Health").asText());
    JsonNode cached = status();
    read(SensorIds.gpuTemperature(11), SensorUnit.CELSIUS, 52);
    assertEquals(cached, status());

    // STATUS_WORD with POWER_GOOD# set: the supply has no output
    read(SensorIds.psuStatus("PSU1"), SensorUnit.STATE, 0x0800);

    assertEquals("Critical", status().get("Health").asText());
  }
}
