package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.LinkTraining;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.chassis.SlotBinding.State;
import io.gpuchassis.agent.compose.BindingException.Reason;
import io.gpuchassis.agent.fabric.SwitchWorkers;
import io.gpuchassis.switchdrv.SwitchDriver;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place GPU slots are bound to and released from hosts, whichever fabric reaches the host:
 * the engine keeps the slot's state and moves it only on what the fabric reports, makes the checks
 * before anything moves (the slot, the host, an operation under way, {@link Admission}), applies
 * the release policy ({@link ReleaseRule}) and tracks the operations in flight; the host's {@link
 * FabricTransport} does the work, journaled and verified: {@link PcieTransport} binds the slot into
 * a PCIe host's partition through the switch chips (and records how its link trained, {@link
 * LinkTraining}), {@link ExpEtherTransport} puts its ExpEther I/O engine into an Ethernet host's
 * group; on both, where the host has a helper, the bind waits for its word that it sees the GPU
 * ({@link #confirmWith}). The views (Zones, ResourceBlocks, Systems) all call this engine, so they
 * can never disagree.
 */
public final class BindingEngine {

  private static final Logger LOG = LoggerFactory.getLogger(BindingEngine.class);

  private final ChassisModel model;
  private final Clock clock;
  private final ReleaseRule releaseRule;

  /** The fabric of PCIe hosts: the switch chips. */
  private final PcieTransport pcie;

  /** The fabric of Ethernet hosts, once the agent has an ExpEther manager ({@link #reachOver}). */
  private volatile Optional<FabricTransport> ethernet = Optional.empty();

  /**
   * Who confirms that a host sees its GPU, and how long a bind waits for it ({@link #confirmWith}).
   */
  private record Confirmation(HostConfirmation by, Duration within) {}

  private volatile Confirmation confirmation =
      new Confirmation(HostConfirmation.NONE, Duration.ZERO);

  /** Replaced once, when the hosts' reports are known ({@link #admitWith}). */
  private volatile Admission admission;

  /** Chips whose firmware is being updated: no binding may start on them (guarded by this). */
  private final java.util.Set<String> updating = new java.util.HashSet<>();

  private final OperationsInFlight inFlight = new OperationsInFlight();

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
    this.clock = clock;
    this.pcie = new PcieTransport(model, workers, journal, linkTimeout);
  }

  /**
   * From now on, GPUs are given to Ethernet hosts through {@code ethernet} (set once, before the
   * start-up reconciliation); until then a bind to an Ethernet host is refused as unreachable.
   */
  public void reachOver(FabricTransport ethernet) {
    Confirmation confirm = confirmation;
    ethernet.confirmWith(confirm.by(), confirm.within());
    this.ethernet = Optional.of(ethernet);
  }

  /**
   * From now on, a bind to a host whose helper confirms what it sees completes once the host
   * reports the GPU, or after {@code within} without it (the GPU stays bound; the binding's {@link
   * io.gpuchassis.agent.chassis.HostSight} says so), on either fabric.
   */
  public void confirmWith(HostConfirmation confirmation, Duration within) {
    this.confirmation = new Confirmation(confirmation, within);
    pcie.confirmWith(confirmation, within);
    ethernet.ifPresent(e -> e.confirmWith(confirmation, within));
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
   * Binds the GPU in {@code slot} to {@code hostId} over the host's fabric: into its partition,
   * across inter-switch links when the slot is on another chip (the links on the way are bound
   * first, each on its own chip's worker), or into its ExpEther group for an Ethernet host;
   * completes when bound and verified.
   */
  public CompletableFuture<SlotBinding> bind(int slot, String hostId) {
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
      FabricTransport transport = transport(state, hostId);
      Optional<BindingException> unreachable = transport.unreachable(state, slot, hostId);
      if (unreachable.isPresent()) {
        throw unreachable.get();
      }
      Optional<BindingException> full =
          admission.refusal(state, List.of(new Change.Bind(slot, hostId)));
      if (full.isPresent()) {
        throw full.get();
      }
      BindingPlan.of(state, slot, hostId).ifPresent(this::refuseWhileUpdating);
      refuseWhileStopping();
      move(slot, State.BINDING, Optional.of(hostId), Optional.empty());
      // Tracked under the lock: a stop that begins now sees this operation among those to wait for.
      return inFlight.track(
          slot,
          BindingObserver.Kind.BIND,
          "the bind of slot " + slot + " to " + hostId,
          transport
              .attach(state, slot, hostId)
              .whenComplete(
                  (attached, error) -> {
                    finish(slot, error, State.BOUND, Optional.of(hostId), State.UNBOUND);
                    if (error == null) {
                      record(slot, attached);
                    }
                  })
              .thenApply(ok -> model.current().binding(slot)));
    }
  }

  /** What the attach verified, on the slot's binding: its link where read, the host's word. */
  private void record(int slot, Attached attached) {
    if (attached.link().isEmpty() && !attached.hostSight().expected()) {
      return; // nothing more than BOUND to say
    }
    model.apply(
        s -> {
          SlotBinding b = s.binding(slot).withHostSight(attached.hostSight());
          return s.withBinding(attached.link().map(b::withLink).orElse(b));
        });
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
    synchronized (this) {
      ChassisState state = model.current();
      state.slot(slot).orElseThrow(() -> refuse(Reason.UNKNOWN_SLOT, "there is no slot " + slot));
      SlotBinding current = state.binding(slot);
      // A failed slot is settled like a release: the host has let go of the GPU (ReadyToRemove), or
      // the caller forces.
      if (current.state() == State.FAILED
          && (force || current.readyToRemove())
          && current.host().isPresent()) {
        String host = current.host().get();
        FabricTransport transport = routed(state, slot, host);
        refuseWhileStopping();
        move(slot, State.UNBINDING, current.host(), Optional.empty());
        return inFlight.track(
            slot,
            BindingObserver.Kind.RELEASE,
            "the release of failed slot " + slot,
            transport
                .settle(state, slot, host)
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
      String host = current.host().orElseThrow();
      FabricTransport transport = routed(state, slot, host);
      refuseWhileStopping();
      move(slot, State.UNBINDING, current.host(), Optional.empty());
      return inFlight.track(
          slot,
          BindingObserver.Kind.RELEASE,
          "the release of slot " + slot + " from " + host,
          transport
              .release(state, slot, host)
              .whenComplete(
                  (ok, error) -> finish(slot, error, State.UNBOUND, Optional.empty(), State.BOUND))
              .thenApply(ok -> model.current().binding(slot)));
    }
  }

  /**
   * Takes {@code slot} off the switch without touching the journal, for a card pulled out or
   * replaced while the agent runs ({@link ReseatCheck}): the journal keeps the binding to {@code
   * host} for the card's return, and the port is unbound before another card can train a link into
   * the host's partition (for an Ethernet host, the slot's I/O engine returns to the free group).
   * Links on the way that carry no other GPU are released after. Ends UNBOUND, or, with {@code
   * hold}, FAILED with that reason (the host kept) until a forced release; FAILED with the reason
   * when the switch could not be read.
   */
  public CompletableFuture<SlotBinding> detach(int slot, String host, Optional<String> hold) {
    synchronized (this) {
      ChassisState state = model.current();
      SlotBinding current = state.binding(slot);
      if (current.inTransition()) {
        throw refuse(Reason.IN_USE, "slot " + slot + " is " + describe(current));
      }
      FabricTransport transport = transport(state, host);
      if (transport == pcie) {
        BindingPlan plan =
            BindingPlan.route(state, slot, host)
                .orElseThrow(
                    () ->
                        refuse(
                            Reason.NOT_REACHABLE,
                            "slot " + slot + " cannot be reached from " + host));
        refuseWhileUpdating(plan);
      }
      refuseWhileStopping();
      move(slot, State.UNBINDING, Optional.of(host), Optional.empty());
      return inFlight.track(
          slot,
          BindingObserver.Kind.RELEASE,
          transport == pcie
              ? "taking slot " + slot + " off the switch"
              : "taking slot " + slot + " out of " + host + "'s ExpEther group",
          transport
              .takeOff(state, slot, host)
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
   * The fabric that reaches {@code hostId}: the switch chips for a PCIe host (and for a host the
   * board no longer has, as before there were two), the ExpEther manager for an Ethernet host.
   */
  private FabricTransport transport(ChassisState state, String hostId) {
    boolean overEthernet =
        state.hosts().stream().anyMatch(h -> h.id().equals(hostId) && h.overEthernet());
    if (!overEthernet) {
      return pcie;
    }
    return ethernet.orElseGet(
        () -> new FabricUnavailable("no ExpEther manager reaches Ethernet host " + hostId));
  }

  /**
   * The fabric of a binding about to be released: on the PCIe fabric its route, whose chips must
   * not be updating (a route the board no longer has fails as it always did).
   */
  private FabricTransport routed(ChassisState state, int slot, String hostId) {
    FabricTransport transport = transport(state, hostId);
    if (transport == pcie) {
      refuseWhileUpdating(BindingPlan.route(state, slot, hostId).orElseThrow());
    }
    return transport;
  }

  /** How the PCIe fabric reads a bound slot's link, for the reconciliation. */
  Optional<LinkTraining.Rate> awaitLink(SwitchDriver driver, BindingPlan plan) {
    return pcie.awaitLink(driver, plan);
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
