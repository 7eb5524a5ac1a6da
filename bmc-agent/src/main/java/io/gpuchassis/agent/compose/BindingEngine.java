package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.agent.chassis.LinkTraining;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.chassis.SlotBinding.State;
import io.gpuchassis.agent.compose.BindingException.Reason;
import io.gpuchassis.agent.fabric.SwitchWorker;
import io.gpuchassis.agent.fabric.SwitchWorkers;
import io.gpuchassis.switchdrv.BindState;
import io.gpuchassis.switchdrv.Binding;
import io.gpuchassis.switchdrv.PortStatus;
import io.gpuchassis.switchdrv.SwitchDriver;
import io.gpuchassis.switchdrv.SwitchException;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place GPU slots are bound to and released from hosts. Every operation is journaled before
 * the switch is touched, runs on the switch's own worker (so operations on one switch happen one at
 * a time), waits for the switch to report completion, and verifies the result: after a bind, the
 * GPU's link must come up, or the binding is undone and the bind fails with the reason; a link
 * below the width and speed both ends can do is retrained once through the switch's port control,
 * and what it trained at, before and after, is recorded on the slot's binding ({@link
 * LinkTraining}) for the task's messages and events. State moves only on what the switch reports.
 * The views (Zones, ResourceBlocks, Systems) all call this engine, so they can never disagree.
 */
public final class BindingEngine {

  private static final Logger LOG = LoggerFactory.getLogger(BindingEngine.class);

  private final ChassisModel model;
  private final SwitchWorkers workers;
  private final BindingJournal journal;
  private final Clock clock;
  private final Duration linkTimeout;
  private final ReleaseRule releaseRule;

  /** Replaced once, when the hosts' reports are known ({@link #admitWith}). */
  private volatile Admission admission;

  /** Chips whose firmware is being updated: no binding may start on them (guarded by this). */
  private final java.util.Set<String> updating = new java.util.HashSet<>();

  private final OperationsInFlight inFlight = new OperationsInFlight();

  /** Who confirms that a host sees its GPU, and how long a bind waits for it: set together. */
  private record Confirmation(HostConfirmation by, Duration within) {}

  private volatile Confirmation confirmation =
      new Confirmation(HostConfirmation.NONE, Duration.ZERO);

  /** Set when the agent stops: no operation starts any more (guarded by this). */
  private boolean stopping;

  /** A bind or unbind under way: its slot, what it does in words, and its completion. */
  public record Operation(int slot, String description, CompletableFuture<SlotBinding> done) {}

  /**
   * @param linkTimeout how long a bound GPU's link may take to train before the bind is undone
   */
  public BindingEngine(
      ChassisModel model,
      SwitchWorkers workers,
      BindingJournal journal,
      Clock clock,
      Duration linkTimeout) {
    this(model, workers, journal, clock, linkTimeout, ReleaseRule.REQUIRE_RELEASE);
  }

  /**
   * @param linkTimeout how long a bound GPU's link may take to train before the bind is undone
   * @param releaseRule when a host's GPU may be released without force
   */
  public BindingEngine(
      ChassisModel model,
      SwitchWorkers workers,
      BindingJournal journal,
      Clock clock,
      Duration linkTimeout,
      ReleaseRule releaseRule) {
    this(model, workers, journal, clock, linkTimeout, releaseRule, new Admission(PowerBudget.NONE));
  }

  /**
   * @param linkTimeout how long a bound GPU's link may take to train before the bind is undone
   * @param releaseRule when a host's GPU may be released without force
   * @param admission what the chassis must have room for before a GPU is bound
   */
  public BindingEngine(
      ChassisModel model,
      SwitchWorkers workers,
      BindingJournal journal,
      Clock clock,
      Duration linkTimeout,
      ReleaseRule releaseRule,
      Admission admission) {
    this.releaseRule = releaseRule;
    this.admission = admission;
    this.model = model;
    this.workers = workers;
    this.journal = journal;
    this.clock = clock;
    this.linkTimeout = linkTimeout;
  }

  /**
   * From now on, a bind to a host whose helper confirms what it sees completes once the host
   * reports the GPU, or after {@code within} without it (the GPU stays bound; the binding's {@link
   * LinkTraining.HostSight} says so).
   */
  public void confirmWith(HostConfirmation confirmation, Duration within) {
    this.confirmation = new Confirmation(confirmation, within);
  }

  /**
   * From now on, the admission checks take the hot-plug windows the hosts reported over the board's
   * (the reports are read after the start-up reconciliation, which the engine serves before).
   */
  public void admitWith(ReportedWindows reported) {
    this.admission = admission.withReportedWindows(reported);
  }

