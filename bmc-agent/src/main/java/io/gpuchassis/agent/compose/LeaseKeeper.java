package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.SlotBinding;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Releases leased GPUs ({@link Leases}) when their lease expires or once they have been idle for
 * the lease's idle time, on a thread of its own that looks every {@code interval}. It releases
 * through the binding engine without force, so the host port's release policy ({@link ReleaseRule})
 * still decides: an expired lease on a GPU that is still busy does not take it from a running job.
 * It is reported once ({@link Report#expiredWhileBusy}), and the keeper tries again at each look
 * until the policy lets the GPU go (idle for the idle window, or ReadyToRemove).
 */
public final class LeaseKeeper implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(LeaseKeeper.class);

  /** Releases a GPU without force: {@code BindingEngine.unbind(slot, false)}. */
  @FunctionalInterface
  public interface Releaser {
    CompletableFuture<?> release(int slot);
  }

  /** Where the keeper says what it did (events and the security log). */
  public interface Report {

    /** {@code lease}'s GPU was released, for the reason {@code why}. */
    void released(Lease lease, String why);

    /** {@code lease} expired but its host still holds the GPU, as the release policy says. */
    void expiredWhileBusy(Lease lease, String why);
  }

  /** What a lease asks of its GPU now. */
  public enum Decision {
    KEEP,
    /** The lease has run out. */
    EXPIRED,
    /** The GPU's port has moved no data for the lease's idle time. */
    IDLE
  }

  private final Leases leases;
  private final Supplier<ChassisState> model;
  private final GpuActivity activity;
  private final Releaser releaser;
  private final Report report;
  private final Clock clock;
  private final Duration interval;
  private final Set<Integer> releasing = ConcurrentHashMap.newKeySet();

  /** The expired leases already reported busy (once each). */
  private final Set<Lease> toldBusy = new HashSet<>();

  private ScheduledExecutorService thread;

  public LeaseKeeper(
      Leases leases,
      Supplier<ChassisState> model,
      GpuActivity activity,
      Releaser releaser,
      Report report,
      Clock clock,
      Duration interval) {
    this.leases = leases;
    this.model = model;
    this.activity = activity;
    this.releaser = releaser;
    this.report = report;
    this.clock = clock;
    this.interval = interval;
  }

  /**
   * What {@code lease} asks now, from its GPU's switch port as last read ({@code quiet}): EXPIRED
   * once {@code now} reaches its expiry; IDLE when it has an idle time and the port's counters were
   * read unchanged over at least that long (the time between the first and the latest reading that
   * showed them, so a switch that stopped answering never makes a GPU look idler); else KEEP.
   */
  public static Decision decide(Lease lease, Optional<GpuActivity.Quiet> quiet, Instant now) {
    if (lease.expiredAt(now)) {
      return Decision.EXPIRED;
    }
    if (lease.idleReleaseAfter().isPresent() && quiet.isPresent()) {
      Duration still = Duration.between(quiet.get().quietSince(), quiet.get().lastRead());
      if (still.compareTo(lease.idleReleaseAfter().get()) >= 0) {
        return Decision.IDLE;
      }
    }
    return Decision.KEEP;
  }

  /** Starts looking every interval on the keeper's own thread. */
  public synchronized void start() {
    if (thread != null) {
      return;
    }
    thread =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "lease-keeper");
              t.setDaemon(true);
              return t;
            });
    long every = Math.max(1, interval.toMillis());
    thread.scheduleWithFixedDelay(this::lookSafely, every, every, TimeUnit.MILLISECONDS);
  }

  private void lookSafely() {
    try {
      look();
    } catch (RuntimeException e) {
      LOG.warn("The lease keeper's look failed; it looks again in {}", interval, e);
    }
  }

  /** One look at every lease: releases those due (the keeper's thread, or a test, calls it). */
  public void look() {
    ChassisState state = model.get();
    leases.accept(state);
    leases.flush();
    Instant now = clock.instant();
    List<Lease> all = leases.current();
    toldBusy.retainAll(all);
    for (Lease lease : all) {
      SlotBinding binding = state.binding(lease.slot());
      if (binding.state() != SlotBinding.State.BOUND || releasing.contains(lease.slot())) {
        continue;
      }
      Optional<GpuActivity.Quiet> quiet =
          state.slot(lease.slot()).flatMap(s -> activity.of(s.switchId(), s.port()));
      Decision decision = decide(lease, quiet, now);
      if (decision == Decision.KEEP) {
        continue;
      }
      String why =
          decision == Decision.EXPIRED
              ? "its lease expired at " + lease.expires()
              : "it was idle for its lease's idle time, "
                  + lease.idleReleaseAfter().orElseThrow().toString();
      CompletableFuture<?> done;
      try {
        done = releaser.release(lease.slot());
      } catch (BindingException e) {
        if (decision == Decision.EXPIRED
            && e.reason() == BindingException.Reason.HOST_STILL_USING
            && toldBusy.add(lease)) {
          report.expiredWhileBusy(lease, e.getMessage());
        }
        LOG.debug("Lease on slot {}: not released yet: {}", lease.slot(), e.getMessage());
        continue;
      }
      releasing.add(lease.slot());
      LOG.info(
          "Releasing slot {} from {}: {} (lease of {})",
          lease.slot(),
          lease.host(),
          why,
          lease.owner());
      done.whenComplete(
          (ok, error) -> {
            releasing.remove(lease.slot());
            if (error == null) {
              report.released(lease, why);
            } else {
              LOG.warn("The lease's release of slot {} failed: {}", lease.slot(), error.toString());
            }
          });
    }
  }

  @Override
  public synchronized void close() {
    if (thread != null) {
      thread.shutdownNow();
      try {
        thread.awaitTermination(5, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
