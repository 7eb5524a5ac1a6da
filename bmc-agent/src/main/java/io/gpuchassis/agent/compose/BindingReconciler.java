package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.InterSwitchLink;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.chassis.SlotBinding.State;
import io.gpuchassis.agent.fabric.SwitchWorkers;
import io.gpuchassis.switchdrv.Binding;
import io.gpuchassis.switchdrv.SwitchDriver;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * At start, makes the switches and the journal agree, trusting neither blindly. Operations the last
 * run left half done are finished or rolled back from what the switch actually holds; then every
 * slot's actual binding is compared with the desired one and corrected (a switch that lost its
 * bindings, say after a power cycle, gets them back; a binding nobody asked for is removed). Every
 * mismatch is reported. Blocking: runs before the agent serves requests.
 */
public final class BindingReconciler {

  private static final Logger LOG = LoggerFactory.getLogger(BindingReconciler.class);

  private final ChassisModel model;
  private final SwitchWorkers workers;
  private final BindingJournal journal;
  private final BindingEngine engine;
  private final Clock clock;
  private final java.util.function.IntFunction<
          io.gpuchassis.agent.config.CompositionSettings.Reseat>
      reseatOf;

  /** The Ethernet hosts' side, when the agent has an ExpEther manager. */
  private Optional<ExpEtherReconciler> ethernet = Optional.empty();

  public BindingReconciler(
      ChassisModel model,
      SwitchWorkers workers,
      BindingJournal journal,
      BindingEngine engine,
      Clock clock) {
    this(
        model,
        workers,
        journal,
        engine,
        clock,
        io.gpuchassis.agent.config.CompositionSettings.DEFAULT::reseatOf);
  }

  /**
   * @param reseatOf each slot's policy for a binding whose card is no longer in its slot ({@link
   *     ReseatCheck})
   */
  public BindingReconciler(
      ChassisModel model,
      SwitchWorkers workers,
      BindingJournal journal,
      BindingEngine engine,
      Clock clock,
      java.util.function.IntFunction<io.gpuchassis.agent.config.CompositionSettings.Reseat>
          reseatOf) {
    this.model = model;
    this.workers = workers;
    this.journal = journal;
    this.engine = engine;
    this.clock = clock;
    this.reseatOf = reseatOf;
  }

  /**
   * Reconciles the bindings of Ethernet hosts too, with the groups {@code ethernet} reads from the
   * ExpEther manager.
   */
  public BindingReconciler withEthernet(ExpEtherReconciler ethernet) {
    this.ethernet = Optional.of(ethernet);
    return this;
  }

