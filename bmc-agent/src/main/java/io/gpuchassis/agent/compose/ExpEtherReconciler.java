package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.chassis.SlotBinding.State;
import io.gpuchassis.switchdrv.expether.EemClient;
import io.gpuchassis.switchdrv.expether.EemDevice;
import io.gpuchassis.switchdrv.expether.EemException;
import io.gpuchassis.switchdrv.expether.EemGroups;
import io.gpuchassis.switchdrv.expether.ExpEtherGrouping;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The start-up agreement between the journal and the ExpEther manager's groups, for the slots that
 * have an I/O engine, as {@link BindingReconciler} makes it with the switches: operations the last
 * run left half done are finished or rolled back from the group the engine reports; then an engine
 * desired in an Ethernet host's group and found there is bound in the model, one found elsewhere is
 * attached again through the engine, and one in a group nobody asked for is returned to the free
 * group. Every correction is a {@link Mismatch}; a manager that does not answer leaves the slots
 * desired for Ethernet hosts FAILED with the reason. Blocking: runs before the agent serves.
 */
public final class ExpEtherReconciler {

  private static final Duration POLL = Duration.ofMillis(50);

  private final ChassisModel model;
  private final BindingJournal journal;
  private final EemClient client;
  private final ExpEtherGrouping grouping;
  private final Duration attachTimeout;
  private final Clock clock;

  public ExpEtherReconciler(
      ChassisModel model,
      BindingJournal journal,
      EemClient client,
      Duration attachTimeout,
      Clock clock) {
    this.model = model;
    this.journal = journal;
    this.client = client;
    this.grouping = new ExpEtherGrouping(client);
    this.attachTimeout = attachTimeout;
    this.clock = clock;
  }

  /** Finishes or rolls back the interrupted operations of Ethernet hosts. */
  void finishInterrupted(
      ChassisState state, List<BindingJournal.Operation> ops, List<Mismatch> mismatches) {
    for (BindingJournal.Operation op : ops) {
      Optional<String> io = ExpEtherTransport.ioEngine(state, op.slot());
      if (io.isEmpty()) {
        journal.failed(op.id(), "interrupted; the slot no longer has an ExpEther I/O engine");
        continue;
      }
      try {
        EemDevice device = client.device(io.get());
        boolean attached = inGroupOf(state, device, op.host());
        if (op.kind() == BindingJournal.Kind.BIND && attached) {
          BindingReconciler.keepCompletedBind(journal, state, op, mismatches);
          continue;
        }
        free(device);
        if (op.kind() == BindingJournal.Kind.BIND) {
          journal.failed(op.id(), "interrupted by a restart; rolled back");
          mismatches.add(
              Mismatch.ofSlot(
                  op.slot(), "an interrupted bind to " + op.host() + " was rolled back", true));
        } else {
          journal.succeeded(op.id(), op.slot(), op.host(), BindingJournal.Kind.UNBIND);
          mismatches.add(
              Mismatch.ofSlot(
                  op.slot(), "an interrupted release from " + op.host() + " was completed", true));
        }
      } catch (EemException e) {
        // Left interrupted: the next start asks the manager again
        mismatches.add(
            Mismatch.ofSlot(
                op.slot(),
                "an interrupted operation with "
                    + op.host()
                    + " could not be settled: the ExpEther manager did not answer ("
                    + e.getMessage()
                    + ")",
                false));
      }
    }
  }

  /**
   * Makes every I/O engine's group what {@code desired} (the slots desired for Ethernet hosts)
   * asks; the model's bindings of those slots follow. {@code engine} attaches again what the
   * manager lost.
   */
  void reconcile(
      ChassisState state,
      Map<Integer, String> desired,
      BindingEngine engine,
      List<Mismatch> mismatches) {
    for (Slot slot : state.slots()) {
      if (slot.expetherEngine().isEmpty()) {
        continue;
      }
      Optional<String> want = Optional.ofNullable(desired.get(slot.number()));
      try {
        reconcileSlot(state, slot, want, engine, mismatches);
      } catch (EemException e) {
        String reason =
            "the ExpEther manager did not answer during reconciliation: " + e.getMessage();
        if (want.isPresent()) {
          model.apply(
              s ->
                  s.withBinding(
                      s.binding(slot.number())
                          .to(State.FAILED, want, Optional.of(reason), clock.instant())));
        }
        mismatches.add(Mismatch.ofSlot(slot.number(), reason, false));
      }
    }
  }

  private void reconcileSlot(
      ChassisState state,
      Slot slot,
      Optional<String> want,
      BindingEngine engine,
      List<Mismatch> mismatches) {
    EemDevice device = client.device(slot.expetherEngine().get());
    if (want.isPresent() && inGroupOf(state, device, want.get())) {
      model.apply(
          s ->
              s.withBinding(
                  s.binding(slot.number())
                      .to(State.BOUND, want, Optional.empty(), clock.instant())));
      return;
    }
    if (!device.isFree()) {
      free(device);
      mismatches.add(
          Mismatch.ofSlot(
              slot.number(),
              "its ExpEther I/O engine was in group "
                  + device.groupId()
                  + want.map(h -> " instead of " + h + "'s")
                      .orElse(" though no binding was asked for")
                  + "; released",
              true));
    }
    model.apply(s -> s.withBinding(SlotBinding.unbound(slot.number(), clock.instant())));
    if (want.isPresent()) {
      try {
        engine.bind(slot.number(), want.get()).join();
        mismatches.add(
            Mismatch.ofSlot(
                slot.number(),
                "the ExpEther manager had lost its attachment to "
                    + want.get()
                    + "; attached again",
                true));
      } catch (RuntimeException e) {
        mismatches.add(
            Mismatch.ofSlot(
                slot.number(),
                "the attachment to " + want.get() + " could not be restored: " + e.getMessage(),
                false));
      }
    }
  }

  /** Whether the engine is in the (assigned) group of {@code host}'s engine. */
  private boolean inGroupOf(ChassisState state, EemDevice device, String host) {
    EemDevice hostEngine = client.device(ExpEtherTransport.hostEngine(state, host));
    return !device.isFree()
        && !hostEngine.isUnassignedHost()
        && device.groupId() == hostEngine.groupId();
  }

  private void free(EemDevice device) {
    if (grouping.detach(device.id())) {
      grouping.awaitGroup(device.id(), EemGroups.FREE_IO, attachTimeout, POLL);
    }
  }
}
