package io.gpuchassis.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.chassis.LinkTraining;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.compose.BindingEngine;
import io.gpuchassis.agent.compose.BindingException;
import io.gpuchassis.agent.compose.BindingJournal;
import io.gpuchassis.agent.config.SimulationSpeed;
import io.gpuchassis.agent.store.AgentStore;
import io.gpuchassis.switchdrv.Binding;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The binding engine against the simulated reference chassis through the real driver: binds and
 * releases verified on the switch, refusals that change nothing, rollback when the link does not
 * train, races, persistence across restarts and reconciliation of an interrupted operation.
 */
class BindingEngineIT {

  @TempDir Path stateDir;

  @Test
  void a_gpu_is_bound_verified_released_and_every_refusal_changes_nothing() throws Exception {
    try (TestAgent t = TestAgent.start(stateDir)) {
      BindingEngine engine = t.agent.bindings();
      SlotBinding bound = engine.bind(1, "Host1").join();
      assertEquals(SlotBinding.State.BOUND, bound.state());
      assertEquals(Optional.of("Host1"), bound.host());
      assertEquals(
          Optional.of(0), switchBinding(t, "SW1", 0), "bound into Host1's partition on the switch");

      assertRefused(
          BindingException.Reason.IN_USE,
          () -> {
            engine.bind(1, "Host2");
          });
      assertRefused(
          BindingException.Reason.EMPTY_SLOT,
          () -> {
            engine.bind(5, "Host1");
          });
      assertRefused(
          BindingException.Reason.UNKNOWN_HOST,
          () -> {
            engine.bind(2, "Host99");
          });
      assertRefused(
          BindingException.Reason.HOST_STILL_USING,
          () -> {
            engine.unbind(1, false);
          });
      assertEquals(SlotBinding.State.BOUND, t.agent.model().current().binding(1).state());

      engine.setReadyToRemove(1, true);
      assertEquals(SlotBinding.State.UNBOUND, engine.unbind(1, false).join().state());
      assertEquals(Optional.empty(), switchBinding(t, "SW1", 0));
      assertRefused(
          BindingException.Reason.NOT_BOUND,
          () -> {
            engine.unbind(1, true);
          });
    }
  }

  @Test
  void a_gpu_on_another_chip_is_bound_over_inter_switch_links_that_carry_one_host_at_a_time()
      throws Exception {
    try (TestAgent t = TestAgent.start(stateDir)) {
      BindingEngine engine = t.agent.bindings();
      // Slot 6 is on SW2; Host1 on SW1 reaches it over the link SW1 port 7 -> SW2 port 8.
      assertEquals(SlotBinding.State.BOUND, engine.bind(6, "Host1").join().state());
      assertEquals(
          Optional.of(0), switchBinding(t, "SW1", 7), "the link is bound into Host1's partition");
      assertEquals(
          Optional.of(2), switchBinding(t, "SW2", 0), "the slot is in SW2's transit partition");
      assertEquals(
          SlotBinding.State.BOUND,
          engine.bind(7, "Host1").join().state(),
          "a second GPU shares the link");

      BindingException busy = assertThrows(BindingException.class, () -> engine.bind(8, "Host2"));
      assertEquals(BindingException.Reason.NOT_REACHABLE, busy.reason());
      assertTrue(busy.getMessage().contains("carries the GPUs of Host1"), busy.getMessage());
      assertEquals(
          SlotBinding.State.BOUND,
          engine.bind(8, "Host3").join().state(),
          "SW2's own host is not affected");
      assertEquals(Optional.of(0), switchBinding(t, "SW2", 2));

      // Two links: SW1 -> SW2 -> SW3; the second one is bound into SW2's transit partition.
      assertEquals(SlotBinding.State.BOUND, engine.bind(11, "Host1").join().state());
      assertEquals(Optional.of(2), switchBinding(t, "SW2", 7));
      assertEquals(Optional.of(2), switchBinding(t, "SW3", 0));
      assertRefused(
          BindingException.Reason.NOT_REACHABLE,
          () -> {
            engine.bind(12, "Host3");
          });

      engine.unbind(6, true).join();
      engine.unbind(7, true).join();
      assertEquals(
          Optional.of(0), switchBinding(t, "SW1", 7), "slot 11 still needs the first link");
      engine.unbind(11, true).join();
      assertEquals(
          Optional.empty(), switchBinding(t, "SW1", 7), "released with the last GPU behind it");
      assertEquals(Optional.empty(), switchBinding(t, "SW2", 7));
      assertEquals(
          SlotBinding.State.BOUND,
          engine.bind(9, "Host2").join().state(),
          "the link is free for Host2");
      assertEquals(Optional.of(1), switchBinding(t, "SW1", 7));
    }
  }

