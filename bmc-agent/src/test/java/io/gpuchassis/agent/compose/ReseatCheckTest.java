package io.gpuchassis.agent.compose;

import static io.gpuchassis.agent.compose.HostGpusTest.EMPTY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.compose.ReseatCheck.Action;
import io.gpuchassis.agent.config.CompositionSettings.Reseat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Each policy against the same card, another card and no card, on the reference chassis. */
class ReseatCheckTest {

  @Test
  void the_same_card_is_restored_another_is_never_and_an_empty_slot_follows_the_policy() {
    List<io.gpuchassis.agent.chassis.Slot> slots =
        EMPTY.slots().stream().map(s -> s.number() == 2 ? s.withGpu(Optional.empty()) : s).toList();
    ChassisState state =
        EMPTY.withInventory(
            EMPTY.identity(), slots, EMPTY.powerSupplies(), EMPTY.programmableParts());
    String card1 = BindingEngine.cardSerial(state, 1);
    Map<Integer, String> desired = Map.of(1, "Host1", 2, "Host1", 3, "Host2");
    Map<Integer, String> serials = Map.of(1, card1, 2, "S-2", 3, "S-OTHER");

    for (Reseat policy : Reseat.values()) {
      List<ReseatCheck.Decision> decisions =
          ReseatCheck.decide(state, desired, serials, slot -> policy);
      assertTrue(
          decisions.stream().noneMatch(d -> d.slot() == 1), policy + ": the same card is kept");
      Action another = action(decisions, 3);
      Action empty = action(decisions, 2);
      switch (policy) {
        case RESTORE -> {
          assertEquals(Action.HOLD, another, "never restored to the old host");
          assertEquals(Action.WAIT, empty);
        }
        case HOLD -> {
          assertEquals(Action.HOLD, another);
          assertEquals(Action.HOLD, empty);
        }
        case RELEASE -> {
          assertEquals(Action.RELEASE, another);
          assertEquals(Action.RELEASE, empty);
        }
      }
    }
    assertTrue(
        ReseatCheck.decide(state, Map.of(3, "Host2"), Map.of(), slot -> Reseat.HOLD).isEmpty(),
        "a binding made without a serial number is not judged");
  }

  @Test
  void a_slot_held_by_a_decision_is_told_from_one_whose_switch_failed() {
    ChassisState state = EMPTY;
    String other = "S-OTHER";
    ReseatCheck.Decision held =
        ReseatCheck.decide(state, Map.of(3, "Host2"), Map.of(3, other), slot -> Reseat.HOLD).get(0);
    var binding = state.binding(3);
    var failedBy =
        (java.util.function.Function<String, io.gpuchassis.agent.chassis.SlotBinding>)
            reason ->
                binding.to(
                    io.gpuchassis.agent.chassis.SlotBinding.State.FAILED,
                    Optional.of("Host2"),
                    Optional.of(reason),
                    java.time.Instant.EPOCH);
    assertTrue(ReseatCheck.holds(failedBy.apply(held.description())));
    assertTrue(!ReseatCheck.holds(failedBy.apply("switch SW1 did not answer")));
    assertTrue(!ReseatCheck.holds(binding), "an unbound slot is not held");
  }

  private static Action action(List<ReseatCheck.Decision> decisions, int slot) {
    return decisions.stream().filter(d -> d.slot() == slot).findFirst().orElseThrow().action();
  }
}
