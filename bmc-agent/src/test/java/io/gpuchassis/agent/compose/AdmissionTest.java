package io.gpuchassis.agent.compose;

import static io.gpuchassis.agent.redfish.ChassisFixture.binding;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.compose.BindingException.Reason;
import io.gpuchassis.agent.compose.BindingException.Shortfall;
import io.gpuchassis.agent.redfish.ChassisFixture;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * The admission checks on the reference chassis: every host port's board window is 2048 GiB, slots
 * 1 to 8 hold 80 GB GPUs (a 128 GiB BAR1 with 48 MiB of others: 131120 MiB) of 350 W.
 */
class AdmissionTest {

  static final long GPU_80GB_MIB = 131120;

  /** Host2 holds slot 1. */
  final ChassisState state =
      ChassisFixture.seated().withBinding(binding(1, SlotBinding.State.BOUND, "Host2"));

  @Test
  void a_window_the_host_reported_is_taken_over_the_board_s_and_named() {
    ReportedWindows reported =
        host -> host.equals("Host2") ? OptionalLong.of(160 * 1024) : OptionalLong.empty();

    BindingException refused =
        new Admission(PowerBudget.NONE, reported)
            .refusal(state, List.of(new Change.Bind(2, "Host2")))
            .orElseThrow();

    assertEquals(Reason.BAR_WINDOW, refused.reason());
    assertEquals(
        Optional.of(new Shortfall("Host2", GPU_80GB_MIB, 163840 - GPU_80GB_MIB)),
        refused.shortfall());
    assertTrue(
        refused
            .getMessage()
            .endsWith(
                "32720 MiB are left of the host port's 163840 MiB hot-plug window, as Host2's"
                    + " host companion reported it"),
        refused.getMessage());
    // Without the report, the board's 2048 GiB hold both
    assertEquals(
        Optional.empty(),
        new Admission(PowerBudget.NONE).refusal(state, List.of(new Change.Bind(2, "Host2"))));
    // Another host's report is not Host2's
    assertEquals(
        Optional.empty(),
        new Admission(
                PowerBudget.NONE,
                h -> h.equals("Host1") ? OptionalLong.of(0) : OptionalLong.empty())
            .refusal(state, List.of(new Change.Bind(2, "Host2"))));
  }

  @Test
  void the_board_s_window_is_named_as_the_source_when_the_host_reported_none() {
    ChassisState small = withWindow(state, "Host2", 128);

    BindingException refused =
        new Admission(PowerBudget.NONE)
            .refusal(small, List.of(new Change.Bind(2, "Host2")))
            .orElseThrow();

    assertEquals(Optional.of(new Shortfall("Host2", GPU_80GB_MIB, 0)), refused.shortfall());
    assertTrue(
        refused.getMessage().endsWith("as the board description gives it (hotPlugWindowGiB)"),
        refused.getMessage());
    // A host's report, larger, is what the host has: it wins over the board
    assertEquals(
        Optional.empty(),
        new Admission(PowerBudget.NONE, h -> OptionalLong.of(512 * 1024))
            .refusal(small, List.of(new Change.Bind(2, "Host2"))));
  }

  @Test
  void a_host_s_window_and_its_source() {
    HostPort host2 = state.hosts().get(1);
    assertEquals(
        Optional.of(new HotPlugWindow(2048 * 1024, HotPlugWindow.Source.BOARD_DESCRIPTION)),
        HotPlugWindow.of(host2, ReportedWindows.NONE));
    assertEquals(
        Optional.of(new HotPlugWindow(0, HotPlugWindow.Source.HOST_COMPANION)),
        HotPlugWindow.of(host2, h -> OptionalLong.of(0)),
        "a host that reported no room has none");
    assertEquals(
        Optional.empty(),
        HotPlugWindow.of(withWindow(state, "Host2", 0).hosts().get(1), ReportedWindows.NONE));
  }

  /** {@code state} with {@code hostId}'s board window {@code gib} (0: the board gives none). */
  static ChassisState withWindow(ChassisState state, String hostId, int gib) {
    List<HostPort> hosts =
        state.hosts().stream()
            .map(
                h ->
                    h.id().equals(hostId)
                        ? new HostPort(
                            h.id(),
                            h.switchId(),
                            h.port(),
                            h.lanes(),
                            h.pcieGeneration(),
                            h.partition(),
                            gib)
                        : h)
            .toList();
    return new ChassisState(
        state.generation(),
        state.identity(),
        state.switches(),
        state.interSwitchLinks(),
        hosts,
        state.slots(),
        state.fans(),
        state.powerSupplies(),
        state.programmableParts(),
        state.temperatureSensors(),
        state.switchObservations(),
        Map.copyOf(state.bindings()));
  }
}
