package io.gpuchassis.agent.redfish.fabric;

import static io.gpuchassis.agent.redfish.ChassisFixture.CLOCK;
import static io.gpuchassis.agent.redfish.ChassisFixture.NOW;
import static io.gpuchassis.agent.redfish.ChassisFixture.STALE_AFTER;
import static io.gpuchassis.agent.redfish.ChassisFixture.bound;
import static io.gpuchassis.agent.redfish.ChassisFixture.down;
import static io.gpuchassis.agent.redfish.ChassisFixture.healthy;
import static io.gpuchassis.agent.redfish.ChassisFixture.ids;
import static io.gpuchassis.agent.redfish.ChassisFixture.training;
import static io.gpuchassis.agent.redfish.ChassisFixture.withLink;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.PortErrorCounters;
import io.gpuchassis.agent.chassis.PortLink;
import io.gpuchassis.agent.chassis.PortTraffic;
import io.gpuchassis.agent.chassis.WiredPort;
import io.gpuchassis.agent.redfish.ChassisFixture;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.LinkStatus;
import io.gpuchassis.redfish.model.LocationType;
import io.gpuchassis.redfish.model.Port;
import io.gpuchassis.redfish.model.PortMetrics;
import io.gpuchassis.redfish.model.PortType;
import io.gpuchassis.redfish.model.ResourceCollection;
import io.gpuchassis.redfish.model.State;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * A switch port as Redfish shows it, from the last observation of its switch: link width and speed
 * only from a recent poll of a switch that answers, LinkStatus by what the wiring expects, health
 * from the link.
 */
class PortResourceTest {

  private final PortResource resource =
      new PortResource(null, ChassisFixture.fabricHealth(), CLOCK, STALE_AFTER, null);

  private static WiredPort port(ChassisState state, String switchId, int port) {
    return WiredPort.find(state, switchId, port).orElseThrow();
  }

  @Test
  void the_collection_lists_the_wired_ports_of_the_switch_by_port_number() {
    ResourceCollection ports =
        (ResourceCollection) PortResource.renderCollection(healthy(), Map.of("SwitchId", "SW2"));

    assertEquals("/redfish/v1/Fabrics/PCIe/Switches/SW2/Ports", ports.getAtOdataId());
    // SW2: slots 6-10 on ports 0-4, Host3 and Host4 on 5 and 6, the links to SW3 (7) and SW1 (8).
    List<String> expected =
        List.of(0, 1, 2, 3, 4, 5, 6, 7, 8).stream()
            .map(p -> "/redfish/v1/Fabrics/PCIe/Switches/SW2/Ports/" + p)
            .toList();
    assertEquals(expected, ids(ports.getMembers()));
  }

  @Test
  void a_bound_slot_at_full_width_shows_its_link_up_with_speed_and_width() {
    ChassisState state = bound(healthy(), 1, "Host1", 5, 16);

    Port p = resource.render(state, port(state, "SW1", 0));

    assertEquals("/redfish/v1/Fabrics/PCIe/Switches/SW1/Ports/0", p.getAtOdataId());
    assertEquals("0", p.getId());
    assertEquals(PortType.DOWNSTREAM_PORT, p.getPortType());
    assertEquals(LocationType.SLOT, p.getLocation().getPartLocation().getLocationType());
    assertEquals("Slot 1", p.getLocation().getPartLocation().getServiceLabel());
    assertEquals(LinkStatus.LINK_UP, p.getLinkStatus());
    assertEquals(16, p.getWidth());
    assertEquals(16, p.getActiveWidth());
    assertEquals(32.0 * 16, p.getCurrentSpeedGbps(), 1e-9, "Gen5: 32 GT/s per lane");
    assertEquals(32.0 * 16, p.getMaxSpeedGbps(), 1e-9);
    assertEquals(State.ENABLED, p.getStatus().getState());
    assertEquals(Health.OK, p.getStatus().getHealth());
    assertEquals(
        "/redfish/v1/Fabrics/PCIe/Switches/SW1/Ports/0/Metrics", p.getMetrics().getAtOdataId());
    assertNull(p.getLinks(), "a slot port connects to no other switch");
  }

  @Test
  void a_gen4_card_in_a_gen5_slot_is_healthy_at_gen4_speed() {
    ChassisState state = bound(healthy(), 11, "Host5", 4, 16);

    Port p = resource.render(state, port(state, "SW3", 0));

    assertEquals(LinkStatus.LINK_UP, p.getLinkStatus());
    assertEquals(16.0 * 16, p.getCurrentSpeedGbps(), 1e-9);
    assertEquals(32.0 * 16, p.getMaxSpeedGbps(), 1e-9, "what the slot can do");
    assertEquals(Health.OK, p.getStatus().getHealth());
  }

