package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.EthernetHost;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.compose.BindingException.Reason;
import io.gpuchassis.switchdrv.expether.EemAttachment;
import io.gpuchassis.switchdrv.expether.EemClient;
import io.gpuchassis.switchdrv.expether.EemDevice;
import io.gpuchassis.switchdrv.expether.EemException;
import io.gpuchassis.switchdrv.expether.EemGroups;
import io.gpuchassis.switchdrv.expether.EemRole;
import io.gpuchassis.switchdrv.expether.ExpEtherGrouping;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Ethernet fabric: a GPU is given to an Ethernet host by putting the ExpEther I/O engine in
 * front of it into the group of the host's engine, through the manager's REST API ({@link
 * ExpEtherGrouping}, with OpenStack Valence's rules), and taken back by returning it to the free
 * group (4093). An attach is verified by the engine reporting its new group once the hot-plug is
 * over, and undone when it does not within the attach timeout; then, where the host runs its
 * companion, it waits for the host's word that it sees the GPU, as a PCIe attach does (bounded; the
 * GPU stays attached without it). No link is read: the agent sees no PCIe link behind the engines.
 * Requests to the manager block, so they run one at a time on a thread of their own, never on the
 * caller's.
 */
public final class ExpEtherTransport implements FabricTransport {

  private static final Logger LOG = LoggerFactory.getLogger(ExpEtherTransport.class);

  /** How often an engine is asked for its group while a hot-plug runs. */
  private static final Duration POLL = Duration.ofMillis(50);

  private final EemClient client;
  private final ExpEtherGrouping grouping;
  private final BindingJournal journal;
  private final Duration attachTimeout;
  private final Clock clock;
  private final HostSightWait sightWait = new HostSightWait();
  private final ExecutorService worker =
      Executors.newSingleThreadExecutor(
          r -> {
            Thread t = new Thread(r, "expether-manager");
            t.setDaemon(true);
            return t;
          });

  /**
   * @param attachTimeout how long an I/O engine may take to report its new group
   */
  public ExpEtherTransport(EemClient client, BindingJournal journal, Duration attachTimeout) {
    this(client, journal, attachTimeout, Clock.systemUTC());
  }

  /**
   * @param attachTimeout how long an I/O engine may take to report its new group
   * @param clock the clock of the hosts' reports: a report counts from the moment an attach starts
   */
  public ExpEtherTransport(
      EemClient client, BindingJournal journal, Duration attachTimeout, Clock clock) {
    this.client = client;
    this.grouping = new ExpEtherGrouping(client);
    this.journal = journal;
    this.attachTimeout = attachTimeout;
    this.clock = clock;
  }

  @Override
  public void confirmWith(HostConfirmation confirmation, Duration within) {
    sightWait.confirmWith(confirmation, within);
  }

  @Override
  public Optional<BindingException> unreachable(ChassisState state, int slot, String hostId) {
    if (ioEngine(state, slot).isPresent()) {
      return Optional.empty();
    }
    return Optional.of(
        new BindingException(
            Reason.NOT_REACHABLE,
            "slot "
                + slot
                + " has no ExpEther I/O engine in front of its GPU, so Ethernet host "
                + hostId
                + " cannot be given it"));
  }

  /**
   * The engine into the host's group, verified by its new group; then the host's word that it sees
   * the GPU, reported since this attach started, where it has a helper. The wait for that word
   * holds no thread, so the manager's worker is free meanwhile.
   */
  @Override
  public CompletableFuture<Attached> attach(ChassisState state, int slot, String hostId) {
    Instant since = clock.instant();
    String host = hostEngine(state, hostId);
    OptionalInt vlan = hostVlan(state, hostId);
    String io = ioEngine(state, slot).orElseThrow();
    String serial = BindingEngine.cardSerial(state, slot);
    return CompletableFuture.runAsync(() -> doAttach(slot, hostId, host, vlan, io, serial), worker)
        .thenCompose(grouped -> sightWait.await(slot, hostId, since))
        .thenApply(
            sight -> {
              sight
                  .address()
                  .ifPresentOrElse(
                      address -> LOG.info("{} sees slot {}'s GPU at {}", hostId, slot, address),
                      () -> {
                        if (sight.expected()) {
                          LOG.warn(
                              "{} did not report slot {}'s GPU in time; it stays attached",
                              hostId,
                              slot);
                        }
                      });
              // The agent reads no PCIe link of a GPU reached over Ethernet
              return new Attached(Optional.empty(), sight);
            });
  }

  @Override
  public CompletableFuture<Void> release(ChassisState state, int slot, String hostId) {
    String io = ioEngine(state, slot).orElseThrow();
    return CompletableFuture.runAsync(() -> doRelease(slot, hostId, io), worker);
  }

  @Override
  public CompletableFuture<Void> settle(ChassisState state, int slot, String hostId) {
    return release(state, slot, hostId);
  }

  /** Returns the slot's I/O engine to the free group; the journal keeps the binding. */
  @Override
  public CompletableFuture<Void> takeOff(ChassisState state, int slot, String hostId) {
    String io = ioEngine(state, slot).orElseThrow();
    return CompletableFuture.runAsync(
        () -> {
          if (grouping.detach(io)) {
            grouping.awaitGroup(io, EemGroups.FREE_IO, attachTimeout, POLL);
          }
          LOG.info("Took slot {} out of {}'s group; the binding is kept", slot, hostId);
        },
        worker);
  }

  /** The ID of {@code slot}'s I/O engine, when it has one. */
  static Optional<String> ioEngine(ChassisState state, int slot) {
    return state.slot(slot).flatMap(Slot::expetherEngine);
  }

