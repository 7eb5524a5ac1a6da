package io.gpuchassis.agent.service;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.board.BoardDescription;
import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.fabric.SwitchWorkers;
import io.gpuchassis.agent.sim.SimulatedFabric;
import io.gpuchassis.agent.sim.SimulatedPlatform;
import io.gpuchassis.switchdrv.DriverOptions;
import io.gpuchassis.switchdrv.sim.SimTiming;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * A switch worker counts as alive while its polls keep ending; one held by a hanging command does
 * not.
 */
class SwitchWorkersCheckTest {

  @Test
  void a_worker_held_by_a_hanging_command_is_reported_and_recovers_when_it_ends() throws Exception {
    BoardDescription board = BoardDescription.reference();
    try (SimulatedFabric fabric = SimulatedFabric.start(board, SimTiming.instant())) {
      ChassisModel model = new ChassisModel(SimulatedPlatform.simulatedChassis(board));
      try (SwitchWorkers workers =
          SwitchWorkers.start(
              model,
              id ->
                  fabric.connect(
                      id, DriverOptions.defaults().withCommandTimeout(Duration.ofSeconds(1))),
              Clock.systemUTC(),
              Duration.ofMillis(50))) {
        SwitchWorkersCheck check = new SwitchWorkersCheck(workers, Duration.ofMillis(300));
        awaitProblem(check, Optional::isEmpty, "healthy at start");

        CountDownLatch hang = new CountDownLatch(1);
        workers
            .worker("SW1")
            .orElseThrow()
            .submit(
                driver -> {
                  try {
                    hang.await();
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt(); // the worker closes
                  }
                  return null;
                });
        // Awaited, not read once: on a loaded machine another worker's poll can be late for a
        // moment too, and only the first problem is told.
        Optional<String> stuck =
            awaitProblem(
                check,
                p -> p.orElse("").startsWith("switch SW1 has not been polled for"),
                "the hanging worker reported");
        assertTrue(stuck.get().endsWith("its worker is stuck"), stuck.get());

        hang.countDown();
        awaitProblem(check, Optional::isEmpty, "healthy again once the command ends");

        workers.worker("SW2").orElseThrow().close();
        awaitProblem(
            check,
            p -> p.orElse("").contains("the worker of switch SW2 has stopped"),
            "the stopped worker reported");
      }
    }
  }

  private static Optional<String> awaitProblem(
      SwitchWorkersCheck check, Predicate<Optional<String>> wanted, String what)
      throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (true) {
      Optional<String> problem = check.problem();
      if (wanted.test(problem)) {
        return problem;
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not " + what + ": " + problem);
      }
      Thread.sleep(20);
    }
  }
}