  /** Tells {@code observer} of every bind and release that ends from now on. */
  public void observe(BindingObserver observer) {
    inFlight.observe(observer);
  }

  /**
   * Binds the GPU in {@code slot} into {@code hostId}'s partition, across inter-switch links when
   * the slot is on another chip (the links on the way are bound first, each on its own chip's
   * worker); completes when bound and verified.
   */
  public CompletableFuture<SlotBinding> bind(int slot, String hostId) {
    BindingPlan plan;
    synchronized (this) {
      ChassisState state = model.current();
      var s =
          state
              .slot(slot)
              .orElseThrow(() -> refuse(Reason.UNKNOWN_SLOT, "there is no slot " + slot));
      if (state.hosts().stream().noneMatch(h -> h.id().equals(hostId))) {
        throw refuse(Reason.UNKNOWN_HOST, "there is no host port " + hostId);
      }
      if (!s.occupied()) {
        throw refuse(Reason.EMPTY_SLOT, "slot " + slot + " holds no GPU");
      }
      SlotBinding current = state.binding(slot);
      if (current.state() != State.UNBOUND) {
        throw refuse(Reason.IN_USE, "slot " + slot + " is " + describe(current));
      }
      plan =
          BindingPlan.of(state, slot, hostId)
              .orElseThrow(() -> unreachable(state, slot, s.switchId(), hostId));
      Optional<BindingException> full =
          admission.refusal(state, List.of(new Change.Bind(slot, hostId)));
      if (full.isPresent()) {
        throw full.get();
      }
      refuseWhileUpdating(plan);
      refuseWhileStopping();
      move(slot, State.BINDING, Optional.of(hostId), Optional.empty());
      // Tracked under the lock: a stop that begins now sees this operation among those to wait for.
      return inFlight.track(
          slot,
          BindingObserver.Kind.BIND,
          "the bind of slot " + slot + " to " + hostId,
          connect(plan)
              .thenCompose(ok -> worker(plan.switchId()).submit(driver -> doBind(driver, plan)))
              .thenCompose(
                  training ->
                      worker(hostSwitch(plan))
                          .submit(driver -> training.withHostLinkUp(hostLinkUp(driver, plan))))
              .thenCompose(training -> hostSight(plan, training))
              .exceptionallyCompose(
                  error -> disconnect(plan).<LinkTraining>handle((ok, ignored) -> rethrow(error)))
              .whenComplete(
                  (training, error) -> {
                    finish(slot, error, State.BOUND, Optional.of(hostId), State.UNBOUND);
                    if (error == null) {
                      model.apply(s2 -> s2.withBinding(s2.binding(slot).withLink(training)));
                    }
                  })
              .thenApply(ok -> model.current().binding(slot)));
    }
  }

  /**
   * Releases the GPU in {@code slot} from its host. Refused while the host may still use it, by its
   * port's release policy ({@link ReleaseRule}): the orchestrator first sets ReadyToRemove (the
   * host has released the device), or the GPU has been idle long enough, or the caller forces it.
   * Links on the way that carry no other GPU of the host are released after the slot. A FAILED slot
   * (its switch stopped answering mid-operation) is released the same way: whatever the switch
   * holds for it is undone, and it becomes free again.
   */
  public CompletableFuture<SlotBinding> unbind(int slot, boolean force) {
    BindingPlan plan;
    synchronized (this) {
      ChassisState state = model.current();
      state.slot(slot).orElseThrow(() -> refuse(Reason.UNKNOWN_SLOT, "there is no slot " + slot));
      SlotBinding current = state.binding(slot);
      // A failed slot is settled like a release: the host has let go of the GPU (ReadyToRemove), or
      // the caller forces.
      if (current.state() == State.FAILED
          && (force || current.readyToRemove())
          && current.host().isPresent()) {
        BindingPlan failed = BindingPlan.route(state, slot, current.host().get()).orElseThrow();
        refuseWhileUpdating(failed);
        refuseWhileStopping();
        move(slot, State.UNBINDING, current.host(), Optional.empty());
        return inFlight.track(
            slot,
            BindingObserver.Kind.RELEASE,
            "the release of failed slot " + slot,
            worker(failed.switchId())
                .submit(driver -> doSettle(driver, failed))
                .thenCompose(ok -> disconnect(failed))
                .whenComplete(
                    (ok, error) ->
                        finish(slot, error, State.UNBOUND, Optional.empty(), State.FAILED))
                .thenApply(ok -> model.current().binding(slot)));
      }
      if (current.state() == State.FAILED) {
        throw refuse(
            Reason.NOT_BOUND,
            "slot "
                + slot
                + " is "
                + describe(current)
                + "; it can be released once"
                + " ReadyToRemove says "
                + current.host().orElse("its host")
                + " has let go of it, or by a forced release");
      }
      if (current.state() != State.BOUND) {
        throw refuse(
            current.inTransition() ? Reason.IN_USE : Reason.NOT_BOUND,
            "slot " + slot + " is " + describe(current));
      }
      Optional<String> held = force ? Optional.empty() : releaseRule.holds(state, slot, current);
      if (held.isPresent()) {
        throw refuse(Reason.HOST_STILL_USING, held.get());
      }
      plan = BindingPlan.route(state, slot, current.host().orElseThrow()).orElseThrow();
      refuseWhileUpdating(plan);
      refuseWhileStopping();
      move(slot, State.UNBINDING, current.host(), Optional.empty());
      return inFlight.track(
          slot,
          BindingObserver.Kind.RELEASE,
          "the release of slot " + slot + " from " + plan.hostId(),
          worker(plan.switchId())
              .submit(driver -> doUnbind(driver, plan))
              .thenCompose(ok -> disconnect(plan))
              .whenComplete(
                  (ok, error) -> finish(slot, error, State.UNBOUND, Optional.empty(), State.BOUND))
              .thenApply(ok -> model.current().binding(slot)));
    }
  }

