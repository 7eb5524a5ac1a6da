package io.gpuchassis.agent.service;

import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.compose.BindingEngine;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stops the agent once, whoever asks first (SIGTERM, SIGINT, the JVM's shutdown hook), and says so
 * in the log: no bind or release starts any more, those under way may finish (for at most {@link
 * #OPERATIONS_DEADLINE}), then everything closes. An operation still running at the deadline is cut
 * short: its journal record stays STARTED, and the reconciliation at the next start finishes or
 * rolls it back from that record and what the switch holds.
 */
public final class GracefulShutdown {

  /**
   * How long binds and releases under way may take to end: one takes a few seconds at most on
   * hardware.
   */
  public static final Duration OPERATIONS_DEADLINE = Duration.ofSeconds(20);

  private static final Logger LOG = LoggerFactory.getLogger(GracefulShutdown.class);

  private final Supplier<List<BindingEngine.Operation>> stopOperations;
  private final IntFunction<SlotBinding> bindingOf;
  private final AutoCloseable agent;
  private final SystemdNotifier notifier;
  private final AutoCloseable watchdog;
  private final Duration deadline;
  private final Supplier<java.util.Set<String>> updatingSwitches;
  private final CountDownLatch stopped = new CountDownLatch(1);
  private String cause; // guarded by this

  /**
   * @param stopOperations stops new binding operations and returns those under way ({@link
   *     BindingEngine#stopAccepting})
   * @param bindingOf a slot's binding now (from the chassis model), to tell how an operation ended
   * @param agent closed last, after the operations ended
   * @param watchdog stopped just before the agent closes (the checks would fail on a closing agent)
   */
  public GracefulShutdown(
      Supplier<List<BindingEngine.Operation>> stopOperations,
      IntFunction<SlotBinding> bindingOf,
      AutoCloseable agent,
      SystemdNotifier notifier,
      AutoCloseable watchdog,
      Duration deadline) {
    this(stopOperations, bindingOf, java.util.Set::of, agent, notifier, watchdog, deadline);
  }

  /**
   * @param updatingSwitches the switch chips whose firmware is being written now ({@code
   *     FirmwareUpdates#updatingSwitches}), waited for as long as binding operations are
   */
  public GracefulShutdown(
      Supplier<List<BindingEngine.Operation>> stopOperations,
      IntFunction<SlotBinding> bindingOf,
      Supplier<java.util.Set<String>> updatingSwitches,
      AutoCloseable agent,
      SystemdNotifier notifier,
      AutoCloseable watchdog,
      Duration deadline) {
    this.updatingSwitches = updatingSwitches;
    this.stopOperations = stopOperations;
    this.bindingOf = bindingOf;
    this.agent = agent;
    this.notifier = notifier;
    this.watchdog = watchdog;
    this.deadline = deadline;
  }

  /**
   * Stops the agent because of {@code why} ("SIGTERM"), and returns once it has stopped. A second
   * request while the first is under way is logged and waits for the same end: it does not cut the
   * shutdown short.
   */
  public void stop(String why) {
    String first;
    synchronized (this) {
      first = cause;
      if (first == null) {
        cause = why;
      }
    }
    if (first != null) {
      if (stopped.getCount() > 0) {
        LOG.warn(
            "{} received while stopping (because of {}): the shutdown goes on, waiting at most {} for the"
                + " binding operations under way; SIGKILL cuts it short",
            why,
            first,
            spoken(deadline));
      }
      awaitStopped();
      return;
    }
    try {
      LOG.info("Stopping ({})", why);
      notifier.stopping("Stopping (" + why + ")");
      awaitOperations(stopOperations.get());
      awaitFirmware();
      closeQuietly(watchdog, "the watchdog");
      closeQuietly(agent, "the agent");
      LOG.info("Stopped");
    } finally {
      stopped.countDown();
    }
  }

  /** Waits until the agent has stopped. */
  public void awaitStopped() {
    boolean interrupted = false;
    while (true) {
      try {
        stopped.await();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  private void awaitOperations(List<BindingEngine.Operation> operations) {
    if (operations.isEmpty()) {
      LOG.info("No binding operation in progress");
      return;
    }
    LOG.info(
        "Waiting up to {} for the binding operations in progress: {}",
        spoken(deadline),
        operations.stream()
            .map(BindingEngine.Operation::description)
            .collect(Collectors.joining(", ")));
    CompletableFuture<?> all =
        CompletableFuture.allOf(
            operations.stream()
                .map(BindingEngine.Operation::done)
                .toArray(CompletableFuture[]::new));
    try {
      all.get(deadline.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException | TimeoutException e) {
      // each one's outcome is told below
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    for (BindingEngine.Operation op : operations) {
      if (op.done().isDone()) {
        LOG.info("{}", outcome(op));
      } else {
        LOG.warn(
            "{} did not finish within {} and is cut short: the next start's reconciliation finishes or rolls it"
                + " back from the journal and what the switch holds",
            capitalized(op.description()),
            spoken(deadline));
      }
    }
  }

  /**
   * Waits for firmware work under way. Cut short, a chip keeps running (and booting) the copy it
   * ran: an update writes only the other copy and makes it boot next as its last step, so a
   * half-written copy is never started.
   */
  private void awaitFirmware() {
    java.util.Set<String> updating = updatingSwitches.get();
    if (updating.isEmpty()) {
      return;
    }
    LOG.info(
        "Waiting up to {} for the firmware work in progress on {}",
        spoken(deadline),
        String.join(", ", new java.util.TreeSet<>(updating)));
    long end = System.nanoTime() + deadline.toNanos();
    while (!updatingSwitches.get().isEmpty() && System.nanoTime() < end) {
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    java.util.Set<String> left = updatingSwitches.get();
    if (left.isEmpty()) {
      LOG.info("The firmware work in progress finished");
    } else {
      LOG.warn(
          "The firmware work on {} did not finish within {} and is cut short: each chip keeps the copy it runs;"
              + " the update must be started again",
          String.join(", ", new java.util.TreeSet<>(left)),
          spoken(deadline));
    }
  }

  /** What became of {@code op}, which has ended, in one sentence for the log. */
  private String outcome(BindingEngine.Operation op) {
    SlotBinding now = bindingOf.apply(op.slot());
    String where =
        "slot "
            + op.slot()
            + " is "
            + switch (now.state()) {
              case BOUND -> "bound to " + now.host().orElse("?");
              case UNBOUND -> "not bound";
              case FAILED -> "in an unknown state, which the next start reconciles with the switch";
              case BINDING, UNBINDING -> "still changing";
            };
    try {
      op.done().join();
      return capitalized(op.description()) + " finished: " + where;
    } catch (CompletionException | CancellationException e) {
      Throwable reason = e.getCause() == null ? e : e.getCause();
      return capitalized(op.description())
          + (now.state() == SlotBinding.State.FAILED
              ? " failed ("
              : " failed and" + " was rolled back (")
          + reason.getMessage()
          + "): "
          + where;
    }
  }

  private static String spoken(Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
  }

  private static String capitalized(String s) {
    return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }

  private static void closeQuietly(AutoCloseable closeable, String what) {
    try {
      closeable.close();
    } catch (Exception e) {
      LOG.warn("Stopping: closing {} failed", what, e);
    }
  }
}
