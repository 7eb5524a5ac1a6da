package io.gpuchassis.agent.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.board.BoardDescription;
import io.gpuchassis.agent.config.SimulationSettings;
import io.gpuchassis.agent.config.SimulationSpeed;
import io.gpuchassis.agent.fault.FaultException;
import io.gpuchassis.agent.fault.FaultInjector;
import io.gpuchassis.switchdrv.sim.Fault;
import java.time.Clock;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A card pulled out of the small board's slot 1 is gone from the sensor board and from its switch
 * port (surprise down) until the fault is cleared, when the same card is back; the kinds refuse a
 * slot without a GPU and a second card fault on one slot.
 */
class CardFaultKindsTest {

  static final String SLOT1 = "/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot1";

  @Test
  void a_removed_card_is_gone_from_its_slot_and_port_until_cleared() {
    BoardDescription board = BoardDescription.loadResource("/board/small-board.yaml");
    try (SimulatedPlatform platform =
        SimulatedPlatform.start(
            board,
            Clock.systemUTC(),
            new SimulationSettings(SimulationSpeed.FAST, Optional.empty()))) {
      FaultInjector faults = platform.faultInjector();
      var sensors = platform.sensorBoard();
      var sw1 = platform.fabric().chip("SW1");
      String serial = sensors.card(1).orElseThrow().identity().serialNumber();

      var removed = faults.inject("gpu-removed", SLOT1);
      assertTrue(sensors.card(1).isEmpty(), "pulled out of the sensor board's slot");
      assertTrue(
          sw1.faults().active().stream().anyMatch(f -> f.fault().equals(new Fault.SurpriseDown(0))),
          "its switch port lost its device");
      assertEquals(
          FaultException.Reason.BAD_TARGET,
          assertThrows(FaultException.class, () -> faults.inject("gpu-swapped", SLOT1)).reason(),
          "one card fault a slot");

      faults.clear(removed.id());
      assertEquals(serial, sensors.card(1).orElseThrow().identity().serialNumber(), "same card");
      assertTrue(sw1.faults().active().isEmpty(), "the port has its device again");
      assertEquals(
          FaultException.Reason.BAD_TARGET,
          assertThrows(
                  FaultException.class,
                  () ->
                      faults.inject(
                          "gpu-removed", "/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot4"))
              .reason(),
          "slot 4 holds no GPU");
    }
  }
}