  /**
   * Reconciles every slot and inter-switch link; returns every mismatch found and what was done
   * about it.
   */
  public List<Mismatch> reconcile() {
    List<Mismatch> mismatches = new ArrayList<>();
    ChassisState state = model.current();
    List<BindingJournal.Operation> viaEthernet = new ArrayList<>();
    for (BindingJournal.Operation op : journal.interrupted()) {
      if (overEthernet(state, op.host())) {
        viaEthernet.add(op);
      } else {
        finishInterrupted(state, op, mismatches);
      }
    }
    ethernet.ifPresent(e -> e.finishInterrupted(state, viaEthernet, mismatches));
    Map<Integer, String> desired = journal.desired();
    // A card swapped or taken out while the agent was down: never given to the old host as it was
    Map<Integer, ReseatCheck.Decision> held = new HashMap<>();
    for (ReseatCheck.Decision d :
        ReseatCheck.decide(state, desired, journal.desiredSerials(), reseatOf)) {
      desired.remove(d.slot());
      if (d.action() == ReseatCheck.Action.RELEASE) {
        long op = journal.start(d.slot(), d.host(), BindingJournal.Kind.UNBIND);
        journal.succeeded(op, d.slot(), d.host(), BindingJournal.Kind.UNBIND);
      } else if (d.action() == ReseatCheck.Action.HOLD) {
        held.put(d.slot(), d);
      }
      mismatches.add(Mismatch.ofSlot(d.slot(), d.description(), true));
    }
    // The switches hold none of the Ethernet hosts' GPUs: a port bound for one is released below
    Map<Integer, String> desiredOverEthernet = new HashMap<>();
    desired.forEach(
        (slot, host) -> {
          if (overEthernet(state, host)) {
            desiredOverEthernet.put(slot, host);
          }
        });
    desired.keySet().removeAll(desiredOverEthernet.keySet());
    // Each switch's bindings read once, all switches at the same time: start-up waits for this.
    Map<String, CompletableFuture<Map<Integer, Binding>>> reads = new HashMap<>();
    for (var chip : state.switches()) {
      reads.put(
          chip.id(), workers.worker(chip.id()).orElseThrow().submit(PcieTransport::boundPorts));
    }
    SwitchReads actual = new SwitchReads(reads);
    reconcileLinks(state, desired, actual, mismatches);
    for (Slot slot : state.slots()) {
      try {
        reconcileSlot(
            state, slot, Optional.ofNullable(desired.get(slot.number())), actual, mismatches);
      } catch (RuntimeException e) {
        // The switch does not answer: say so rather than guess; a later start (or operator) settles
        // it.
        String reason =
            "switch "
                + slot.switchId()
                + " did not answer during reconciliation: "
                + e.getMessage();
        model.apply(
            s ->
                s.withBinding(
                    s.binding(slot.number())
                        .to(
                            State.FAILED,
                            Optional.ofNullable(desired.get(slot.number())),
                            Optional.of(reason),
                            clock.instant())));
        mismatches.add(Mismatch.ofSlot(slot.number(), reason, false));
      }
    }
    ethernet.ifPresent(e -> e.reconcile(state, desiredOverEthernet, engine, mismatches));
    // Unbound on the switch above; held for an operator in the model (a forced release frees it)
    held.values()
        .forEach(
            d ->
                model.apply(
                    s ->
                        s.withBinding(
                            s.binding(d.slot())
                                .to(
                                    State.FAILED,
                                    Optional.of(d.host()),
                                    Optional.of(d.description()),
                                    clock.instant()))));
    mismatches.forEach(m -> LOG.warn("Reconciliation: {}", m));
    return mismatches;
  }

  /**
   * An interrupted bind that the hardware shows done: journaled as succeeded, with the card it was
   * made with, and reported. Both fabrics' reconcilers keep such a bind the same way.
   */
  static void keepCompletedBind(
      BindingJournal journal,
      ChassisState state,
      BindingJournal.Operation op,
      List<Mismatch> mismatches) {
    journal.succeeded(
        op.id(),
        op.slot(),
        op.host(),
        BindingJournal.Kind.BIND,
        BindingEngine.cardSerial(state, op.slot()));
    mismatches.add(
        Mismatch.ofSlot(
            op.slot(), "an interrupted bind to " + op.host() + " had completed; kept", true));
  }

  private static boolean overEthernet(ChassisState state, String host) {
    return state.hosts().stream().anyMatch(h -> h.id().equals(host) && h.overEthernet());
  }

  private void finishInterrupted(
      ChassisState state, BindingJournal.Operation op, List<Mismatch> mismatches) {
    Optional<BindingPlan> plan = BindingPlan.route(state, op.slot(), op.host());
    if (plan.isEmpty()) {
      journal.failed(op.id(), "interrupted; the chassis no longer has this slot or host");
      return;
    }
    BindingPlan p = plan.get();
    Optional<Binding> actual =
        onSwitch(p.switchId(), d -> PcieTransport.boundAs(d, p.physicalPort()));
    boolean bound = actual.isPresent() && actual.get().partition() == p.partition();
    if (op.kind() == BindingJournal.Kind.BIND) {
      if (bound) {
        boolean linkOk = onSwitch(p.switchId(), d -> engine.awaitLink(d, p).isPresent());
        if (linkOk) {
          keepCompletedBind(journal, state, op, mismatches);
          return;
        }
        unbind(p.switchId(), actual.get());
      }
      journal.failed(op.id(), "interrupted by a restart; rolled back");
      mismatches.add(
          Mismatch.ofSlot(
              op.slot(), "an interrupted bind to " + op.host() + " was rolled back", true));
    } else {
      if (bound) {
        unbind(p.switchId(), actual.get());
      }
      journal.succeeded(op.id(), op.slot(), op.host(), BindingJournal.Kind.UNBIND);
      mismatches.add(
          Mismatch.ofSlot(
              op.slot(), "an interrupted release from " + op.host() + " was completed", true));
    }
  }