  @Test
  void a_link_trained_narrower_than_expected_is_a_warning_with_its_actual_width() {
    ChassisState state = bound(healthy(), 2, "Host1", 5, 8);

    Port p = resource.render(state, port(state, "SW1", 1));

    assertEquals(LinkStatus.LINK_UP, p.getLinkStatus());
    assertEquals(8, p.getActiveWidth());
    assertEquals(16, p.getWidth());
    assertEquals(32.0 * 8, p.getCurrentSpeedGbps(), 1e-9);
    assertEquals(Health.WARNING, p.getStatus().getHealth());
  }

  @Test
  void a_bound_slot_without_link_is_link_down_and_critical() {
    ChassisState state = bound(healthy(), 3, "Host2", 5, 16);
    int partition = state.hosts().get(1).partition();
    state = withLink(state, "SW1", down(2, OptionalInt.of(partition)));

    Port p = resource.render(state, port(state, "SW1", 2));

    assertEquals(LinkStatus.LINK_DOWN, p.getLinkStatus());
    assertNull(p.getActiveWidth());
    assertEquals(0.0, p.getCurrentSpeedGbps(), "no trained link: OCP's profile requires it");
    assertEquals(Health.CRITICAL, p.getStatus().getHealth());
  }

  @Test
  void an_unbound_slot_has_no_link_and_that_is_expected() {
    ChassisState state = healthy();

    Port p = resource.render(state, port(state, "SW1", 3));

    assertEquals(LinkStatus.NO_LINK, p.getLinkStatus());
    assertEquals(Health.OK, p.getStatus().getHealth());
  }

  @Test
  void a_training_link_is_shown_training_with_a_warning() {
    ChassisState state =
        withLink(bound(healthy(), 4, "Host1", 5, 16), "SW1", training(3, OptionalInt.of(0)));

    Port p = resource.render(state, port(state, "SW1", 3));

    assertEquals(LinkStatus.TRAINING, p.getLinkStatus());
    assertEquals(Health.WARNING, p.getStatus().getHealth());
  }

  @Test
  void a_host_port_whose_server_is_off_is_link_down_but_only_a_warning() {
    ChassisState state = withLink(healthy(), "SW1", down(5, OptionalInt.empty()));

    Port p = resource.render(state, port(state, "SW1", 5));

    assertEquals(PortType.UPSTREAM_PORT, p.getPortType());
    assertEquals("Port 5 (Host1)", p.getName());
    assertEquals(LocationType.CONNECTOR, p.getLocation().getPartLocation().getLocationType());
    assertEquals(LinkStatus.LINK_DOWN, p.getLinkStatus());
    assertEquals(Health.WARNING, p.getStatus().getHealth());
  }

  @Test
  void an_inter_switch_port_links_to_the_switch_and_port_at_its_other_end() {
    ChassisState state = healthy();

    Port toSw2 = resource.render(state, port(state, "SW1", 7));
    Port toSw4 = resource.render(state, port(state, "SW1", 8));

    assertEquals(PortType.INTERSWITCH_PORT, toSw2.getPortType());
    assertEquals(
        List.of("/redfish/v1/Fabrics/PCIe/Switches/SW2"),
        ids(toSw2.getLinks().getConnectedSwitches()));
    assertEquals(
        List.of("/redfish/v1/Fabrics/PCIe/Switches/SW2/Ports/8"),
        ids(toSw2.getLinks().getConnectedSwitchPorts()));
    assertEquals(
        List.of("/redfish/v1/Fabrics/PCIe/Switches/SW4/Ports/7"),
        ids(toSw4.getLinks().getConnectedSwitchPorts()));
    assertEquals(LinkStatus.LINK_UP, toSw2.getLinkStatus());
    assertEquals(Health.OK, toSw2.getStatus().getHealth());
  }

  @Test
  void a_stale_observation_shows_no_link_values_and_is_never_ok() {
    ChassisState state = bound(healthy(), 1, "Host1", 5, 16);
    state =
        state.withSwitchObservation(
            reobserved(state, "SW1", NOW.minus(STALE_AFTER).minusSeconds(1)));

    Port p = resource.render(state, port(state, "SW1", 0));
    PortMetrics m = resource.renderMetrics(state, port(state, "SW1", 0));

    assertNull(p.getLinkStatus());
    assertNull(p.getActiveWidth());
    assertNull(p.getCurrentSpeedGbps());
    assertEquals(16, p.getWidth(), "what the wiring says is still known");
    assertEquals(Health.WARNING, p.getStatus().getHealth());
    assertNull(m.getPcIeErrors());
    assertNull(m.getRxErrors());
  }

