package io.gpuchassis.agent.compose;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.board.BoardDescription;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.chassis.SlotBinding.State;
import io.gpuchassis.agent.sim.SimulatedPlatform;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class HostGpusTest {

  static final ChassisState EMPTY =
      SimulatedPlatform.simulatedChassis(BoardDescription.reference());

  static ChassisState with(ChassisState state, int slot, State s, String host, boolean ready) {
    SlotBinding b =
        SlotBinding.unbound(slot, Instant.EPOCH)
            .to(s, Optional.of(host), Optional.empty(), Instant.EPOCH)
            .withReadyToRemove(ready);
    return state.withBinding(b);
  }

  @Test
  void bound_lists_only_the_hosts_bound_slots() {
    ChassisState state =
        with(
            with(with(EMPTY, 1, State.BOUND, "Host1", false), 2, State.BINDING, "Host1", false),
            3,
            State.BOUND,
            "Host2",
            false);
    assertEquals(List.of(1), HostGpus.bound(state, "Host1"));
    assertEquals(List.of(3), HostGpus.bound(state, "Host2"));
    assertEquals(List.of(), HostGpus.bound(state, "Host3"));
  }

  @Test
  void release_all_is_refused_unless_every_gpu_was_released_by_the_host() {
    ChassisState state =
        with(with(EMPTY, 1, State.BOUND, "Host1", true), 2, State.BOUND, "Host1", false);
    BindingException held =
        assertThrows(BindingException.class, () -> HostGpus.releaseAll(state, "Host1"));
    assertEquals(BindingException.Reason.HOST_STILL_USING, held.reason());
    assertTrue(held.getMessage().contains("slot 2"), held.getMessage());

    ChassisState ready = with(state, 2, State.BOUND, "Host1", true);
    assertEquals(List.of(1, 2), HostGpus.releaseAll(ready, "Host1"));
    assertEquals(
        List.of(), HostGpus.releaseAll(ready, "Host2"), "nothing to release is not a refusal");
  }

  @Test
  void release_all_is_refused_while_an_operation_runs_on_one_of_the_hosts_gpus() {
    ChassisState state =
        with(with(EMPTY, 1, State.BOUND, "Host1", true), 2, State.BINDING, "Host1", false);
    BindingException busy =
        assertThrows(BindingException.class, () -> HostGpus.releaseAll(state, "Host1"));
    assertEquals(BindingException.Reason.IN_USE, busy.reason());
  }
}
