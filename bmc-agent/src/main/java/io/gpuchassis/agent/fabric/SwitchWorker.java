package io.gpuchassis.agent.fabric;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.SwitchObservation;
import io.gpuchassis.switchdrv.SwitchDriver;
import io.gpuchassis.switchdrv.SwitchException;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one owner of a switch: a dedicated thread that polls it at a fixed interval and runs the
 * commands submitted to it, one at a time (the switch's mailbox holds one command anyway). Every
 * poll's result, good or failed, goes to the {@link ChassisModel}; a failure is logged when it
 * starts and when it ends, not at every poll.
 */
public final class SwitchWorker implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(SwitchWorker.class);

  private final String switchId;
  private final SwitchDriver driver;
  private final SwitchObserver observer;
  private final ChassisModel model;
  private final Clock clock;
  private final Duration interval;
  private final ScheduledExecutorService thread;
  private volatile String lastFailure;
  private volatile Thread runner;

  /** When the last poll ended, good or failed (System.nanoTime); the start counts as one. */
  private volatile long lastPollEnded = System.nanoTime();

  public SwitchWorker(
      String switchId,
      SwitchDriver driver,
      java.util.Collection<Integer> wiredPorts,
      ChassisModel model,
      Clock clock,
      Duration interval) {
    this.switchId = switchId;
    this.driver = driver;
    this.observer = new SwitchObserver(switchId, wiredPorts, clock);
    this.model = model;
    this.clock = clock;
    this.interval = interval;
    this.thread =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "switch-" + switchId);
              t.setDaemon(true);
              runner = t;
              return t;
            });
  }

  public String switchId() {
    return switchId;
  }

  /** Starts polling: the first poll runs at once. */
  public void start() {
    lastPollEnded = System.nanoTime();
    thread.scheduleWithFixedDelay(this::pollSafely, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** Polls now, on the worker thread; completes when the observation is in the model. */
  public CompletableFuture<Void> pollNow() {
    return CompletableFuture.runAsync(this::pollSafely, thread);
  }

  /** Runs {@code command} against the driver on the worker thread, between polls. */
  public <T> CompletableFuture<T> submit(Function<SwitchDriver, T> command) {
    return CompletableFuture.supplyAsync(() -> command.apply(driver), thread);
  }

  /** The thread the driver runs on, for callers that chain blocking work after a command. */
  public ExecutorService executor() {
    return thread;
  }

  /**
   * Empty while the worker is alive, else why it is not: its thread must run and its polls must
   * keep ending. Polls queue behind commands (a firmware transfer runs one block per turn, so polls
   * run between blocks), so no poll ending for {@code grace} beyond the poll interval means the
   * thread died or a command hangs.
   */
  public Optional<String> stuck(Duration grace) {
    Thread t = runner;
    if (thread.isShutdown()) {
      return Optional.of("the worker of switch " + switchId + " has stopped");
    }
    if (t != null && !t.isAlive()) {
      return Optional.of("the thread of switch " + switchId + " has died");
    }
    long quiet = System.nanoTime() - lastPollEnded;
    if (quiet > interval.plus(grace).toNanos()) {
      return Optional.of(
          "switch "
              + switchId
              + " has not been polled for "
              + TimeUnit.NANOSECONDS.toSeconds(quiet)
              + " s (every "
              + interval.toMillis()
              + " ms expected): its worker is stuck");
    }
    return Optional.empty();
  }

  private void pollSafely() {
    try {
      poll();
    } finally {
      lastPollEnded = System.nanoTime();
    }
  }

  private void poll() {
    try {
      SwitchObservation observation = observer.observe(driver);
      model.apply(state -> state.withSwitchObservation(observation));
      if (lastFailure != null) {
        LOG.info("Switch {} answers again", switchId);
        lastFailure = null;
      }
    } catch (SwitchException e) {
      recordFailure(e.getMessage());
    } catch (RuntimeException e) {
      // A driver bug must not kill the poller: report it like a fault, with the stack trace once.
      if (lastFailure == null) {
        LOG.error("Switch {} poll failed unexpectedly", switchId, e);
      }
      recordFailure("internal error: " + e);
    }
  }

  private void recordFailure(String reason) {
    if (lastFailure == null) {
      LOG.warn("Switch {} is not answering properly: {}", switchId, reason);
    }
    lastFailure = reason;
    model.apply(
        state ->
            state.withSwitchObservation(
                state
                    .switchObservation(switchId)
                    .map(previous -> previous.failed(reason))
                    .orElseGet(
                        () ->
                            new SwitchObservation(
                                switchId,
                                clock.instant(),
                                Optional.of(reason),
                                OptionalDouble.empty(),
                                Optional.empty(),
                                Optional.empty(),
                                Map.of()))));
  }

  @Override
  public void close() {
    thread.shutdownNow();
    try {
      thread.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      driver.close();
    }
  }
}
