package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static io.gpuchassis.agent.it.TestAgent.ADMIN;
import static io.gpuchassis.agent.it.TestAgent.READER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Gpu;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.config.CompositionSettings;
import io.gpuchassis.agent.config.CompositionSettings.Reseat;
import io.gpuchassis.agent.uri.Uris;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cards re-seated while the agent runs, through the simulation's technician ({@code gpu-swapped},
 * {@code gpu-removed}) and watched over Redfish: another card under the default policy is held
 * (Failed, off the host's system and zone), under {@code release} released, and never given to the
 * old host, not even for one snapshot of the model; the same card put back is bound to its host
 * again. Each correction is an event and a security-log entry, as the start-up ones are.
 */
class LiveReseatIT {

  static final String BLOCKS = "/redfish/v1/CompositionService/ResourceBlocks/GPU-Slot";
  static final String DEVICES = "/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot";
  static final long LIMIT_SECONDS = 90;

  @TempDir static Path stateDir;
  static TestAgent agent;

  /** Every snapshot in which a slot's binding showed a card other than the one it was made with. */
  static final List<String> given = new CopyOnWriteArrayList<>();

  @BeforeAll
  static void start() throws Exception {
    agent =
        TestAgent.start(
            stateDir,
            c ->
                c.withComposition(
                    new CompositionSettings(
                        CompositionSettings.DEFAULT.policy(),
                        CompositionSettings.DEFAULT.idleWindow(),
                        Map.of(),
                        Duration.ZERO,
                        Reseat.RESTORE,
                        Map.of(2, Reseat.RELEASE))));
    agent.agent.model().onChange(LiveReseatIT::watch);
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  /** A bound (or being bound) slot must never hold a card whose serial number was changed. */
  static void watch(ChassisState state) {
    for (SlotBinding b : state.bindings().values()) {
      boolean toHost =
          b.state() == SlotBinding.State.BOUND || b.state() == SlotBinding.State.BINDING;
      String serial = state.slot(b.slot()).flatMap(s -> s.gpu()).map(Gpu::serialNumber).orElse("");
      if (toHost && serial.contains("9999")) {
        given.add("slot " + b.slot() + " " + b.state() + " to " + b.host() + " with " + serial);
      }
    }
  }

  @Test
  void another_card_under_the_default_policy_is_held_and_never_given_to_the_old_host()
      throws Exception {
    agent.agent.bindings().bind(1, "Host1").join();
    assertEquals("Composed", state(1));

    agent.client.injectFault(ADMIN, "gpu-swapped", DEVICES + 1);
    until(
        "slot 1 held with the new card",
        () -> "1654123999901".equals(serial(1)) && "Failed".equals(state(1)),
        () -> assertFalse(blocksOf("Host1").contains(BLOCKS + 1) && swapped(1)));

    assertFalse(blocksOf("Host1").contains(BLOCKS + 1), "not in the old host's system");
    assertFalse(endpointsOf("Host1").contains(Uris.gpuEndpoint(1)), "nor in its zone");
    assertTrue(given.isEmpty(), given.toString());
    String events =
        eventLogWith(
            "with card 1654123000101 and now holds card 1654123999901: held",
            "ResourceErrorsCorrected");
    assertTrue(
        events.contains("with card 1654123000101 and now holds card 1654123999901: held")
            && events.contains("ResourceErrorsCorrected"),
        events);
    assertTrue(
        securityLogWith(
                "GpuChassisAudit.1.4.0.Reconciliation", "now holds card 1654123999901: held")
            .contains("now holds card 1654123999901: held"));

    // An administrator frees it for good; the new card is then free for any host
    agent.agent.bindings().unbind(1, true).join();
    assertEquals("Unused", state(1));
  }

  @Test
  void another_card_under_release_is_released() throws Exception {
    agent.agent.bindings().bind(2, "Host1").join();
    assertEquals("Composed", state(2));

    agent.client.injectFault(ADMIN, "gpu-swapped", DEVICES + 2);
    until(
        "slot 2 released with the new card",
        () -> "1654123999902".equals(serial(2)) && "Unused".equals(state(2)),
        () -> assertFalse(blocksOf("Host1").contains(BLOCKS + 2) && swapped(2)));

    assertFalse(blocksOf("Host1").contains(BLOCKS + 2));
    assertFalse(endpointsOf("Host1").contains(Uris.gpuEndpoint(2)));
    assertEquals(
        "Free",
        json(agent.client.get(BLOCKS + 2, READER)).at("/Pool").asText(""),
        "released for any host");
    assertTrue(given.isEmpty(), given.toString());
    assertTrue(
        eventLogWith("slot 2 was bound to Host1 with card 1654123000102; the slot is empty")
                .contains("slot 2 was bound to Host1 with card 1654123000102; the slot is empty")
            && securityLogWith("slot 2 was bound to Host1 with card 1654123000102")
                .contains("slot 2 was bound to Host1 with card 1654123000102"),
        "the card pulled out released the binding at once");
  }

  @Test
  void the_same_card_put_back_is_bound_to_its_host_again() throws Exception {
    agent.agent.bindings().bind(3, "Host2").join();
    assertEquals("Composed", state(3));

    String fault = agent.client.injectFault(ADMIN, "gpu-removed", DEVICES + 3);
    until("slot 3 empty", () -> status(DEVICES + 3) == 404, () -> {});
    assertEquals(404, status(BLOCKS + 3), "no card, no resource block");
    until(
        "slot 3 off the switch, waiting for its card",
        () -> !endpointsOf("Host2").contains(Uris.gpuEndpoint(3)),
        () -> {});
    assertTrue(
        eventLogWith("the binding is kept for that card's return")
            .contains("the binding is kept for that card's return"),
        "the empty slot's binding waits");

    assertEquals(204, agent.client.status("DELETE", fault, ADMIN, null));
    until("slot 3 bound again", () -> "Composed".equals(state(3)), () -> {});
    assertEquals("1654123000103", serial(3));
    assertTrue(blocksOf("Host2").contains(BLOCKS + 3), "back in its host's system");
    assertTrue(endpointsOf("Host2").contains(Uris.gpuEndpoint(3)), "and zone");
    String events = eventLogWith("card 1654123000103 is back in its slot; bound to Host2 again");
    assertTrue(
        events.contains("card 1654123000103 is back in its slot; bound to Host2 again"), events);
    assertTrue(
        securityLogWith("card 1654123000103 is back in its slot")
            .contains("card 1654123000103 is back in its slot"));
  }

  @Test
  void a_card_swapped_while_its_slot_is_off_is_judged_when_the_slot_is_powered_on()
      throws Exception {
    agent.agent.bindings().bind(4, "Host2").join();
    var power = agent.agent.health().slotPower();
    power.powerOff(4, "tech", true).get(LIMIT_SECONDS, TimeUnit.SECONDS);

    agent.client.injectFault(ADMIN, "gpu-swapped", DEVICES + 4);
    var board = ((io.gpuchassis.agent.sim.SimulatedPlatform) agent.agent.platform()).sensorBoard();
    until(
        "the new card in slot 4",
        () -> board.card(4).filter(c -> c.identity().serialNumber().contains("9999")).isPresent(),
        () -> {});
    until(
        "slot 4 showing a card that cannot say who it is while off",
        () -> status(DEVICES + 4) == 200 && serial(4).isEmpty(),
        () -> assertFalse(blocksOf("Host2").contains(BLOCKS + 4)));
    assertEquals("Unused", state(4), "off the switch; not judged before it can say who it is");

    power.powerOn(4, "tech").get(LIMIT_SECONDS, TimeUnit.SECONDS);
    until(
        "slot 4 held once powered on",
        () -> "1654123999904".equals(serial(4)) && "Failed".equals(state(4)),
        () -> assertFalse(blocksOf("Host2").contains(BLOCKS + 4)));
    assertTrue(given.isEmpty(), given.toString());
    assertTrue(
        eventLogWith("now holds card 1654123999904: held")
            .contains("now holds card 1654123999904: held"));
  }

  /** Whether the slot's card is one the simulation swapped in. */
  private static boolean swapped(int slot) throws Exception {
    return serial(slot).contains("9999");
  }

  private static String serial(int slot) throws Exception {
    HttpResponse<String> r = agent.client.get(DEVICES + slot, READER);
    return r.statusCode() == 200 ? json(r).at("/SerialNumber").asText("") : "";
  }

  private static String state(int slot) throws Exception {
    HttpResponse<String> r = agent.client.get(BLOCKS + slot, READER);
    return r.statusCode() == 200 ? json(r).at("/CompositionStatus/CompositionState").asText() : "";
  }

  private static int status(String path) throws Exception {
    return agent.client.get(path, READER).statusCode();
  }

  private static List<String> blocksOf(String host) throws Exception {
    return json(agent.client.get("/redfish/v1/Systems/" + host, READER))
        .at("/Links/ResourceBlocks")
        .findValuesAsText("@odata.id");
  }

  private static List<String> endpointsOf(String host) throws Exception {
    JsonNode zone = json(agent.client.get(Uris.zone(host), READER));
    return zone.at("/Links/Endpoints").findValuesAsText("@odata.id");
  }

  /**
   * The event log once it holds every one of {@code texts}, or as it is after 30 s: the report of a
   * correction follows the snapshot the test saw, from the reconciliation's own thread.
   */
  private static String eventLogWith(String... texts) throws Exception {
    return awaitLog(LiveReseatIT::eventLog, texts);
  }

  private static String securityLogWith(String... texts) throws Exception {
    return awaitLog(LiveReseatIT::securityLog, texts);
  }

  private static String awaitLog(Log log, String... texts) throws Exception {
    String body = log.read();
    for (long end = System.nanoTime() + 30_000_000_000L; System.nanoTime() < end; ) {
      String current = body;
      if (java.util.Arrays.stream(texts).allMatch(current::contains)) {
        break;
      }
      Thread.sleep(100);
      body = log.read();
    }
    return body;
  }

  @FunctionalInterface
  interface Log {
    String read() throws Exception;
  }

  private static String eventLog() throws Exception {
    return agent
        .client
        .get("/redfish/v1/Managers/BMC/LogServices/EventLog/Entries?$expand=.", READER)
        .body();
  }

  private static String securityLog() throws Exception {
    return agent
        .client
        .get("/redfish/v1/Managers/BMC/LogServices/SecurityLog/Entries?$expand=.", ADMIN)
        .body();
  }

  @FunctionalInterface
  interface Check {
    boolean holds() throws Exception;
  }

  @FunctionalInterface
  interface Sample {
    void check() throws Exception;
  }

  /** Polls until {@code done} holds, checking {@code meanwhile} at every poll; never timed. */
  private static void until(String what, Check done, Sample meanwhile) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(LIMIT_SECONDS);
    while (!done.holds()) {
      meanwhile.check();
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not " + what + " within " + LIMIT_SECONDS + " s");
      }
      Thread.sleep(50);
    }
  }
}