  /**
   * Takes {@code slot} off the switch without touching the journal, for a card pulled out or
   * replaced while the agent runs ({@link ReseatCheck}): the journal keeps the binding to {@code
   * host} for the card's return, and the port is unbound before another card can train a link into
   * the host's partition. Links on the way that carry no other GPU are released after. Ends
   * UNBOUND, or, with {@code hold}, FAILED with that reason (the host kept) until a forced release;
   * FAILED with the reason when the switch could not be read.
   */
  public CompletableFuture<SlotBinding> detach(int slot, String host, Optional<String> hold) {
    synchronized (this) {
      ChassisState state = model.current();
      SlotBinding current = state.binding(slot);
      if (current.inTransition()) {
        throw refuse(Reason.IN_USE, "slot " + slot + " is " + describe(current));
      }
      BindingPlan plan =
          BindingPlan.route(state, slot, host)
              .orElseThrow(
                  () ->
                      refuse(
                          Reason.NOT_REACHABLE,
                          "slot " + slot + " cannot be reached from " + host));
      refuseWhileUpdating(plan);
      refuseWhileStopping();
      move(slot, State.UNBINDING, Optional.of(host), Optional.empty());
      return inFlight.track(
          slot,
          BindingObserver.Kind.RELEASE,
          "taking slot " + slot + " off the switch",
          worker(plan.switchId())
              .submit(
                  driver -> {
                    requireSettled(
                        driver, plan, "slot " + slot + " could not be taken off the switch");
                    return null;
                  })
              .thenCompose(ok -> disconnect(plan))
              .whenComplete(
                  (ok, error) -> {
                    if (error == null) {
                      LOG.info("Took slot {} off the switch; {} keeps its binding", slot, host);
                      move(
                          slot,
                          hold.isPresent() ? State.FAILED : State.UNBOUND,
                          hold.map(h -> host),
                          hold);
                    } else {
                      // Whether the port is still bound is not known: held for an operator
                      Throwable cause =
                          error instanceof CompletionException && error.getCause() != null
                              ? error.getCause()
                              : error;
                      LOG.warn("Slot {}: {}", slot, cause.getMessage());
                      move(
                          slot,
                          State.FAILED,
                          Optional.of(host),
                          Optional.of(String.valueOf(cause.getMessage())));
                    }
                  })
              .thenApply(ok -> model.current().binding(slot)));
    }
  }

  /**
   * Binds {@code slot} to {@code host} again once its card is back: a slot {@link ReseatCheck#holds
   * held} for a re-seat (taken off the switch when it was held) is freed first; otherwise as {@link
   * #bind}.
   */
  public CompletableFuture<SlotBinding> restore(int slot, String host) {
    synchronized (this) {
      if (ReseatCheck.holds(model.current().binding(slot))) {
        move(slot, State.UNBOUND, Optional.empty(), Optional.empty());
      }
      return bind(slot, host);
    }
  }

  /**
   * Completes once no operation of this engine runs on {@code slot}, whatever their outcome; at
   * once when none does.
   */
  public CompletableFuture<Void> settled(int slot) {
    return CompletableFuture.allOf(
        inFlight.snapshot().stream()
            .filter(op -> op.slot() == slot)
            .map(op -> op.done().handle((ok, error) -> null))
            .toArray(CompletableFuture[]::new));
  }

