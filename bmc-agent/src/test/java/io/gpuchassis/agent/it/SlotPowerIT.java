package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.health.SlotOperationRefused;
import io.gpuchassis.agent.health.SlotPower;
import io.gpuchassis.sensor.sim.SimulatedSensorBoard;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Slot power and the locate LED on the simulated reference chassis, as the serial console and
 * Redfish reach them: the lines of the simulated board move in the CEM order, a bound GPU and a
 * latched slot are protected, and the attention LED set over Redfish is the one the console sees.
 */
class SlotPowerIT {

  static final String CHASSIS = "/redfish/v1/Chassis/GPUChassis";

  @TempDir static Path stateDir;
  static TestAgent agent;
  static SlotPower power;
  static SimulatedSensorBoard board;

  @BeforeAll
  static void start() throws Exception {
    agent = TestAgent.start(stateDir);
    power = agent.agent.health().slotPower();
    board = ((io.gpuchassis.agent.sim.SimulatedPlatform) agent.agent.platform()).sensorBoard();
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  @Test
  void an_operator_powers_a_slot_off_and_on_again_through_its_lines() throws Exception {
    power.powerOff(13, "tech", false).get(10, TimeUnit.SECONDS);
    assertFalse(board.slotPowerEnabled(13));
    assertTrue(board.slotInReset(13), "the card is held in reset while off");
    assertTrue(board.slotPowerEnabled(12), "the neighbour runs on");

    power.powerOn(13, "tech").get(10, TimeUnit.SECONDS);
    assertTrue(board.slotPowerEnabled(13));
    assertFalse(board.slotInReset(13));

    power.powerCycle(13, "tech", false).get(10, TimeUnit.SECONDS);
    assertTrue(board.slotPowerEnabled(13));
    assertFalse(board.slotInReset(13));
  }

  @Test
  void a_gpu_bound_to_a_host_keeps_its_power() throws Exception {
    agent.agent.bindings().bind(16, "Host7").get(30, TimeUnit.SECONDS);
    assertRefused(power.powerOff(16, "tech", false), "bound to a host");
    assertRefused(power.powerCycle(16, "tech", false), "bound to a host");
    assertTrue(board.slotPowerEnabled(16));
    assertFalse(board.slotInReset(16));
  }

  @Test
  void a_slot_latched_off_for_over_temperature_is_powered_on_only_by_clearing_the_latch()
      throws Exception {
    var fault =
        agent.agent.faults().orElseThrow().inject("gpu-overtemp", CHASSIS + "/PCIeDevices/Slot14");
    try {
      HealthIT.await(
          "slot 14 latched off",
          () -> agent.agent.health().latched(14) && !board.slotPowerEnabled(14));
    } finally {
      agent.agent.faults().orElseThrow().clear(fault.id());
    }
    assertRefused(power.powerOn(14, "tech"), "latched off for over-temperature");
    assertFalse(board.slotPowerEnabled(14));
    assertTrue(agent.agent.health().clearLatch(14, "tech").get(10, TimeUnit.SECONDS));
    assertTrue(board.slotPowerEnabled(14));
  }

  @Test
  void the_locate_led_is_patched_over_redfish_and_is_the_one_the_console_sees() throws Exception {
    String device = CHASSIS + "/PCIeDevices/Slot11";
    JsonNode before = json(agent.client.get(device, TestAgent.READER));
    assertFalse(before.get("LocationIndicatorActive").asBoolean(), before.toString());

    String lit = "{\"LocationIndicatorActive\": true}";
    assertEquals(
        403,
        agent.client.send("PATCH", device, TestAgent.READER, lit).statusCode(),
        "needs ConfigureComponents");
    var patched = agent.client.send("PATCH", device, TestAgent.OPERATOR, lit);
    assertEquals(200, patched.statusCode(), patched.body());
    assertTrue(json(patched).get("LocationIndicatorActive").asBoolean(), patched.body());
    assertTrue(board.slotAttentionLit(11), "the LED on the board is lit");
    assertEquals(Optional.of(true), power.locate(11), "and the console sees it");
    assertFalse(board.slotAttentionLit(12));

    power.setLocate(11, false).get(10, TimeUnit.SECONDS);
    assertFalse(board.slotAttentionLit(11));
    assertFalse(
        json(agent.client.get(device, TestAgent.READER)).get("LocationIndicatorActive").asBoolean(),
        "what the console set, Redfish shows");

    var wrongType =
        agent.client.send(
            "PATCH", device, TestAgent.OPERATOR, "{\"LocationIndicatorActive\": \"on\"}");
    assertEquals(400, wrongType.statusCode(), wrongType.body());
    assertFalse(board.slotAttentionLit(11));
  }

  static void assertRefused(CompletableFuture<Void> operation, String reason) {
    ExecutionException e =
        assertThrows(ExecutionException.class, () -> operation.get(10, TimeUnit.SECONDS));
    assertInstanceOf(SlotOperationRefused.class, e.getCause());
    assertTrue(e.getCause().getMessage().contains(reason), e.getCause().getMessage());
  }
}