  @Test
  void a_bind_behind_a_link_that_fails_releases_the_link_it_bound() throws Exception {
    try (TestAgent t = TestAgent.start(stateDir)) {
      var injected =
          t.agent
              .faults()
              .orElseThrow()
              .inject("link-down", "/redfish/v1/Fabrics/PCIe/Switches/SW2/Ports/0");
      CompletionException e =
          assertThrows(CompletionException.class, () -> t.agent.bindings().bind(6, "Host1").join());
      assertEquals(
          BindingException.Reason.LINK_NOT_TRAINED, ((BindingException) e.getCause()).reason());
      assertEquals(Optional.empty(), switchBinding(t, "SW2", 0), "the slot was rolled back");
      assertEquals(
          Optional.empty(), switchBinding(t, "SW1", 7), "and so was the link bound for it");
      t.agent.faults().orElseThrow().clear(injected.id());
      assertEquals(SlotBinding.State.BOUND, t.agent.bindings().bind(6, "Host2").join().state());
    }
  }

  @Test
  void a_link_that_trains_narrow_is_retrained_once_and_kept_with_how_it_trained() throws Exception {
    try (TestAgent t = TestAgent.start(stateDir)) {
      String fault = "/redfish/v1/Fabrics/PCIe/Switches/SW1/Ports/1";
      var injected = t.agent.faults().orElseThrow().inject("link-degrade", fault);
      SlotBinding bound = t.agent.bindings().bind(2, "Host1").join();
      assertEquals(SlotBinding.State.BOUND, bound.state(), "a degraded GPU still works");
      LinkTraining link = bound.link().orElseThrow();
      assertTrue(link.degraded(), link.toString());
      assertTrue(link.retrained(), "retrained once before settling for less");
      assertTrue(link.trained().width() < link.capable().width(), link.toString());
      assertEquals(link.trained(), link.beforeRetrain().orElseThrow(), "the fault outlasts it");
      assertEquals(Optional.of(0), switchBinding(t, "SW1", 1), "still bound on the switch");
      t.agent.faults().orElseThrow().clear(injected.id());
    }
  }

  @Test
  void a_link_that_never_comes_up_is_rolled_back_with_the_reason() throws Exception {
    try (TestAgent t = TestAgent.start(stateDir)) {
      String fault = "/redfish/v1/Fabrics/PCIe/Switches/SW1/Ports/1";
      var injected = t.agent.faults().orElseThrow().inject("link-down", fault);
      CompletionException e =
          assertThrows(CompletionException.class, () -> t.agent.bindings().bind(2, "Host1").join());
      assertEquals(
          BindingException.Reason.LINK_NOT_TRAINED, ((BindingException) e.getCause()).reason());
      SlotBinding after = t.agent.model().current().binding(2);
      assertEquals(SlotBinding.State.UNBOUND, after.state());
      assertTrue(
          after.lastFailure().orElseThrow().contains("did not come up"),
          after.lastFailure().toString());
      assertEquals(
          Optional.empty(), switchBinding(t, "SW1", 1), "no half-bound slot left on the switch");
      t.agent.faults().orElseThrow().clear(injected.id());
      assertEquals(SlotBinding.State.BOUND, t.agent.bindings().bind(2, "Host1").join().state());
    }
  }

  @Test
  void a_busy_switch_fails_the_bind_and_leaves_the_hardware_as_it_was() throws Exception {
    try (TestAgent t = TestAgent.start(stateDir)) {
      var injected =
          t.agent
              .faults()
              .orElseThrow()
              .inject("switch-busy", "/redfish/v1/Fabrics/PCIe/Switches/SW2");
      CompletionException e =
          assertThrows(CompletionException.class, () -> t.agent.bindings().bind(6, "Host3").join());
      assertEquals(
          BindingException.Reason.SWITCH_FAILED, ((BindingException) e.getCause()).reason());
      assertEquals(SlotBinding.State.UNBOUND, t.agent.model().current().binding(6).state());
      t.agent.faults().orElseThrow().clear(injected.id());
      assertEquals(Optional.empty(), switchBinding(t, "SW2", 0));
    }
  }

