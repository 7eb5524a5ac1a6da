package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.agent.chassis.LinkTraining;
import io.gpuchassis.agent.compose.BindingException.Reason;
import io.gpuchassis.agent.fabric.SwitchWorker;
import io.gpuchassis.agent.fabric.SwitchWorkers;
import io.gpuchassis.switchdrv.BindState;
import io.gpuchassis.switchdrv.Binding;
import io.gpuchassis.switchdrv.PortStatus;
import io.gpuchassis.switchdrv.SwitchDriver;
import io.gpuchassis.switchdrv.SwitchException;
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
 * The PCIe fabric: a GPU slot is bound into its host's partition through the switch chips, across
 * the inter-switch links on the way. Every switch command runs on its chip's own worker (so
 * operations on one chip happen one at a time), waits for the switch to report completion, and is
 * verified: after a bind the GPU's link must come up, or the binding is undone; a link below the
 * width and speed both ends can do is retrained once through the switch's port control. Moved here
 * from {@link BindingEngine} unchanged, which keeps the slot's state around these calls.
 */
public final class PcieTransport implements FabricTransport {

  private static final Logger LOG = LoggerFactory.getLogger(PcieTransport.class);

  private final ChassisModel model;
  private final SwitchWorkers workers;
  private final BindingJournal journal;
  private final Duration linkTimeout;

  /**
   * @param linkTimeout how long a bound GPU's link may take to train before the bind is undone
   */
  PcieTransport(
      ChassisModel model, SwitchWorkers workers, BindingJournal journal, Duration linkTimeout) {
    this.model = model;
    this.workers = workers;
    this.journal = journal;
    this.linkTimeout = linkTimeout;
  }

  /** See {@link BindingEngine#confirmWith}. */
  @Override
  public void confirmWith(HostConfirmation confirmation, Duration within) {
    sightWait.confirmWith(confirmation, within);
  }

  @Override
  public Optional<BindingException> unreachable(ChassisState state, int slot, String hostId) {
    if (BindingPlan.of(state, slot, hostId).isPresent()) {
      return Optional.empty();
    }
    return Optional.of(unreachable(state, slot, state.slot(slot).orElseThrow().switchId(), hostId));
  }

  /**
   * Binds the links of the chain that are not bound yet, then the slot, each on its own chip's
   * worker; reads the host port's link and waits for the host's word where it has a helper to give
   * it. The links are released again when the bind fails.
   */
  @Override
  public CompletableFuture<Attached> attach(ChassisState state, int slot, String hostId) {
    BindingPlan plan = BindingPlan.of(state, slot, hostId).orElseThrow();
    return connect(plan)
        .thenCompose(ok -> worker(plan.switchId()).submit(driver -> doBind(driver, plan)))
        .thenCompose(
            training ->
                worker(hostSwitch(plan))
                    .submit(driver -> training.withHostLinkUp(hostLinkUp(driver, plan))))
        .thenCompose(training -> hostSight(plan, training))
        .exceptionallyCompose(
            error -> disconnect(plan).<Attached>handle((ok, ignored) -> rethrow(error)));
  }

  /** Unbinds the slot, then the links on the way that carry no other GPU of the host. */
  @Override
  public CompletableFuture<Void> release(ChassisState state, int slot, String hostId) {
    BindingPlan plan = BindingPlan.route(state, slot, hostId).orElseThrow();
    return worker(plan.switchId())
        .submit(driver -> doUnbind(driver, plan))
        .thenCompose(ok -> disconnect(plan));
  }

  @Override
  public CompletableFuture<Void> settle(ChassisState state, int slot, String hostId) {
    BindingPlan failed = BindingPlan.route(state, slot, hostId).orElseThrow();
    return worker(failed.switchId())
        .submit(driver -> doSettle(driver, failed))
        .thenCompose(ok -> disconnect(failed));
  }

  /** Unbinds the slot's port, then the links on the way that carry no other GPU. */
  @Override
  public CompletableFuture<Void> takeOff(ChassisState state, int slot, String hostId) {
    return takeOff(BindingPlan.route(state, slot, hostId).orElseThrow());
  }

  private CompletableFuture<Void> takeOff(BindingPlan plan) {
    return worker(plan.switchId())
        .submit(
            driver -> {
              requireSettled(
                  driver, plan, "slot " + plan.slot() + " could not be taken off the switch");
              return null;
            })
        .thenCompose(ok -> disconnect(plan));
  }

  private static BindingException refuse(Reason reason, String message) {
    return new BindingException(reason, message);
  }

  /** The wait for the host's word that it sees the GPU. */
  private final HostSightWait sightWait = new HostSightWait();

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

  /** Why the slot cannot be bound into the host's partition: no path of links, or a busy link. */
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
        BindingEngine.cardSerial(model.current(), plan.slot()));
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
  private CompletableFuture<Attached> hostSight(BindingPlan plan, LinkTraining training) {
    return sightWait
        .await(plan.slot(), plan.hostId(), boundAt(plan.slot()))
        .thenApply(sight -> new Attached(Optional.of(training), sight));
  }

  /** When the slot's bind started: the host's report of it counts from then. */
  private java.time.Instant boundAt(int slot) {
    return model.current().binding(slot).since();
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

  private SwitchWorker worker(String switchId) {
    return workers
        .worker(switchId)
        .orElseThrow(() -> new IllegalStateException("no worker for switch " + switchId));
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