  @Test
  void an_observation_just_within_the_window_is_trusted() {
    ChassisState state = bound(healthy(), 1, "Host1", 5, 16);
    state = state.withSwitchObservation(reobserved(state, "SW1", NOW.minus(STALE_AFTER)));

    Port p = resource.render(state, port(state, "SW1", 0));

    assertEquals(LinkStatus.LINK_UP, p.getLinkStatus());
    assertEquals(Health.OK, p.getStatus().getHealth());
  }

  @Test
  void a_switch_that_stopped_answering_shows_its_last_values_as_unknown() {
    ChassisState state = bound(healthy(), 1, "Host1", 5, 16);
    state =
        state.withSwitchObservation(
            state.switchObservation("SW1").orElseThrow().failed("MRPC timeout"));

    Port p = resource.render(state, port(state, "SW1", 0));

    assertNull(p.getLinkStatus());
    assertNull(p.getActiveWidth());
    assertEquals(Health.WARNING, p.getStatus().getHealth());
  }

  @Test
  void a_switch_never_observed_shows_its_ports_unknown() {
    ChassisState state = ChassisFixture.seated();

    Port p = resource.render(state, port(state, "SW4", 5));

    assertNull(p.getLinkStatus());
    assertEquals(Health.WARNING, p.getStatus().getHealth());
  }

  @Test
  void metrics_carry_the_byte_counters_of_the_last_poll() {
    ChassisState state = bound(healthy(), 1, "Host1", 5, 16);
    PortLink link = state.switchObservation("SW1").orElseThrow().port(0).orElseThrow();
    state =
        withLink(
            state, "SW1", link.withTraffic(Optional.of(new PortTraffic(1_000, 5_000_000_000L))));

    PortMetrics m = resource.renderMetrics(state, port(state, "SW1", 0));

    assertEquals(1_000L, m.getRxBytes());
    assertEquals(5_000_000_000L, m.getTxBytes());
    assertNull(
        resource.renderMetrics(state, port(state, "SW1", 5)).getTxBytes(),
        "a port whose chip gave no byte counters shows none");
  }

  @Test
  void metrics_carry_the_error_counters_of_the_last_poll() {
    ChassisState state = bound(healthy(), 1, "Host1", 5, 16);
    PortLink link = state.switchObservation("SW1").orElseThrow().port(0).orElseThrow();
    PortLink counted =
        new PortLink(
            link.port(),
            link.partition(),
            true,
            false,
            5,
            16,
            5,
            16,
            "L0",
            new PortErrorCounters(7, 2, 3, 4, 5, 0),
            PortLink.ErrorRates.NONE);
    state = withLink(state, "SW1", counted);

    PortMetrics m = resource.renderMetrics(state, port(state, "SW1", 0));

    assertEquals("/redfish/v1/Fabrics/PCIe/Switches/SW1/Ports/0/Metrics", m.getAtOdataId());
    assertEquals(3L, m.getRxErrors());
    assertNotNull(m.getPcIeErrors());
    assertEquals(7L, m.getPcIeErrors().getCorrectableErrorCount());
    assertEquals(2L, m.getPcIeErrors().getNonFatalErrorCount());
    assertEquals(4L, m.getPcIeErrors().getBadTLPCount());
    assertEquals(5L, m.getPcIeErrors().getBadDLLPCount());
  }

  @Test
  void uncorrectable_errors_on_an_up_link_are_critical() {
    ChassisState state = bound(healthy(), 1, "Host1", 5, 16);
    PortLink link = state.switchObservation("SW1").orElseThrow().port(0).orElseThrow();
    state =
        withLink(
            state,
            "SW1",
            new PortLink(
                0,
                link.partition(),
                true,
                false,
                5,
                16,
                5,
                16,
                "L0",
                PortErrorCounters.ZERO,
                new PortLink.ErrorRates(0, 0.5)));

    assertEquals(
        Health.CRITICAL, resource.render(state, port(state, "SW1", 0)).getStatus().getHealth());
  }

  /** The switch's current observation, taken again at {@code at} with the same ports. */
  private static io.gpuchassis.agent.chassis.SwitchObservation reobserved(
      ChassisState state, String switchId, java.time.Instant at) {
    var o = state.switchObservation(switchId).orElseThrow();
    return new io.gpuchassis.agent.chassis.SwitchObservation(
        o.switchId(),
        at,
        o.failure(),
        o.dieTemperatureCelsius(),
        o.serialNumber(),
        o.firmwareVersion(),
        o.ports());
  }
}