  /** The VLAN the board gives Ethernet host {@code hostId}: its engine's group. */
  static OptionalInt hostVlan(ChassisState state, String hostId) {
    return state.hosts().stream()
        .filter(h -> h.id().equals(hostId))
        .findFirst()
        .flatMap(HostPort::ethernet)
        .map(EthernetHost::vlan)
        .orElse(OptionalInt.empty());
  }

  /** The ID of Ethernet host {@code hostId}'s engine. */
  static String hostEngine(ChassisState state, String hostId) {
    return state.hosts().stream()
        .filter(h -> h.id().equals(hostId))
        .findFirst()
        .flatMap(HostPort::ethernet)
        .orElseThrow(() -> new IllegalStateException(hostId + " is not an Ethernet host"))
        .engine();
  }

  private void doAttach(
      int slot, String hostId, String host, OptionalInt vlan, String io, String serial) {
    long op = journal.start(slot, hostId, BindingJournal.Kind.BIND);
    EemAttachment attached;
    try {
      refuseAtLimit(slot, hostId, host);
      attached = grouping.attach(host, io, vlan);
    } catch (BindingException e) {
      journal.failed(op, e.getMessage());
      throw e;
    } catch (EemException e) {
      journal.failed(op, "ExpEther manager: " + e.getMessage());
      throw refusal(e, slot, hostId);
    }
    try {
      grouping.awaitGroup(io, attached.groupId(), attachTimeout, POLL);
    } catch (EemException e) {
      String problem =
          "I/O engine "
              + io
              + " of slot "
              + slot
              + " did not report group "
              + attached.groupId()
              + " of "
              + hostId
              + " within "
              + attachTimeout.toSeconds()
              + " s ("
              + e.getMessage()
              + ")";
      journal.failed(op, problem);
      throw undone(io, problem);
    }
    journal.succeeded(op, slot, hostId, BindingJournal.Kind.BIND, serial);
    LOG.info(
        "Attached slot {} to {}: I/O engine {} is in group {}{}",
        slot,
        hostId,
        io,
        attached.groupId(),
        attached.hostGroupAllocated() ? " (given to the host engine for this attach)" : "");
  }

  /**
   * The per-host device limit as an admission check, with both numbers, before anything is sent:
   * the host engine's group already holds {@code max_eeio_count} devices. A host without a group
   * holds none.
   */
  private void refuseAtLimit(int slot, String hostId, String host) {
    EemDevice engine = client.device(host);
    if (engine.isUnassignedHost() || engine.maxEeioCount().isEmpty()) {
      return; // ExpEtherGrouping refuses an engine without a limit
    }
    int limit = engine.maxEeioCount().getAsInt();
    int held = client.deviceIds(EemRole.EEIO, engine.groupId()).size();
    if (held >= limit) {
      throw new BindingException(
          Reason.DEVICE_LIMIT,
          "Ethernet host "
              + hostId
              + "'s ExpEther engine "
              + host
              + " already holds "
              + held
              + " of the "
              + limit
              + " devices its board may have (max_eeio_count); the GPU of slot "
              + slot
              + " would be one more",
          new BindingException.Shortfall(hostId, 1, Math.max(0, limit - held)));
    }
  }

  private void doRelease(int slot, String hostId, String io) {
    long op = journal.start(slot, hostId, BindingJournal.Kind.UNBIND);
    try {
      if (grouping.detach(io)) {
        grouping.awaitGroup(io, EemGroups.FREE_IO, attachTimeout, POLL);
      }
    } catch (EemException e) {
      journal.failed(op, "ExpEther manager: " + e.getMessage());
      throw new BindingException(
          Reason.SWITCH_STATE_UNKNOWN,
          "the ExpEther manager did not return I/O engine "
              + io
              + " of slot "
              + slot
              + " to the free group: "
              + e.getMessage()
              + "; release it with force when the manager answers");
    }
    journal.succeeded(op, slot, hostId, BindingJournal.Kind.UNBIND);
    LOG.info("Released slot {} from {}: I/O engine {} is free", slot, hostId, io);
  }

  /**
   * After an attach that was not verified: the engine back in the free group, or FAILED. The
   * release is sent whatever group the engine reports, since it reports its old one until the
   * hot-plug is over; a manager that refuses it while the change runs leaves the state unknown.
   */
  private BindingException undone(String io, String problem) {
    try {
      client.deleteGroup(io);
      grouping.awaitGroup(io, EemGroups.FREE_IO, attachTimeout, POLL);
      return new BindingException(Reason.SWITCH_FAILED, problem + "; the attach was undone");
    } catch (EemException e) {
      return new BindingException(
          Reason.SWITCH_STATE_UNKNOWN,
          problem
              + "; undoing it failed too ("
              + e.getMessage()
              + "): release it with force when the manager answers");
    }
  }

  /** A refusal of the manager or of the grouping rules, before anything changed. */
  private static BindingException refusal(EemException e, int slot, String hostId) {
    return switch (e.kind()) {
      case LIMIT_REACHED ->
          new BindingException(
              Reason.DEVICE_LIMIT,
              "Ethernet host " + hostId + ": " + e.getMessage(),
              new BindingException.Shortfall(hostId, 1, 0));
      case WRONG_GROUP ->
          new BindingException(
              Reason.NOT_REACHABLE,
              "Ethernet host "
                  + hostId
                  + " is not in the group of the VLAN its board gives it: "
                  + e.getMessage());
      case NOT_FREE ->
          new BindingException(
              Reason.IN_USE,
              "the ExpEther I/O engine of slot " + slot + " is not free: " + e.getMessage());
      default ->
          new BindingException(
              Reason.SWITCH_FAILED,
              "the ExpEther manager did not attach slot "
                  + slot
                  + " to "
                  + hostId
                  + ": "
                  + e.getMessage());
    };
  }
}
