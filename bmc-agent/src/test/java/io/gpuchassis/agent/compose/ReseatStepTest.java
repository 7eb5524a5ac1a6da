package io.gpuchassis.agent.compose;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.chassis.SlotBinding.State;
import io.gpuchassis.agent.compose.ReseatCheck.Action;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * From each decision and each state a slot may stand in: the step that brings it where the start-up
 * reconciliation would, and nothing where it stands there already.
 */
class ReseatStepTest {

  static final String HELD = "slot 3 was bound to Host2 with card A and now holds card B: held";

  @Test
  void the_same_card_stays_bound_or_is_bound_again() {
    Optional<ReseatCheck.Decision> same = Optional.empty();
    assertEquals(ReseatStep.NONE, ReseatStep.of(same, binding(State.BOUND, null)));
    assertEquals(ReseatStep.RESTORE, ReseatStep.of(same, binding(State.UNBOUND, null)));
    assertEquals(ReseatStep.RESTORE, ReseatStep.of(same, binding(State.FAILED, HELD)));
    assertEquals(
        ReseatStep.NONE,
        ReseatStep.of(same, binding(State.FAILED, "the switch did not answer")),
        "a slot whose switch state is unknown is the operator's");
  }

  @Test
  void an_empty_slot_under_restore_is_taken_off_the_switch_and_waits() {
    var waits = decision(Action.WAIT, "slot 3 was bound to Host2 with card A; the slot is empty");
    assertEquals(ReseatStep.DETACH, ReseatStep.of(waits, binding(State.BOUND, null)));
    assertEquals(ReseatStep.DETACH, ReseatStep.of(waits, binding(State.FAILED, HELD)));
    assertEquals(ReseatStep.NONE, ReseatStep.of(waits, binding(State.UNBOUND, null)));
  }

  @Test
  void another_card_is_held_once() {
    var hold = decision(Action.HOLD, HELD);
    assertEquals(ReseatStep.HOLD, ReseatStep.of(hold, binding(State.BOUND, null)));
    assertEquals(ReseatStep.HOLD, ReseatStep.of(hold, binding(State.UNBOUND, null)));
    assertEquals(ReseatStep.NONE, ReseatStep.of(hold, binding(State.FAILED, HELD)), "held already");
    assertEquals(
        ReseatStep.HOLD,
        ReseatStep.of(
            hold,
            binding(State.FAILED, "slot 3 was bound to Host2 with card A; the slot is empty")),
        "held for another finding: held again with this one");
    assertEquals(
        ReseatStep.NONE, ReseatStep.of(hold, binding(State.FAILED, "the switch did not answer")));
  }

  @Test
  void a_release_goes_through_the_engine_where_the_switch_may_hold_it() {
    var release = decision(Action.RELEASE, "slot 3 was bound to Host2 with card A: released");
    assertEquals(ReseatStep.RELEASE, ReseatStep.of(release, binding(State.BOUND, null)));
    assertEquals(ReseatStep.RELEASE, ReseatStep.of(release, binding(State.FAILED, HELD)));
    assertEquals(ReseatStep.FORGET, ReseatStep.of(release, binding(State.UNBOUND, null)));
  }

  private static Optional<ReseatCheck.Decision> decision(Action action, String description) {
    return Optional.of(new ReseatCheck.Decision(3, "Host2", action, description));
  }

  private static SlotBinding binding(State state, String failure) {
    return SlotBinding.unbound(3, Instant.EPOCH)
        .to(
            state,
            state == State.UNBOUND ? Optional.empty() : Optional.of("Host2"),
            Optional.ofNullable(failure),
            Instant.EPOCH);
  }
}
