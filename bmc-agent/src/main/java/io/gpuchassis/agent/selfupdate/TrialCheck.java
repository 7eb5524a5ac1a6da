package io.gpuchassis.agent.selfupdate;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides whether an agent started from a slot on trial may keep it: every check must pass within
 * the deadline (Redfish served, every switch and sensor read, the journal replayed), and then the
 * slot is marked good. A check that fails is tried again every second. Past the deadline the trial
 * has failed: {@code failed} is told why, and stops the agent so that the launcher counts the start
 * and, once the slot's attempts are spent, falls back to the other slot.
 */
public final class TrialCheck implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(TrialCheck.class);
  private static final String NOT_CHECKED = "not checked yet";

  /** A named check: completes with empty when it passes, or with why it does not. */
  public record Check(String name, Supplier<CompletableFuture<Optional<String>>> run) {}

  private final Slots slots;
  private final List<Check> checks;
  private final long deadlineNanos;
  private final Consumer<String> passed;
  private final Consumer<String> failed;

  /** Each check that has not passed at its latest run, with why; at first, every check. */
  private final Map<String, String> failing = new LinkedHashMap<>();

  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "slot-trial");
            t.setDaemon(true);
            return t;
          });

  private TrialCheck(
      Slots slots,
      List<Check> checks,
      Duration deadline,
      Consumer<String> passed,
      Consumer<String> failed) {
    this.slots = slots;
    this.checks = List.copyOf(checks);
    this.deadlineNanos = System.nanoTime() + deadline.toNanos();
    this.passed = passed;
    this.failed = failed;
    checks.forEach(check -> failing.put(check.name(), NOT_CHECKED));
  }

  /**
   * Starts the trial of the running slot.
   *
   * @param passed told what was checked once the slot is marked good
   * @param failed told why once the deadline has passed without every check passing
   */
  public static TrialCheck start(
      Slots slots,
      List<Check> checks,
      Duration deadline,
      Consumer<String> passed,
      Consumer<String> failed) {
    TrialCheck trial = new TrialCheck(slots, checks, deadline, passed, failed);
    trial.timer.execute(trial::round);
    return trial;
  }

  /**
   * One round: every check once, all started together so that a slow one (a switch that does not
   * answer) leaves the others their time; each awaited as long as time is left. A check the
   * deadline cuts short keeps what its previous run found, which says more than that it was cut
   * short. All passing marks the slot good, else another round in 1 s, or the end at the deadline
   * with what still fails.
   */
  private void round() {
    List<CompletableFuture<Optional<String>>> running = new ArrayList<>();
    for (Check check : checks) {
      running.add(started(check));
    }
    for (int i = 0; i < checks.size(); i++) {
      String name = checks.get(i).name();
      Optional<String> problem;
      try {
        long left = Math.max(0, deadlineNanos - System.nanoTime());
        problem = running.get(i).get(left, TimeUnit.NANOSECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      } catch (java.util.concurrent.TimeoutException e) {
        String before = failing.get(name);
        problem =
            Optional.of(
                before == null || before.equals(NOT_CHECKED)
                    ? "no answer before the deadline"
                    : before);
      } catch (Exception e) {
        problem = Optional.of(String.valueOf(e.getCause() != null ? e.getCause() : e));
      }
      if (problem.isPresent()) {
        failing.put(name, problem.get());
      } else {
        failing.remove(name);
      }
    }
    if (failing.isEmpty()) {
      try {
        slots.markGood();
      } catch (IOException e) {
        failed.accept("the boot state cannot be written: " + e.getMessage());
        return;
      }
      String what = checks.stream().map(Check::name).toList().toString();
      LOG.info("Slot {} marked good: {} passed", slots.running(), what);
      passed.accept(what);
      return;
    }
    List<String> now = new ArrayList<>();
    failing.forEach((name, problem) -> now.add(name + ": " + problem));
    if (System.nanoTime() - deadlineNanos >= 0) {
      LOG.error("Slot {} did not prove itself in time: {}", slots.running(), now);
      failed.accept(String.join("; ", now));
      return;
    }
    LOG.debug("Slot {} on trial, not yet: {}", slots.running(), now);
    timer.schedule(this::round, 1, TimeUnit.SECONDS);
  }

  /** {@code check} started; one whose start throws has failed with that. */
  private static CompletableFuture<Optional<String>> started(Check check) {
    try {
      return check.run().get();
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