  /**
   * The agent stops: from now on every bind and unbind is refused ({@link Reason#STOPPING}).
   * Returns the operations still under way, for the caller to wait for; each one is journaled, so
   * one cut short by the stop is finished or rolled back by the reconciliation at the next start.
   */
  public synchronized List<Operation> stopAccepting() {
    stopping = true;
    return inFlight.snapshot();
  }

  /** When a host's GPU may be released without force. */
  public ReleaseRule releaseRule() {
    return releaseRule;
  }

  /** What the chassis must have room for before a GPU is bound. */
  public Admission admission() {
    return admission;
  }

  /**
   * Records the orchestrator's word that the host has (or has not) released the GPU in {@code
   * slot}.
   */
  public synchronized void setReadyToRemove(int slot, boolean ready) {
    model.apply(s -> s.withBinding(s.binding(slot).withReadyToRemove(ready)));
  }

  /**
   * Binds the links of the plan's chain that are not bound yet, host side first, each on its own
   * chip's worker.
   */
  private CompletableFuture<Void> connect(BindingPlan plan) {
    CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
    for (BindingPlan.Hop hop : plan.hops()) {
      chain =
          chain.thenCompose(
              ok -> worker(hop.switchId()).submit(driver -> connectHop(driver, hop, plan)));
    }
    return chain;
  }

  private Void connectHop(SwitchDriver driver, BindingPlan.Hop hop, BindingPlan plan) {
    try {
      Optional<Binding> now = boundAs(driver, hop.physicalPort());
      if (now.isPresent()
          && now.get().partition() == hop.partition()
          && now.get().logicalPort() == hop.logicalPort()) {
        return null;
      }
      if (now.isPresent()) {
        // Nobody's GPUs use this link (the plan was checked under the lock): a binding left by a
        // crash or a failure.
        driver.unbind(now.get().partition(), now.get().logicalPort());
      }
      driver.bind(hop.partition(), hop.logicalPort(), hop.physicalPort());
      if (boundPartition(driver, hop.physicalPort()).filter(p -> p == hop.partition()).isEmpty()) {
        throw new BindingException(
            Reason.SWITCH_FAILED, "the link to " + hop.link().switchB() + " did not bind");
      }
      LOG.info(
          "Bound the link {} port {} -> {} into partition {} for {}",
          hop.switchId(),
          hop.physicalPort(),
          hop.link().switchB(),
          hop.partition(),
          plan.hostId());
      return null;
    } catch (SwitchException e) {
      throw new BindingException(
          Reason.SWITCH_FAILED,
          "switch "
              + hop.switchId()
              + " did not bind the link to "
              + hop.link().switchB()
              + " for slot "
              + plan.slot()
              + ": "
              + e.getMessage());
    }
  }

  /**
   * Releases the links of the plan's chain that no other GPU of any host needs any more, far side
   * first. A link is released only while the slot itself still counts as using it (its state is not
   * UNBOUND yet), so no other host can have claimed the link in between.
   */
  private CompletableFuture<Void> disconnect(BindingPlan plan) {
    CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
    for (int i = plan.hops().size() - 1; i >= 0; i--) {
      BindingPlan.Hop hop = plan.hops().get(i);
      chain =
          chain.thenCompose(
              ok -> worker(hop.switchId()).submit(driver -> disconnectHop(driver, hop, plan)));
    }
    return chain;
  }

  private Void disconnectHop(SwitchDriver driver, BindingPlan.Hop hop, BindingPlan plan) {
    if (BindingPlan.owner(model.current(), hop.link(), plan.slot()).isPresent()) {
      return null;
    }
    try {
      Optional<Binding> now = boundAs(driver, hop.physicalPort());
      if (now.isPresent()) {
        driver.unbind(now.get().partition(), now.get().logicalPort());
        LOG.info(
            "Released the link {} port {} -> {}",
            hop.switchId(),
            hop.physicalPort(),
            hop.link().switchB());
      }
      return null;
    } catch (SwitchException e) {
      // Harmless while no slot is bound behind it; the next bind over it or the next start puts it
      // right.
      LOG.warn(
          "Could not release the link {} port {}: {}",
          hop.switchId(),
          hop.physicalPort(),
          e.getMessage());
      return null;
    }
  }

