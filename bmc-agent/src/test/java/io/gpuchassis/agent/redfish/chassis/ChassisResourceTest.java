package io.gpuchassis.agent.redfish.chassis;

import static io.gpuchassis.agent.redfish.ChassisFixture.healthy;
import static io.gpuchassis.agent.redfish.ChassisFixture.ids;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.health.ChassisHealth;
import io.gpuchassis.agent.health.ChassisRollup;
import io.gpuchassis.agent.redfish.ChassisFixture;
import io.gpuchassis.redfish.model.Chassis;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.ResourceCollection;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The chassis: the collection holds the one chassis by the id its FRU data gives; its status is its
 * own parts (air, fans, supplies, rails) as Health, with the fabric and the GPUs added in
 * HealthRollup.
 */
class ChassisResourceTest extends HealthViewFixture {

  @Test
  void the_chassis_status_is_its_own_parts_with_the_fabric_and_gpus_rolled_up() {
    ChassisRollup rollup =
        new ChassisRollup(
            new ChassisHealth(monitor, catalog, "NPlusM", 1), ChassisFixture.fabricHealth());
    readAllHealthy();
    Chassis ok = ChassisResource.render(state, rollup, monitor.identifyLed());
    ChassisState failedSwitch =
        state.withSwitchObservation(
            state.switchObservation("SW4").orElseThrow().failed("no answer"));
    Chassis fabricDown = ChassisResource.render(failedSwitch, rollup, monitor.identifyLed());

    assertEquals(CHASSIS, ok.getAtOdataId());
    assertEquals("GX2008-0042", ok.getSerialNumber());
    assertEquals("GX-2008", ok.getModel());
    assertEquals(Health.OK, ok.getStatus().getHealth());
    assertEquals(Health.OK, ok.getStatus().getHealthRollup());
    assertEquals(
        List.of(
            "/redfish/v1/Fabrics/PCIe/Switches/SW1",
            "/redfish/v1/Fabrics/PCIe/Switches/SW2",
            "/redfish/v1/Fabrics/PCIe/Switches/SW3",
            "/redfish/v1/Fabrics/PCIe/Switches/SW4"),
        ids(ok.getLinks().getSwitches()));
    assertEquals(CHASSIS + "/PCIeSlots", ok.getPcIeSlots().getAtOdataId());
    assertEquals(
        Health.OK, fabricDown.getStatus().getHealth(), "a switch is not the chassis's own part");
    assertEquals(Health.CRITICAL, fabricDown.getStatus().getHealthRollup());
  }

  @Test
  void a_chassis_whose_sensors_are_not_read_yet_is_not_ok() {
    ChassisRollup rollup =
        new ChassisRollup(
            new ChassisHealth(monitor, catalog, "NPlusM", 1), ChassisFixture.fabricHealth());

    Chassis c = ChassisResource.render(state, rollup, monitor.identifyLed());

    assertNotNull(c.getStatus());
    assertEquals(Health.WARNING, c.getStatus().getHealth());
  }

  @Test
  void the_collection_holds_the_chassis_by_its_id() {
    ResourceCollection c = ChassisResource.renderCollection(healthy());

    assertEquals("/redfish/v1/Chassis", c.getAtOdataId());
    assertEquals(List.of("/redfish/v1/Chassis/GPUChassis"), ids(c.getMembers()));
  }
}