  @Test
  void a_mailbox_that_stops_answering_marks_the_slot_failed_until_a_forced_release_settles_it()
      throws Exception {
    // Polled once at start only: the bind's own command must be the one the mailbox swallows. Were
    // a poll's
    // command first, the bind would find the mailbox still busy and never submit (a refusal, not an
    // unknown).
    try (TestAgent t = TestAgent.start(stateDir, SimulationSpeed.FAST, Duration.ofMinutes(10))) {
      awaitStartupReads(t, "SW2");
      var injected =
          t.agent
              .faults()
              .orElseThrow()
              .inject("mrpc-timeout", "/redfish/v1/Fabrics/PCIe/Switches/SW2");
      CompletionException e =
          assertThrows(CompletionException.class, () -> t.agent.bindings().bind(7, "Host4").join());
      assertEquals(
          BindingException.Reason.SWITCH_STATE_UNKNOWN,
          ((BindingException) e.getCause()).reason(),
          e.getCause().getMessage());
      SlotBinding failed = t.agent.model().current().binding(7);
      assertEquals(
          SlotBinding.State.FAILED,
          failed.state(),
          "the agent cannot know whether the switch bound it");
      assertTrue(failed.lastFailure().isPresent(), "the reason is kept for the operator");
      assertRefused(
          BindingException.Reason.IN_USE,
          () -> {
            t.agent.bindings().bind(7, "Host3");
          });
      assertRefused(
          BindingException.Reason.NOT_BOUND,
          () -> {
            t.agent.bindings().unbind(7, false);
          });

      CompletionException still =
          assertThrows(CompletionException.class, () -> t.agent.bindings().unbind(7, true).join());
      assertEquals(
          BindingException.Reason.SWITCH_STATE_UNKNOWN,
          ((BindingException) still.getCause()).reason());
      assertEquals(
          SlotBinding.State.FAILED,
          t.agent.model().current().binding(7).state(),
          "still unreadable");

      t.agent.faults().orElseThrow().clear(injected.id());
      assertEquals(SlotBinding.State.UNBOUND, t.agent.bindings().unbind(7, true).join().state());
      assertEquals(
          Optional.empty(), switchBinding(t, "SW2", 1), "the switch holds no binding of slot 7");
      assertEquals(
          SlotBinding.State.BOUND,
          t.agent.bindings().bind(7, "Host4").join().state(),
          "a retry succeeds");
    }
  }

  @Test
  void two_clients_racing_for_one_gpu_exactly_one_wins() throws Exception {
    try (TestAgent t = TestAgent.start(stateDir)) {
      CountDownLatch go = new CountDownLatch(1);
      AtomicInteger won = new AtomicInteger();
      AtomicInteger refused = new AtomicInteger();
      List<CompletableFuture<Void>> racers =
          List.of("Host1", "Host2", "Host1", "Host2").stream()
              .map(
                  host ->
                      CompletableFuture.runAsync(
                          () -> {
                            try {
                              go.await();
                              t.agent.bindings().bind(3, host).join();
                              won.incrementAndGet();
                            } catch (BindingException e) {
                              assertEquals(BindingException.Reason.IN_USE, e.reason());
                              refused.incrementAndGet();
                            } catch (InterruptedException e) {
                              Thread.currentThread().interrupt();
                            }
                          }))
              .toList();
      go.countDown();
      racers.forEach(CompletableFuture::join);
      assertEquals(1, won.get());
      assertEquals(3, refused.get());
    }
  }

