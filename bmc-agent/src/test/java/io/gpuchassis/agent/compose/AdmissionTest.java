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
 * 1 to 8 hold 80 GB GPUs (a 128 GiB BAR1 with 48 MiB of others: 131120 MiB), slots 11 to 13 48 GB
 * ones (65584 MiB), each of 350 W.
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

  /** One supply of 3200 W for the chassis' 2400 W: 800 W left for GPUs. */
  static final PowerBudget TIGHT = new PowerBudget(1, 2400);

  /** Slot 12 (SW3, Host5 and Host6's chip) holds a GPU that did not identify itself. */
  final ChassisState unknown12 = unidentified(ChassisFixture.seated(), 12);

  /** Slot 12's GPU reports its memory but no power limit. */
  final ChassisState noLimit12 = withoutPowerLimit(ChassisFixture.seated(), 12);

  @Test
  void a_gpu_of_unknown_power_counts_at_its_slot_s_ceiling_and_the_refusal_says_so() {
    BindingException refused =
        new Admission(TIGHT)
            .refusal(noLimit12, List.of(new Change.Bind(11, "Host5"), new Change.Bind(12, "Host5")))
            .orElseThrow();

    assertEquals(Reason.POWER_BUDGET, refused.reason());
    assertEquals(Optional.of(new Shortfall("Host5", 350 + 675, 800)), refused.shortfall());
    assertTrue(
        refused
            .getMessage()
            .endsWith(
                "the GPU in slot 12 does not report a power limit and counts at the slot's power"
                    + " ceiling of 675 W (composition.slotPowerCeilingWatts)"),
        refused.getMessage());
    // Alone it fits; with a lower configured ceiling both do
    assertEquals(
        Optional.empty(),
        new Admission(TIGHT).refusal(noLimit12, List.of(new Change.Bind(12, "Host5"))));
    assertEquals(
        Optional.empty(),
        new Admission(new PowerBudget(1, 2400, 300))
            .refusal(
                noLimit12, List.of(new Change.Bind(11, "Host5"), new Change.Bind(12, "Host5"))));
    // Once bound it weighs as much in the load; so does a GPU that did not identify itself
    ChassisState bound = noLimit12.withBinding(binding(12, SlotBinding.State.BOUND, "Host5"));
    assertEquals(2400 + 675, TIGHT.loadWatts(bound));
    assertEquals(
        675,
        TIGHT.wattsOf(unknown12, List.of(12)),
        "an unidentified GPU: its power is unknown too");
  }

  @Test
  void a_power_refusal_of_a_request_for_several_hosts_names_every_one() {
    BindingException refused =
        new Admission(TIGHT)
            .refusal(
                ChassisFixture.seated(),
                List.of(
                    new Change.Bind(1, "Host1"),
                    new Change.Bind(2, "Host1"),
                    new Change.Bind(11, "Host5")))
            .orElseThrow();

    assertEquals(Optional.of(new Shortfall("Host1, Host5", 1050, 800)), refused.shortfall());
    assertTrue(
        refused
            .getMessage()
            .startsWith("the GPUs requested for Host1 (700 W) and Host5 (350 W) may draw 1050 W"),
        refused.getMessage());
  }

  @Test
  void a_gpu_of_unknown_memory_counts_as_the_whole_window() {
    long window = 2048 * 1024;
    // Alone into a host with no GPU: admitted
    assertEquals(
        Optional.empty(),
        new Admission(PowerBudget.NONE).refusal(unknown12, List.of(new Change.Bind(12, "Host6"))));

    // Into a host that holds a 48 GB GPU (64 GiB BAR1 + 48 MiB): refused, and said why
    ChassisState held = unknown12.withBinding(binding(13, SlotBinding.State.BOUND, "Host6"));
    BindingException refused =
        new Admission(PowerBudget.NONE)
            .refusal(held, List.of(new Change.Bind(12, "Host6")))
            .orElseThrow();
    assertEquals(Optional.of(new Shortfall("Host6", window, window - 65584)), refused.shortfall());
    assertTrue(
        refused
            .getMessage()
            .endsWith(
                "the GPU in slot 12 does not report a memory size and counts 2097152 MiB, the"
                    + " whole window"),
        refused.getMessage());

    // No GPU joins a host that holds one of unknown memory
    ChassisState holdsUnknown =
        unknown12.withBinding(binding(12, SlotBinding.State.BOUND, "Host6"));
    assertEquals(
        Optional.of(new Shortfall("Host6", 65584, 0)),
        new Admission(PowerBudget.NONE)
            .refusal(holdsUnknown, List.of(new Change.Bind(13, "Host6")))
            .orElseThrow()
            .shortfall());

    // A host that reported no room at all takes none, not even one of unknown size
    assertEquals(
        Optional.of(new Shortfall("Host6", 48, 0)),
        new Admission(PowerBudget.NONE, h -> OptionalLong.of(0))
            .refusal(unknown12, List.of(new Change.Bind(12, "Host6")))
            .orElseThrow()
            .shortfall());
  }

  /** {@code state} with the GPU in {@code slot} reporting no power limit. */
  static ChassisState withoutPowerLimit(ChassisState state, int slot) {
    List<io.gpuchassis.agent.chassis.Slot> slots =
        state.slots().stream()
            .map(
                s ->
                    s.number() == slot
                        ? s.withGpu(
                            s.gpu()
                                .map(
                                    g ->
                                        new io.gpuchassis.agent.chassis.Gpu(
                                            g.model(),
                                            g.vendorId(),
                                            g.deviceId(),
                                            g.subsystemVendorId(),
                                            g.subsystemId(),
                                            g.serialNumber(),
                                            g.memoryGiB(),
                                            0,
                                            g.firmwareVersion(),
                                            g.maxPcieGeneration(),
                                            g.maxLanes())))
                        : s)
            .toList();
    return state.withInventory(
        state.identity(), slots, state.powerSupplies(), state.programmableParts());
  }

  /** {@code state} with the GPU in {@code slot} one that did not identify itself. */
  static ChassisState unidentified(ChassisState state, int slot) {
    List<io.gpuchassis.agent.chassis.Slot> slots =
        state.slots().stream()
            .map(
                s ->
                    s.number() == slot
                        ? s.withGpu(Optional.of(io.gpuchassis.agent.chassis.Gpu.unidentified(s)))
                        : s)
            .toList();
    return state.withInventory(
        state.identity(), slots, state.powerSupplies(), state.programmableParts());
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