  private BindingException unreachable(
      ChassisState state, int slot, String slotSwitch, String hostId) {
    Optional<BindingPlan> route = BindingPlan.route(state, slot, hostId);
    if (route.isEmpty()) {
      return refuse(
          Reason.NOT_REACHABLE,
          "slot "
              + slot
              + " (switch "
              + slotSwitch
              + ") cannot be reached from "
              + hostId
              + ": no inter-switch link leads there");
    }
    BindingPlan.Hop busy =
        route.get().hops().stream()
            .filter(
                h ->
                    BindingPlan.owner(state, h.link(), slot)
                        .filter(o -> !o.equals(hostId))
                        .isPresent())
            .findFirst()
            .orElseThrow();
    return refuse(
        Reason.NOT_REACHABLE,
        "slot "
            + slot
            + " (switch "
            + slotSwitch
            + ") is reached from "
            + hostId
            + " over the link "
            + busy.switchId()
            + " -> "
            + busy.link().switchB()
            + ", which carries the GPUs of "
            + BindingPlan.owner(state, busy.link(), slot).orElseThrow());
  }

  private static <T> T rethrow(Throwable error) {
    Throwable cause =
        error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    throw cause instanceof RuntimeException r ? r : new CompletionException(cause);
  }

  /**
   * On the switch's worker: journal, bind, wait, verify; retrain once a link below what both ends
   * can do; undo the binding when the link does not come up.
   */
  private LinkTraining doBind(SwitchDriver driver, BindingPlan plan) {
    long op = journal.start(plan.slot(), plan.hostId(), BindingJournal.Kind.BIND);
    int logicalPort;
    try {
      logicalPort = freeLogicalBridge(driver, plan);
      driver.bind(plan.partition(), logicalPort, plan.physicalPort());
    } catch (BindingException e) {
      journal.failed(op, e.getMessage());
      throw e;
    } catch (SwitchException e) {
      journal.failed(op, "switch: " + e.getMessage());
      String failure = "the switch did not bind slot " + plan.slot() + ": " + e.getMessage();
      if (answerWasLost(e)) {
        // A command that timed out or whose answer was lost may still have bound the port: read
        // back and undo.
        requireSettled(driver, plan, failure);
      } else {
        settleUnbound(
            driver, plan); // a bind still in progress when "busy" was answered may yet complete
      }
      throw new BindingException(Reason.SWITCH_FAILED, failure);
    }
    LinkTraining.Rate capable =
        new LinkTraining.Rate(plan.expectedGeneration(), plan.expectedWidth());
    Optional<LinkTraining.Rate> first = awaitLink(driver, plan);
    Optional<LinkTraining.Rate> trained = first;
    Optional<LinkTraining.Rate> beforeRetrain = Optional.empty();
    if (first.isPresent() && first.get().below(capable)) {
      trained = retrain(driver, plan, first.get());
      beforeRetrain = first;
    }
    if (trained.isEmpty()) {
      String problem =
          beforeRetrain
              .map(
                  rate ->
                      "the link trained at "
                          + rate
                          + ", below the "
                          + capable
                          + " it is capable of, and did not come up again within "
                          + linkTimeout.toMillis()
                          + " ms of one retrain")
              .orElse("the link did not come up within " + linkTimeout.toMillis() + " ms");
      journal.failed(op, problem);
      requireSettled(driver, plan, problem);
      throw new BindingException(Reason.LINK_NOT_TRAINED, problem + "; the binding was undone");
    }
    journal.succeeded(
        op,
        plan.slot(),
        plan.hostId(),
        BindingJournal.Kind.BIND,
        cardSerial(model.current(), plan.slot()));
    LinkTraining training = new LinkTraining(trained.get(), capable, beforeRetrain, true);
    LOG.info(
        "Bound slot {} to {} ({} partition {} logical port {}): link {}{}",
        plan.slot(),
        plan.hostId(),
        plan.switchId(),
        plan.partition(),
        logicalPort,
        training.trained(),
        training.degraded() ? ", below the " + capable + " it is capable of" : "");
    return training;
  }

  /**
   * The lowest logical bridge of the plan's partition that no port holds on the switch, among those
   * GPUs may take ({@link BindingPlan#gpuBridges}); the admission check saw one free, so none left
   * means another tool bound one meanwhile.
   */
  private static int freeLogicalBridge(SwitchDriver driver, BindingPlan plan) {
    java.util.Set<Integer> used = new java.util.HashSet<>();
    boundPorts(driver).values().stream()
        .filter(b -> b.partition() == plan.partition())
        .forEach(b -> used.add(b.logicalPort()));
    for (int logical = 1; logical <= plan.gpuBridges(); logical++) {
      if (!used.contains(logical)) {
        return logical;
      }
    }
    throw new BindingException(
        Reason.NO_LOGICAL_BRIDGE,
        "partition "
            + plan.partition()
            + " of switch "
            + plan.switchId()
            + " has no free logical bridge for slot "
            + plan.slot()
            + ": all "
            + plan.gpuBridges()
            + " are bound on the switch",
        new BindingException.Shortfall(plan.hostId(), 1, 0));
  }