  @Test
  void bindings_survive_a_restart_of_agent_and_chassis_and_interrupted_operations_are_settled()
      throws Exception {
    try (TestAgent t = TestAgent.start(stateDir)) {
      t.agent.bindings().bind(1, "Host1").join();
      t.agent.bindings().bind(7, "Host4").join();
      t.agent.bindings().bind(11, "Host1").join();
    }
    // The agent died in the middle of binding slot 2: the journal says started, the switch never
    // heard of it.
    try (AgentStore store = AgentStore.open(stateDir)) {
      new BindingJournal(store, Clock.systemUTC()).start(2, "Host2", BindingJournal.Kind.BIND);
    }
    // A new agent on a new simulated chassis: the switches start with no bindings at all.
    try (TestAgent t = TestAgent.start(stateDir)) {
      assertEquals(SlotBinding.State.BOUND, t.agent.model().current().binding(1).state());
      assertEquals(Optional.of("Host4"), t.agent.model().current().binding(7).host());
      assertEquals(Optional.of(0), switchBinding(t, "SW1", 0), "re-applied on the switch");
      assertEquals(Optional.of(1), switchBinding(t, "SW2", 1));
      assertEquals(Optional.of(2), switchBinding(t, "SW3", 0), "slot 11 behind two links again");
      assertEquals(Optional.of(0), switchBinding(t, "SW1", 7), "the links re-bound for Host1");
      assertEquals(Optional.of(2), switchBinding(t, "SW2", 7));
      assertEquals(
          SlotBinding.State.UNBOUND, t.agent.model().current().binding(2).state(), "rolled back");
      assertEquals(Optional.empty(), switchBinding(t, "SW1", 1));
    }
    try (AgentStore store = AgentStore.open(stateDir)) {
      BindingJournal journal = new BindingJournal(store, Clock.systemUTC());
      assertTrue(journal.interrupted().isEmpty(), "the interrupted bind was settled");
      assertEquals(java.util.Map.of(1, "Host1", 7, "Host4", 11, "Host1"), journal.desired());
    }
  }

  /** The partition the switch itself has {@code port} bound into. */
  /**
   * Until the start-up poll and flash-table read of a switch are done, nothing else is queued on
   * its worker.
   */
  private static void awaitStartupReads(TestAgent t, String switchId) throws InterruptedException {
    while (t.agent.model().current().switchObservation(switchId).isEmpty()
        || t.agent.firmware().inventory().of(switchId).isEmpty()) {
      Thread.sleep(20);
    }
    switchBinding(t, switchId, 0); // drains the worker's queue behind them
  }

  private static Optional<Integer> switchBinding(TestAgent t, String switchId, int port) {
    return t.agent
        .switches()
        .worker(switchId)
        .orElseThrow()
        .submit(
            d ->
                d.bindings().stream()
                    .filter(b -> b.physicalPort() == port && b.bound())
                    .map(Binding::partition)
                    .findFirst())
        .join();
  }

  @Test
  void a_switch_reserved_for_a_firmware_update_takes_no_binding_and_a_reset_waits_for_its_gpus()
      throws Exception {
    try (TestAgent t = TestAgent.start(stateDir)) {
      BindingEngine engine = t.agent.bindings();
      Runnable sw1 = engine.reserveForUpdate("SW1", false);
      assertRefused(
          BindingException.Reason.SWITCH_UPDATING,
          () -> {
            engine.bind(1, "Host1");
          });
      // Slot 6 (SW2) for Host1 (SW1) crosses SW1's link: refused as well.
      assertRefused(
          BindingException.Reason.SWITCH_UPDATING,
          () -> {
            engine.bind(6, "Host1");
          });
      assertRefused(
          BindingException.Reason.SWITCH_UPDATING,
          () -> {
            engine.reserveForUpdate("SW1", false);
          });
      assertEquals(
          SlotBinding.State.UNBOUND,
          t.agent.model().current().binding(1).state(),
          "nothing started");
      sw1.run();

      assertEquals(SlotBinding.State.BOUND, engine.bind(1, "Host1").join().state());
      assertRefused(
          BindingException.Reason.IN_USE,
          () -> {
            engine.reserveForUpdate("SW1", true);
          });
      Runnable writeOnly = engine.reserveForUpdate("SW1", false);
      writeOnly.run();
    }
  }

  private static void assertRefused(BindingException.Reason reason, Runnable call) {
    try {
      call.run();
    } catch (BindingException e) {
      assertEquals(reason, e.reason(), e.getMessage());
      return;
    }
    throw new AssertionError("expected a refusal: " + reason);
  }
}
