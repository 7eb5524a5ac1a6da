package io.gpuchassis.agent.compose;

import static io.gpuchassis.agent.compose.ExpEtherFixture.HOST;
import static io.gpuchassis.agent.compose.ExpEtherFixture.io;
import static io.gpuchassis.agent.compose.ExpEtherFixture.io10g;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.store.AgentStore;
import io.gpuchassis.switchdrv.expether.EemClient;
import io.gpuchassis.switchdrv.expether.EemGroups;
import io.gpuchassis.switchdrv.expether.sim.EemSimulator;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The start-up agreement between the journal and the manager's groups: what is where it should be
 * is bound, what nobody asked for is freed, interrupted operations are finished from the group the
 * engine reports, and a manager that does not answer leaves the desired slots FAILED.
 */
class ExpEtherReconcilerTest {

  @TempDir Path dir;

  private final ChassisModel model = new ChassisModel(ExpEtherFixture.state());
  private final List<Mismatch> mismatches = new ArrayList<>();

  @Test
  void an_engine_in_its_host_s_group_is_bound_and_one_nobody_asked_for_is_freed() {
    try (EemSimulator sim =
            ExpEtherFixture.manager(100)
                .engine(io10g(1).inGroup(100))
                .engine(io10g(2).inGroup(100))
                .engine(io10g(3))
                .start();
        AgentStore store = AgentStore.open(dir)) {
      EemClient client = ExpEtherFixture.client(sim);

      reconciler(client, store).reconcile(model.current(), Map.of(1, HOST), null, mismatches);

      assertEquals(SlotBinding.State.BOUND, model.current().binding(1).state());
      assertEquals(java.util.Optional.of(HOST), model.current().binding(1).host());
      assertEquals(100, client.device(io(1)).groupId());
      assertEquals(EemGroups.FREE_IO, client.device(io(2)).groupId());
      assertEquals(1, mismatches.size(), mismatches.toString());
      assertTrue(
          mismatches.get(0).description().contains("in group 100 though no binding was asked for"),
          mismatches.toString());
      assertTrue(mismatches.get(0).repaired());
    }
  }

  @Test
  void interrupted_operations_are_finished_from_the_engine_s_group() {
    try (EemSimulator sim =
            ExpEtherFixture.manager(100)
                .engine(io10g(1).inGroup(100))
                .engine(io10g(2).inGroup(100))
                .start();
        AgentStore store = AgentStore.open(dir)) {
      EemClient client = ExpEtherFixture.client(sim);
      BindingJournal journal = new BindingJournal(store, Clock.systemUTC());
      // Slot 1: a bind cut short after the manager took it; slot 2: a release cut short before
      journal.start(1, HOST, BindingJournal.Kind.BIND);
      long bound = journal.start(2, HOST, BindingJournal.Kind.BIND);
      journal.succeeded(bound, 2, HOST, BindingJournal.Kind.BIND);
      journal.start(2, HOST, BindingJournal.Kind.UNBIND);

      reconciler(client, store)
          .finishInterrupted(model.current(), journal.interrupted(), mismatches);

      assertEquals(Map.of(1, HOST), journal.desired(), "the bind had completed: kept");
      assertEquals(EemGroups.FREE_IO, client.device(io(2)).groupId(), "the release completed");
      assertEquals(0, journal.interrupted().size());
      assertEquals(2, mismatches.size(), mismatches.toString());
    }
  }

  @Test
  void a_manager_that_does_not_answer_leaves_the_desired_slots_failed() {
    EemSimulator sim = ExpEtherFixture.manager(100).engine(io10g(1).inGroup(100)).start();
    EemClient client = ExpEtherFixture.client(sim);
    sim.close();
    try (AgentStore store = AgentStore.open(dir)) {
      reconciler(client, store).reconcile(model.current(), Map.of(1, HOST), null, mismatches);

      SlotBinding slot1 = model.current().binding(1);
      assertEquals(SlotBinding.State.FAILED, slot1.state());
      assertEquals(java.util.Optional.of(HOST), slot1.host());
      assertTrue(slot1.lastFailure().orElseThrow().contains("did not answer"), slot1.toString());
      assertFalse(mismatches.isEmpty());
      assertFalse(mismatches.get(0).repaired());
    }
  }

  private ExpEtherReconciler reconciler(EemClient client, AgentStore store) {
    return new ExpEtherReconciler(
        model,
        new BindingJournal(store, Clock.systemUTC()),
        client,
        Duration.ofSeconds(5),
        Clock.systemUTC());
  }
}