  /**
   * The one retrain of a link below what both ends can do: a hot reset of the slot's port through
   * the switch's port control, then the link as it comes up again (empty when it does not). A
   * refused reset leaves the link as it was.
   */
  private Optional<LinkTraining.Rate> retrain(
      SwitchDriver driver, BindingPlan plan, LinkTraining.Rate before) {
    try {
      driver.resetPort(plan.physicalPort());
    } catch (SwitchException e) {
      LOG.warn(
          "Slot {}: the switch refused to retrain its link ({}); it stays at {}",
          plan.slot(),
          e.getMessage(),
          before);
      return Optional.of(before);
    }
    LOG.info("Slot {}: link trained at {}; retrained it once", plan.slot(), before);
    return awaitLink(driver, plan);
  }

  /**
   * The bind's training once the host has said it sees the GPU, when it has a helper to say so:
   * waits for its report from the time the bind started, at most the wait {@link #confirmWith} was
   * given. The GPU stays bound either way.
   */
  private CompletableFuture<LinkTraining> hostSight(BindingPlan plan, LinkTraining training) {
    Confirmation confirm = confirmation;
    Optional<CompletableFuture<String>> seen =
        confirm.by().whenSeen(plan.slot(), plan.hostId(), boundAt(plan.slot()));
    if (seen.isEmpty()) {
      return CompletableFuture.completedFuture(training);
    }
    return seen.get()
        .orTimeout(confirm.within().toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)
        .handle(
            (address, error) ->
                training.withHostSight(
                    new LinkTraining.HostSight(
                        true, Optional.ofNullable(error == null ? address : null))));
  }

  /** When the slot's bind started: the host's report of it counts from then. */
  private java.time.Instant boundAt(int slot) {
    return model.current().binding(slot).since();
  }

  /** The serial number of the card in {@code slot}, null when it did not say. */
  static String cardSerial(ChassisState state, int slot) {
    return state
        .slot(slot)
        .flatMap(io.gpuchassis.agent.chassis.Slot::gpu)
        .map(io.gpuchassis.agent.chassis.Gpu::serialNumber)
        .filter(serial -> !serial.isBlank())
        .orElse(null);
  }

  /** The chip of the plan's host port: the first link's, or the slot's own. */
  private static String hostSwitch(BindingPlan plan) {
    return plan.hops().isEmpty() ? plan.switchId() : plan.hops().get(0).switchId();
  }

  /**
   * Whether the host port's link is up, read from its chip on that chip's worker: a host that is
   * off sees the GPU once it starts. A switch that cannot be read leaves it as verified.
   */
  private boolean hostLinkUp(SwitchDriver driver, BindingPlan plan) {
    Optional<HostPort> host =
        model.current().hosts().stream().filter(h -> h.id().equals(plan.hostId())).findFirst();
    if (host.isEmpty()) {
      return true;
    }
    try {
      return driver.ports().stream()
          .filter(p -> p.physicalPort() == host.get().port())
          .findFirst()
          .map(PortStatus::linkUp)
          .orElse(false);
    } catch (SwitchException e) {
      LOG.warn("Could not read host port {}: {}", plan.hostId(), e.getMessage());
      return true;
    }
  }

  private Void doUnbind(SwitchDriver driver, BindingPlan plan) {
    long op = journal.start(plan.slot(), plan.hostId(), BindingJournal.Kind.UNBIND);
    try {
      Optional<Binding> now = boundAs(driver, plan.physicalPort());
      if (now.isPresent()) {
        driver.unbind(now.get().partition(), now.get().logicalPort());
      }
    } catch (SwitchException e) {
      journal.failed(op, "switch: " + e.getMessage());
      throw new BindingException(
          Reason.SWITCH_FAILED,
          "the switch did not unbind slot " + plan.slot() + ": " + e.getMessage());
    }
    if (boundPartition(driver, plan.physicalPort()).isPresent()) {
      journal.failed(op, "still bound after the unbind completed");
      throw new BindingException(
          Reason.SWITCH_FAILED, "slot " + plan.slot() + " is still bound after the unbind");
    }
    journal.succeeded(op, plan.slot(), plan.hostId(), BindingJournal.Kind.UNBIND);
    LOG.info("Released slot {} from {}", plan.slot(), plan.hostId());
    return null;
  }

