package io.gpuchassis.agent.redfish;

import io.gpuchassis.agent.board.BoardDescription;
import io.gpuchassis.agent.chassis.ChassisIdentity;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.PortErrorCounters;
import io.gpuchassis.agent.chassis.PortLink;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.chassis.SwitchChip;
import io.gpuchassis.agent.chassis.SwitchObservation;
import io.gpuchassis.agent.chassis.WiredPort;
import io.gpuchassis.agent.health.FabricHealth;
import io.gpuchassis.redfish.model.OdataIdRef;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * A chassis state for the render functions, built without an agent: the reference board (4 switch
 * chips in a ring, 8 hosts, 20 slots) with the simulation's GPUs seated (slots 5, 10, 15 and 20
 * empty; 1-9 H100 Gen5, 11-19 L40S Gen4), and helpers that put it into the states worth showing: a
 * switch observed at a fixed instant with every link as expected, a bound slot, a degraded or dead
 * link, a stale observation, a switch that stopped answering.
 */
public final class ChassisFixture {

  public static final Instant NOW = Instant.parse("2026-01-15T10:00:00Z");
  public static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
  public static final Duration STALE_AFTER = Duration.ofSeconds(15);
  public static final String CHASSIS_ID = "GPUChassis";

  private ChassisFixture() {}

  /**
   * The reference board with its simulated GPUs and a serial number, nothing observed yet, nothing
   * bound.
   */
  public static ChassisState seated() {
    BoardDescription board = BoardDescription.reference();
    ChassisState initial = board.initialState();
    ChassisIdentity id = initial.identity();
    return initial.withInventory(
        new ChassisIdentity(
            id.id(), id.manufacturer(), id.model(), id.sku(), "GX2008-0042", id.partNumber()),
        board.simulatedSlots(),
        initial.powerSupplies(),
        initial.programmableParts());
  }

  /**
   * {@link #seated()} with every switch observed now: every link where the wiring expects one, at
   * full speed.
   */
  public static ChassisState healthy() {
    ChassisState state = seated();
    for (SwitchChip chip : state.switches()) {
      state = state.withSwitchObservation(observed(state, chip.id(), NOW));
    }
    return state;
  }

  /**
   * An observation of {@code switchId} at {@code at}: host and inter-switch links up, slot ports
   * down (unbound).
   */
  public static SwitchObservation observed(ChassisState state, String switchId, Instant at) {
    Map<Integer, PortLink> ports = new HashMap<>();
    for (WiredPort p : WiredPort.of(state, switchId)) {
      ports.put(
          p.port(),
          p.role() == WiredPort.Role.SLOT
              ? down(p.port(), OptionalInt.empty())
              : up(p.port(), OptionalInt.empty(), p.expectedGeneration(), p.expectedWidth()));
    }
    return new SwitchObservation(
        switchId,
        at,
        Optional.empty(),
        OptionalDouble.of(51.25),
        Optional.of("0x6a1c000" + switchId.substring(2)),
        Optional.of("9.20 B04A"),
        ports);
  }

  public static PortLink up(int port, OptionalInt partition, int generation, int width) {
    return new PortLink(
        port,
        partition,
        true,
        false,
        generation,
        width,
        5,
        16,
        "L0",
        PortErrorCounters.ZERO,
        PortLink.ErrorRates.NONE);
  }

  public static PortLink down(int port, OptionalInt partition) {
    return new PortLink(
        port,
        partition,
        false,
        false,
        0,
        0,
        5,
        16,
        "DETECT_QUIET",
        PortErrorCounters.ZERO,
        PortLink.ErrorRates.NONE);
  }

  public static PortLink training(int port, OptionalInt partition) {
    return new PortLink(
        port,
        partition,
        false,
        true,
        0,
        0,
        5,
        16,
        "POLLING",
        PortErrorCounters.ZERO,
        PortLink.ErrorRates.NONE);
  }

  /** {@code state} with one port of a switch's current observation replaced. */
  public static ChassisState withLink(ChassisState state, String switchId, PortLink link) {
    SwitchObservation o = state.switchObservation(switchId).orElseThrow();
    Map<Integer, PortLink> ports = new HashMap<>(o.ports());
    ports.put(link.port(), link);
    return state.withSwitchObservation(
        new SwitchObservation(
            o.switchId(),
            o.observedAt(),
            o.failure(),
            o.dieTemperatureCelsius(),
            o.serialNumber(),
            o.firmwareVersion(),
            ports));
  }

  /**
   * {@code state} with {@code slot} bound to {@code host} as the engine leaves it: the binding
   * BOUND, and the slot's port in the host's partition with its link up at the width and generation
   * given.
   */
  public static ChassisState bound(
      ChassisState state, int slot, String host, int generation, int width) {
    var s = state.slot(slot).orElseThrow();
    int partition =
        state.hosts().stream()
            .filter(h -> h.id().equals(host))
            .findFirst()
            .orElseThrow()
            .partition();
    return withLink(
        state.withBinding(binding(slot, SlotBinding.State.BOUND, host)),
        s.switchId(),
        up(s.port(), OptionalInt.of(partition), generation, width));
  }

  public static SlotBinding binding(int slot, SlotBinding.State state, String host) {
    return new SlotBinding(
        slot,
        state,
        Optional.ofNullable(host),
        Optional.empty(),
        false,
        NOW,
        Optional.empty(),
        io.gpuchassis.agent.chassis.HostSight.NOT_EXPECTED);
  }

  public static FabricHealth fabricHealth() {
    return new FabricHealth(CLOCK, STALE_AFTER);
  }

  public static List<String> ids(List<OdataIdRef> refs) {
    return refs.stream().map(OdataIdRef::getAtOdataId).toList();
  }
}
