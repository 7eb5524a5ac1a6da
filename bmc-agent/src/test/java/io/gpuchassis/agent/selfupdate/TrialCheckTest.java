package io.gpuchassis.agent.selfupdate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A slot on trial is marked good only when every check has passed, and fails at its deadline. */
class TrialCheckTest {

  @TempDir Path folder;

  private Slots onTrial() throws Exception {
    Slots.open(folder, Slot.PACKAGE).activate(Slot.A, "0.2.0");
    Slots slots = Slots.open(folder, Slot.A);
    assertTrue(slots.onTrial());
    return slots;
  }

  private static TrialCheck.Check passing(String name) {
    return new TrialCheck.Check(name, () -> CompletableFuture.completedFuture(Optional.empty()));
  }

  @Test
  void a_check_that_passes_on_a_later_round_marks_the_slot_good_then() throws Exception {
    Slots slots = onTrial();
    AtomicInteger rounds = new AtomicInteger();
    TrialCheck.Check late =
        new TrialCheck.Check(
            "sensors",
            () ->
                CompletableFuture.completedFuture(
                    rounds.incrementAndGet() < 2 ? Optional.of("not read yet") : Optional.empty()));
    CompletableFuture<String> passed = new CompletableFuture<>();
    CompletableFuture<String> failed = new CompletableFuture<>();
    try (TrialCheck trial =
        TrialCheck.start(
            slots,
            List.of(passing("redfish"), late),
            Duration.ofMinutes(5),
            passed::complete,
            failed::complete)) {
      String what = passed.get(30, TimeUnit.SECONDS);
      assertTrue(what.contains("redfish") && what.contains("sensors"), what);
    }
    assertEquals(2, rounds.get());
    assertEquals(SlotStatus.GOOD, BootState.read(folder.resolve(BootState.FILE)).status(Slot.A));
    assertTrue(!failed.isDone());
  }

  @Test
  void a_check_that_never_passes_fails_the_trial_at_the_deadline_and_marks_nothing()
      throws Exception {
    Slots slots = onTrial();
    TrialCheck.Check never =
        new TrialCheck.Check(
            "every switch read",
            () -> CompletableFuture.completedFuture(Optional.of("no answer from SW2")));
    CompletableFuture<String> passed = new CompletableFuture<>();
    CompletableFuture<String> failed = new CompletableFuture<>();
    try (TrialCheck trial =
        TrialCheck.start(
            slots,
            List.of(passing("redfish"), never),
            Duration.ofSeconds(1),
            passed::complete,
            failed::complete)) {
      String why = failed.get(30, TimeUnit.SECONDS);
      assertEquals("every switch read: no answer from SW2", why);
    }
    assertTrue(!passed.isDone());
    assertEquals(SlotStatus.PENDING, BootState.read(folder.resolve(BootState.FILE)).status(Slot.A));
  }

  @Test
  void a_check_that_never_answers_is_cut_off_at_the_deadline() throws Exception {
    Slots slots = onTrial();
    TrialCheck.Check hangs = new TrialCheck.Check("Redfish served", CompletableFuture::new);
    CompletableFuture<String> failed = new CompletableFuture<>();
    try (TrialCheck trial =
        TrialCheck.start(slots, List.of(hangs), Duration.ofSeconds(1), w -> {}, failed::complete)) {
      assertEquals(
          "Redfish served: no answer before the deadline", failed.get(30, TimeUnit.SECONDS));
    }
  }
}