  /**
   * Makes every inter-switch link carry what the desired bindings need: a link on the way to a
   * desired slot is bound into the partition before it, any other link is unbound. Slots are
   * reconciled after, over the right links.
   */
  private void reconcileLinks(
      ChassisState state,
      Map<Integer, String> desired,
      SwitchReads reads,
      List<Mismatch> mismatches) {
    Map<InterSwitchLink, BindingPlan.Hop> needed = new LinkedHashMap<>();
    desired.forEach(
        (slot, host) ->
            BindingPlan.route(state, slot, host)
                .ifPresent(
                    plan -> plan.hops().forEach(hop -> needed.putIfAbsent(hop.link(), hop))));
    for (InterSwitchLink link : state.interSwitchLinks()) {
      try {
        Optional<Binding> actual = reads.of(link.switchA(), link.portA());
        BindingPlan.Hop hop = needed.get(link);
        boolean right =
            hop != null
                && actual.isPresent()
                && actual.get().partition() == hop.partition()
                && actual.get().logicalPort() == hop.logicalPort();
        if (right || (hop == null && actual.isEmpty())) {
          continue;
        }
        actual.ifPresent(a -> unbind(link.switchA(), a));
        if (hop != null) {
          onSwitch(
              link.switchA(),
              d -> {
                d.bind(hop.partition(), hop.logicalPort(), hop.physicalPort());
                return null;
              });
          mismatches.add(
              Mismatch.ofLink(
                  link,
                  "bound into partition " + hop.partition() + " as the desired bindings need",
                  true));
        } else {
          mismatches.add(
              Mismatch.ofLink(link, "bound though no desired binding crosses it; released", true));
        }
      } catch (RuntimeException e) {
        mismatches.add(
            Mismatch.ofLink(
                link,
                "switch "
                    + link.switchA()
                    + " did not answer during reconciliation: "
                    + e.getMessage(),
                false));
      }
    }
  }

  private void reconcileSlot(
      ChassisState state,
      Slot slot,
      Optional<String> desired,
      SwitchReads reads,
      List<Mismatch> mismatches) {
    Optional<Binding> actual = reads.of(slot.switchId(), slot.port());
    Optional<BindingPlan> plan =
        desired.flatMap(host -> BindingPlan.route(state, slot.number(), host));
    boolean right =
        plan.isPresent()
            ? actual.isPresent()
                && actual.get().partition() == plan.get().partition()
                && actual.get().logicalPort() <= plan.get().gpuBridges()
            : desired.isEmpty() && actual.isEmpty();
    if (right) {
      model.apply(
          s ->
              s.withBinding(
                  desired.isPresent()
                      ? s.binding(slot.number())
                          .to(State.BOUND, desired, Optional.empty(), clock.instant())
                      : SlotBinding.unbound(slot.number(), clock.instant())));
      return;
    }
    if (actual.isPresent()) {
      unbind(slot.switchId(), actual.get());
      mismatches.add(
          Mismatch.ofSlot(
              slot.number(),
              "bound on the switch to partition "
                  + actual.get().partition()
                  + (desired.isPresent()
                      ? " instead of " + desired.get()
                      : " though no binding was asked for")
                  + "; released",
              true));
    }
    model.apply(s -> s.withBinding(SlotBinding.unbound(slot.number(), clock.instant())));
    if (desired.isPresent()) {
      try {
        engine.bind(slot.number(), desired.get()).join();
        mismatches.add(
            Mismatch.ofSlot(
                slot.number(),
                "the switch had lost its binding to " + desired.get() + "; bound again",
                true));
      } catch (RuntimeException e) {
        mismatches.add(
            Mismatch.ofSlot(
                slot.number(),
                "the binding to " + desired.get() + " could not be restored: " + e.getMessage(),
                false));
      }
    }
  }

  private void unbind(String switchId, Binding binding) {
    onSwitch(
        switchId,
        d -> {
          d.unbind(binding.partition(), binding.logicalPort());
          return null;
        });
  }

  /** Each switch's bound ports, read once per reconciliation, all switches at the same time. */
  private record SwitchReads(Map<String, CompletableFuture<Map<Integer, Binding>>> bySwitch) {

    /** The port's binding as read; throws when its switch did not answer. */
    Optional<Binding> of(String switchId, int port) {
      return Optional.ofNullable(bySwitch.get(switchId).join().get(port));
    }
  }

  private <T> T onSwitch(String switchId, java.util.function.Function<SwitchDriver, T> work) {
    return workers.worker(switchId).orElseThrow().submit(work).join();
  }
}
