package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.chassis.SlotBinding.State;
import io.gpuchassis.agent.fabric.SwitchWorkers;
import io.gpuchassis.switchdrv.SwitchDriver;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * At start, makes the switches and the journal agree, trusting neither blindly. Operations the last run left half
 * done are finished or rolled back from what the switch actually holds; then every slot's actual binding is compared
 * with the desired one and corrected (a switch that lost its bindings, say after a power cycle, gets them back; a
 * binding nobody asked for is removed). Every mismatch is reported. Blocking: runs before the agent serves requests.
 */
public final class BindingReconciler {

  private static final Logger LOG = LoggerFactory.getLogger(BindingReconciler.class);

  private final ChassisModel model;
  private final SwitchWorkers workers;
  private final BindingJournal journal;
  private final BindingEngine engine;
  private final Clock clock;

  public BindingReconciler(
      ChassisModel model, SwitchWorkers workers, BindingJournal journal, BindingEngine engine, Clock clock) {
    this.model = model;
    this.workers = workers;
    this.journal = journal;
    this.engine = engine;
    this.clock = clock;
  }

  /** Reconciles every slot; returns one line per mismatch found and what was done about it. */
  public List<String> reconcile() {
    List<String> mismatches = new ArrayList<>();
    ChassisState state = model.current();
    for (BindingJournal.Operation op : journal.interrupted()) {
      finishInterrupted(state, op, mismatches);
    }
    Map<Integer, String> desired = journal.desired();
    for (Slot slot : state.slots()) {
      try {
        reconcileSlot(state, slot, Optional.ofNullable(desired.get(slot.number())), mismatches);
      } catch (RuntimeException e) {
        // The switch does not answer: say so rather than guess; a later start (or operator) settles it.
        String reason = "switch " + slot.switchId() + " did not answer during reconciliation: " + e.getMessage();
        model.apply(
            s -> s.withBinding(
                s.binding(slot.number())
                    .to(State.FAILED, Optional.ofNullable(desired.get(slot.number())), Optional.of(reason),
                        clock.instant())));
        mismatches.add("slot " + slot.number() + ": " + reason);
      }
    }
    mismatches.forEach(m -> LOG.warn("Reconciliation: {}", m));
    return mismatches;
  }

  private void finishInterrupted(ChassisState state, BindingJournal.Operation op, List<String> mismatches) {
    Optional<BindingPlan> plan = BindingPlan.of(state, op.slot(), op.host());
    if (plan.isEmpty()) {
      journal.failed(op.id(), "interrupted; the chassis no longer has this slot or host");
      return;
    }
    Optional<Integer> actual =
        onSwitch(plan.get().switchId(), d -> BindingEngine.boundPartition(d, plan.get().physicalPort()));
    boolean bound = actual.isPresent() && actual.get() == plan.get().partition();
    if (op.kind() == BindingJournal.Kind.BIND) {
      if (bound) {
        boolean linkOk = onSwitch(plan.get().switchId(), d -> engine.awaitLink(d, plan.get()).isEmpty());
        if (linkOk) {
          journal.succeeded(op.id(), op.slot(), op.host(), BindingJournal.Kind.BIND);
          mismatches.add("slot " + op.slot() + ": an interrupted bind to " + op.host() + " had completed; kept");
          return;
        }
        onSwitch(plan.get().switchId(), d -> {
          d.unbind(plan.get().partition(), plan.get().logicalPort());
          return null;
        });
      }
      journal.failed(op.id(), "interrupted by a restart; rolled back");
      mismatches.add("slot " + op.slot() + ": an interrupted bind to " + op.host() + " was rolled back");
    } else {
      if (bound) {
        onSwitch(plan.get().switchId(), d -> {
          d.unbind(plan.get().partition(), plan.get().logicalPort());
          return null;
        });
      }
      journal.succeeded(op.id(), op.slot(), op.host(), BindingJournal.Kind.UNBIND);
      mismatches.add("slot " + op.slot() + ": an interrupted release from " + op.host() + " was completed");
    }
  }

  private void reconcileSlot(ChassisState state, Slot slot, Optional<String> desired, List<String> mismatches) {
    Optional<Integer> actual = onSwitch(slot.switchId(), d -> BindingEngine.boundPartition(d, slot.port()));
    Optional<String> actualHost = actual.flatMap(p -> hostOfPartition(state, slot.switchId(), p));
    if (desired.equals(actualHost) && (actual.isEmpty() || actualHost.isPresent())) {
      model.apply(
          s -> s.withBinding(
              actualHost.isPresent()
                  ? s.binding(slot.number()).to(State.BOUND, actualHost, Optional.empty(), clock.instant())
                  : SlotBinding.unbound(slot.number(), clock.instant())));
      return;
    }
    if (actual.isPresent()) {
      int partition = actual.get();
      int logical = logicalPortOf(slot);
      onSwitch(slot.switchId(), d -> {
        d.unbind(partition, logical);
        return null;
      });
      mismatches.add(
          "slot " + slot.number() + ": bound on the switch to partition " + partition
              + (desired.isPresent() ? " instead of " + desired.get() : " though no binding was asked for")
              + "; released");
    }
    model.apply(s -> s.withBinding(SlotBinding.unbound(slot.number(), clock.instant())));
    if (desired.isPresent()) {
      try {
        engine.bind(slot.number(), desired.get()).join();
        mismatches.add("slot " + slot.number() + ": the switch had lost its binding to " + desired.get()
            + "; bound again");
      } catch (RuntimeException e) {
        mismatches.add("slot " + slot.number() + ": the binding to " + desired.get() + " could not be restored: "
            + e.getMessage());
      }
    }
  }

  private static Optional<String> hostOfPartition(ChassisState state, String switchId, int partition) {
    var hosts = state.hosts().stream().filter(h -> h.switchId().equals(switchId)).toList();
    return partition >= 0 && partition < hosts.size() ? Optional.of(hosts.get(partition).id()) : Optional.empty();
  }

  private int logicalPortOf(Slot slot) {
    var slots = model.current().slots().stream().filter(s -> s.switchId().equals(slot.switchId())).toList();
    return slots.indexOf(slot) + 1;
  }

  private <T> T onSwitch(String switchId, java.util.function.Function<SwitchDriver, T> work) {
    return workers.worker(switchId).orElseThrow().submit(work).join();
  }
}
