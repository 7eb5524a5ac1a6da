package io.gpuchassis.agent.compose;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.SlotBinding.State;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The check that refuses a whole set of changes before any of them starts. */
class ChangeSetTest {

  static final ChassisState EMPTY = PlacementTest.EMPTY;

  static BindingException.Reason refusal(ChassisState state, Change... changes) {
    return assertThrows(ChangeException.class, () -> ChangeSet.check(state, List.of(changes)))
        .reason()
        .reason();
  }

  @Test
  void a_set_of_binds_is_refused_for_its_first_unusable_gpu() {
    ChangeSet.check(EMPTY, List.of(new Change.Bind(1, "Host1"), new Change.Bind(2, "Host1")));
    // Host2 holds the link SW1 -> SW2 for slot 7, so slot 6 cannot reach Host1 now.
    ChassisState linkHeld = HostGpusTest.with(EMPTY, 7, State.BOUND, "Host2", false);
    ChangeException e =
        assertThrows(
            ChangeException.class,
            () ->
                ChangeSet.check(
                    linkHeld, List.of(new Change.Bind(1, "Host1"), new Change.Bind(6, "Host1"))));
    assertEquals(6, e.change().slot(), "names the change that cannot be made");
    assertEquals(BindingException.Reason.NOT_REACHABLE, e.reason().reason());
    assertEquals(BindingException.Reason.EMPTY_SLOT, refusal(EMPTY, new Change.Bind(5, "Host1")));
    assertEquals(
        BindingException.Reason.IN_USE,
        refusal(EMPTY, new Change.Bind(1, "Host1"), new Change.Bind(1, "Host1")));
    ChassisState bound = HostGpusTest.with(EMPTY, 2, State.BOUND, "Host2", false);
    assertEquals(BindingException.Reason.IN_USE, refusal(bound, new Change.Bind(2, "Host1")));
  }

  @Test
  void a_release_needs_the_hosts_word_that_it_let_go() {
    ChassisState held = HostGpusTest.with(EMPTY, 2, State.BOUND, "Host1", false);
    assertEquals(
        BindingException.Reason.HOST_STILL_USING, refusal(held, new Change.Release(2, "Host1")));
    assertEquals(BindingException.Reason.NOT_BOUND, refusal(held, new Change.Release(2, "Host2")));
    ChangeSet.check(
        HostGpusTest.with(EMPTY, 2, State.BOUND, "Host1", true),
        List.of(new Change.Release(2, "Host1")));
  }
}