  /**
   * A forced release of a FAILED slot: whatever the switch holds for it is undone; the desired
   * state is unbound.
   */
  private Void doSettle(SwitchDriver driver, BindingPlan plan) {
    long op = journal.start(plan.slot(), plan.hostId(), BindingJournal.Kind.UNBIND);
    try {
      requireSettled(
          driver, plan, "the forced release of slot " + plan.slot() + " could not read the switch");
    } catch (BindingException e) {
      journal.failed(op, e.getMessage());
      throw e;
    }
    // Released for good: a restart must not bind it again
    journal.succeeded(op, plan.slot(), plan.hostId(), BindingJournal.Kind.UNBIND);
    LOG.info("Released failed slot {}; the switch holds no binding of it", plan.slot());
    return null;
  }

  /**
   * The rate the slot's link trained at within the timeout, empty when it did not come up. A link
   * up at a narrower width than expected is taken at once: PCIe settles a link's width while it
   * trains, before it is up, and only its speed may still rise afterwards (a link comes up at a low
   * generation and changes speed once up), so only a missing link or a low speed is waited for.
   */
  Optional<LinkTraining.Rate> awaitLink(SwitchDriver driver, BindingPlan plan) {
    long deadline = System.nanoTime() + linkTimeout.toNanos();
    Optional<LinkTraining.Rate> last = Optional.empty();
    while (true) {
      Optional<PortStatus> port =
          driver.ports().stream().filter(p -> p.physicalPort() == plan.physicalPort()).findFirst();
      if (port.isPresent() && port.get().linkUp()) {
        PortStatus p = port.get();
        last = Optional.of(new LinkTraining.Rate(p.negotiatedGen(), p.negotiatedWidth()));
        if (p.negotiatedWidth() < plan.expectedWidth()
            || p.negotiatedGen() >= plan.expectedGeneration()) {
          return last;
        }
      }
      if (System.nanoTime() > deadline) {
        return last;
      }
      sleep(20);
    }
  }

  /**
   * Whether the switch's answer was lost (no reply, a broken line, a garbled frame). A busy switch
   * or a firmware error is an answer: it is tidied up as far as the switch lets us, but it does not
   * make the slot's state unknown.
   */
  private static boolean answerWasLost(SwitchException e) {
    return switch (e.kind()) {
      case BUSY, DEVICE_ERROR, REFUSED -> false;
      case TIMEOUT, NAK, PROTOCOL, IO -> true;
    };
  }

  /**
   * After a failed bind: the port must be seen unbound, or the slot's state is unknown and it is
   * marked FAILED.
   */
  private static void requireSettled(SwitchDriver driver, BindingPlan plan, String failure) {
    if (!settleUnbound(driver, plan)) {
      throw new BindingException(
          Reason.SWITCH_STATE_UNKNOWN,
          failure
              + "; the switch did not answer afterwards, so "
              + "whether slot "
              + plan.slot()
              + " is still bound is unknown: release it with force when the switch answers");
    }
  }

  /**
   * Makes sure the port is unbound, so no slot is left half-bound; false when the switch could not
   * be read.
   */
  private static boolean settleUnbound(SwitchDriver driver, BindingPlan plan) {
    for (int attempt = 0; attempt < 3; attempt++) {
      try {
        Optional<Binding> now = boundAs(driver, plan.physicalPort());
        if (now.isEmpty()) {
          return true;
        }
        driver.unbind(now.get().partition(), now.get().logicalPort());
      } catch (SwitchException e) {
        sleep(50);
      }
    }
    return false;
  }

  /**
   * How long a bind or unbind the firmware is still running may take to end before the port is read
   * as it is.
   */
  private static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(5);

  /**
   * The partition the port is bound into, read once no bind or unbind of it is running: an
   * operation a killed agent started may still complete, and must not be mistaken for "unbound".
   */
  static Optional<Integer> boundPartition(SwitchDriver driver, int physicalPort) {
    return boundAs(driver, physicalPort).map(Binding::partition);
  }

  /**
   * Every bound port of the switch, read once no bind or unbind is running on it (or after the
   * settle timeout).
   */
  static Map<Integer, Binding> boundPorts(SwitchDriver driver) {
    long deadline = System.nanoTime() + SETTLE_TIMEOUT.toNanos();
    while (true) {
      List<Binding> ports = driver.bindings();
      if (ports.stream().noneMatch(b -> b.state() == BindState.IN_PROGRESS)
          || System.nanoTime() > deadline) {
        Map<Integer, Binding> bound = new HashMap<>();
        ports.stream().filter(Binding::bound).forEach(b -> bound.put(b.physicalPort(), b));
        return bound;
      }
      sleep(20);
    }
  }

