package io.gpuchassis.agent.redfish.fabric;

import static io.gpuchassis.agent.redfish.ChassisFixture.bound;
import static io.gpuchassis.agent.redfish.ChassisFixture.healthy;
import static io.gpuchassis.agent.redfish.ChassisFixture.ids;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.SwitchChip;
import io.gpuchassis.agent.redfish.ChassisFixture;
import io.gpuchassis.redfish.model.Fabric;
import io.gpuchassis.redfish.model.FabricSwitch;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.ResetType;
import io.gpuchassis.redfish.model.ResourceCollection;
import io.gpuchassis.redfish.model.State;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * The switch chips and the fabric they make: identity from the chip's last answer, health from
 * whether it answers, the rollup adding its ports, the fabric the worst of its switches.
 */
class SwitchResourceTest {

  private static final Predicate<String> NONE_UPDATING = id -> false;

  private static FabricSwitch render(ChassisState state, String id, Predicate<String> updating) {
    SwitchChip chip = SwitchResource.find(state, id);
    return new SwitchResource(null, ChassisFixture.fabricHealth(), updating).render(state, chip);
  }

  private static Fabric fabric(ChassisState state) {
    return new FabricResource(null, ChassisFixture.fabricHealth(), null).render(state);
  }

  @Test
  void the_collection_lists_every_chip_of_the_board() {
    ResourceCollection c = SwitchResource.renderCollection(healthy());

    assertEquals("/redfish/v1/Fabrics/PCIe/Switches", c.getAtOdataId());
    assertEquals(
        List.of(
            "/redfish/v1/Fabrics/PCIe/Switches/SW1",
            "/redfish/v1/Fabrics/PCIe/Switches/SW2",
            "/redfish/v1/Fabrics/PCIe/Switches/SW3",
            "/redfish/v1/Fabrics/PCIe/Switches/SW4"),
        ids(c.getMembers()));
  }

  @Test
  void an_answering_switch_shows_its_identity_and_links() {
    FabricSwitch s = render(healthy(), "SW3", NONE_UPDATING);

    assertEquals("/redfish/v1/Fabrics/PCIe/Switches/SW3", s.getAtOdataId());
    assertEquals("SW3", s.getId());
    assertEquals("Microchip", s.getManufacturer());
    assertEquals("0x6a1c0003", s.getSerialNumber(), "from the observation, not the board file");
    assertEquals("9.20 B04A", s.getFirmwareVersion());
    assertEquals(160, s.getTotalSwitchWidth());
    assertEquals(State.ENABLED, s.getStatus().getState());
    assertEquals(Health.OK, s.getStatus().getHealth());
    assertEquals(Health.OK, s.getStatus().getHealthRollup());
    assertEquals("/redfish/v1/Fabrics/PCIe/Switches/SW3/Ports", s.getPorts().getAtOdataId());
    assertEquals("/redfish/v1/Chassis/GPUChassis", s.getLinks().getChassis().getAtOdataId());
    assertEquals(List.of("/redfish/v1/Managers/BMC"), ids(s.getLinks().getManagedBy()));
    assertEquals(
        "/redfish/v1/Fabrics/PCIe/Switches/SW3/Actions/Switch.Reset",
        s.getActions().getHashSwitchReset().getTarget());
    assertEquals(
        List.of(ResetType.FORCE_RESTART),
        s.getActions().getHashSwitchReset().getResetTypeAtRedfishAllowableValues());
  }

  @Test
  void a_switch_not_yet_polled_is_a_warning_without_identity() {
    FabricSwitch s = render(ChassisFixture.seated(), "SW1", NONE_UPDATING);

    assertNull(s.getSerialNumber());
    assertNull(s.getFirmwareVersion());
    assertEquals(Health.WARNING, s.getStatus().getHealth());
  }

  @Test
  void a_switch_that_stopped_answering_is_critical_and_makes_the_fabric_critical() {
    ChassisState state = healthy();
    state =
        state.withSwitchObservation(
            state.switchObservation("SW2").orElseThrow().failed("no answer on I2C"));

    FabricSwitch s = render(state, "SW2", NONE_UPDATING);

    assertEquals(Health.CRITICAL, s.getStatus().getHealth());
    assertEquals(Health.CRITICAL, s.getStatus().getHealthRollup());
    assertEquals(Health.OK, render(state, "SW1", NONE_UPDATING).getStatus().getHealth());
    assertEquals(Health.CRITICAL, fabric(state).getStatus().getHealth());
    assertEquals(Health.CRITICAL, fabric(state).getStatus().getHealthRollup());
  }

  @Test
  void a_degraded_port_leaves_the_switch_ok_but_rolls_up_as_a_warning() {
    ChassisState state = bound(healthy(), 7, "Host3", 5, 4);

    FabricSwitch s = render(state, "SW2", NONE_UPDATING);

    assertEquals(Health.OK, s.getStatus().getHealth());
    assertEquals(Health.WARNING, s.getStatus().getHealthRollup());
    assertEquals(Health.WARNING, fabric(state).getStatus().getHealth());
  }

  @Test
  void a_switch_whose_firmware_is_being_written_is_updating() {
    FabricSwitch s = render(healthy(), "SW4", id -> id.equals("SW4"));

    assertEquals(State.UPDATING, s.getStatus().getState());
    assertEquals(
        State.ENABLED, render(healthy(), "SW1", id -> id.equals("SW4")).getStatus().getState());
  }

  @Test
  void the_fabric_links_its_switches_endpoints_and_zones_and_is_ok_when_every_link_is() {
    Fabric f = fabric(healthy());

    assertEquals("/redfish/v1/Fabrics/PCIe", f.getAtOdataId());
    assertEquals("PCIe", f.getId());
    assertEquals("/redfish/v1/Fabrics/PCIe/Switches", f.getSwitches().getAtOdataId());
    assertEquals("/redfish/v1/Fabrics/PCIe/Endpoints", f.getEndpoints().getAtOdataId());
    assertEquals("/redfish/v1/Fabrics/PCIe/Zones", f.getZones().getAtOdataId());
    assertEquals(Health.OK, f.getStatus().getHealth());
  }

  @Test
  void a_fabric_never_polled_is_not_ok() {
    assertEquals(Health.WARNING, fabric(ChassisFixture.seated()).getStatus().getHealth());
  }
}