  /**
   * The port's binding once no bind or unbind is running on its switch ({@link #boundPorts}); empty
   * when unbound.
   */
  static Optional<Binding> boundAs(SwitchDriver driver, int physicalPort) {
    return Optional.ofNullable(boundPorts(driver).get(physicalPort));
  }

  /**
   * Moves the slot to the state its operation ended in: the target on success, else back where it
   * started.
   */
  private void finish(
      int slot, Throwable error, State target, Optional<String> targetHost, State previous) {
    SlotBinding before = model.current().binding(slot);
    if (error == null) {
      move(slot, target, targetHost, Optional.empty());
      return;
    }
    Throwable cause =
        error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    String reason = cause.getMessage() == null ? cause.toString() : cause.getMessage();
    if (cause instanceof BindingException b && b.reason() == Reason.SWITCH_STATE_UNKNOWN) {
      LOG.warn("Slot {}: {}", slot, reason);
      move(slot, State.FAILED, before.host(), Optional.of(reason));
    } else if (cause instanceof BindingException) {
      Optional<String> host = previous == State.BOUND ? before.host() : Optional.empty();
      move(slot, previous, host, Optional.of(reason));
    } else {
      LOG.error("Slot {}: binding operation ended unexpectedly; its state is unknown", slot, cause);
      move(slot, State.FAILED, before.host(), Optional.of(reason));
    }
  }

  private void move(int slot, State next, Optional<String> host, Optional<String> failure) {
    model.apply(s -> s.withBinding(s.binding(slot).to(next, host, failure, clock.instant())));
  }

  private SwitchWorker worker(String switchId) {
    return workers
        .worker(switchId)
        .orElseThrow(() -> new IllegalStateException("no worker for switch " + switchId));
  }

  /**
   * Reserves {@code switchId} for a firmware update: no bind or unbind starts on it until the
   * returned handle runs. Refused while a bind or unbind runs on the chip, and, when the update
   * will reset the chip ({@code willReset}), while any GPU is bound through it: a reset drops every
   * link, so its hosts would lose their GPUs unannounced.
   */
  public synchronized Runnable reserveForUpdate(String switchId, boolean willReset) {
    ChassisState state = model.current();
    List<Integer> through = new java.util.ArrayList<>();
    for (var s : state.slots()) {
      SlotBinding b = state.binding(s.number());
      boolean touches =
          b.host()
              .flatMap(h -> BindingPlan.route(state, s.number(), h))
              .map(p -> p.switches().contains(switchId))
              .orElse(false);
      if (!touches) {
        continue;
      }
      if (b.inTransition()) {
        throw refuse(
            Reason.IN_USE,
            "slot " + s.number() + " is " + describe(b) + " through switch " + switchId);
      }
      if (b.state() != State.UNBOUND) {
        through.add(s.number());
      }
    }
    if (willReset && !through.isEmpty()) {
      throw refuse(
          Reason.IN_USE,
          "switch "
              + switchId
              + " carries the GPUs of slots "
              + through
              + " to their hosts;"
              + " resetting it would remove them from the hosts unannounced. Release them first, or apply the update"
              + " at the switch's next reset (OnReset)");
    }
    if (!updating.add(switchId)) {
      throw refuse(
          Reason.SWITCH_UPDATING,
          "the firmware of switch " + switchId + " is already being updated");
    }
    return () -> {
      synchronized (this) {
        updating.remove(switchId);
      }
    };
  }

  private void refuseWhileStopping() {
    if (stopping) {
      throw refuse(Reason.STOPPING, "the agent is stopping; try again once it has started again");
    }
  }

  private void refuseWhileUpdating(BindingPlan plan) {
    for (String chip : plan.switches()) {
      if (updating.contains(chip)) {
        throw refuse(
            Reason.SWITCH_UPDATING,
            "the firmware of switch "
                + chip
                + " is being updated; try again when"
                + " the update task has ended");
      }
    }
  }

  private static String describe(SlotBinding b) {
    return switch (b.state()) {
      case UNBOUND -> "not bound";
      case BINDING -> "being bound to " + b.host().orElse("?");
      case BOUND -> "bound to " + b.host().orElse("?");
      case UNBINDING -> "being released from " + b.host().orElse("?");
      case FAILED -> "in an unknown state after a failed operation";
    };
  }

  private static BindingException refuse(Reason reason, String message) {
    return new BindingException(reason, message);
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the switch", e);
    }
  }
}
