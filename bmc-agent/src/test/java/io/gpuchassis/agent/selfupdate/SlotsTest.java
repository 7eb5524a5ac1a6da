package io.gpuchassis.agent.selfupdate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The boot state the agent shares with its launcher, and the slot rules built on it. */
class SlotsTest {

  @TempDir Path folder;

  private Path stateFile() {
    return folder.resolve(BootState.FILE);
  }

  /** As the launcher writes: one appended line per key. */
  private void append(String lines) throws Exception {
    Files.writeString(
        stateFile(),
        lines,
        StandardCharsets.UTF_8,
        StandardOpenOption.CREATE,
        StandardOpenOption.APPEND);
  }

  @Test
  void the_last_line_of_a_key_wins_and_lines_that_are_not_keys_are_skipped() throws Exception {
    append(
        "primary=A\nA.state=pending\nattempts=1\nnot a key line\nattempts=2\nA.state=bad\nprimary=B\n");
    BootState state = BootState.read(stateFile());
    assertEquals(Slot.B, state.primary());
    assertEquals(SlotStatus.BAD, state.status(Slot.A));
    assertEquals(2, state.attempts());
    assertEquals(SlotStatus.EMPTY, state.status(Slot.B));
  }

  @Test
  void a_missing_file_is_the_package_running_alone() throws Exception {
    Slots slots = Slots.open(folder, Slot.PACKAGE);
    assertEquals(Slot.PACKAGE, slots.state().primary());
    assertEquals(Slot.A, slots.installTarget());
    assertFalse(slots.onTrial());
  }

  @Test
  void an_activated_slot_is_primary_on_trial_until_marked_good() throws Exception {
    Slots running = Slots.open(folder, Slot.PACKAGE);
    running.activate(Slot.A, "0.2.0");
    // the launcher's view of the file: what it reads at the next start
    BootState read = BootState.read(stateFile());
    assertEquals(Slot.A, read.primary());
    assertEquals(SlotStatus.PENDING, read.status(Slot.A));
    assertEquals(Optional.of("0.2.0"), read.version(Slot.A));
    assertEquals(0, read.attempts());

    append("attempts=1\n");
    Slots next = Slots.open(folder, Slot.A);
    assertTrue(next.onTrial());
    next.markGood();
    BootState good = BootState.read(stateFile());
    assertEquals(SlotStatus.GOOD, good.status(Slot.A));
    assertEquals(0, good.attempts());
    assertFalse(Slots.open(folder, Slot.A).onTrial());
  }

  @Test
  void an_update_writes_the_slot_that_does_not_run_and_keeps_a_good_one_to_fall_back_to()
      throws Exception {
    assertEquals(Slot.B, Slots.open(folder, Slot.A).installTarget());
    assertEquals(Slot.A, Slots.open(folder, Slot.B).installTarget());
    append("A.state=good\n");
    // the package runs (after a fallback, or an upgrade of the package): slot A stays to fall back
    // to
    assertEquals(Slot.B, Slots.open(folder, Slot.PACKAGE).installTarget());
  }

  @Test
  void clearing_the_primary_to_rewrite_it_makes_the_running_slot_primary_again() throws Exception {
    Slots slots = Slots.open(folder, Slot.A);
    slots.activate(Slot.B, "0.3.0");
    slots.clear(Slot.B);
    BootState read = BootState.read(stateFile());
    assertEquals(Slot.A, read.primary());
    assertEquals(SlotStatus.EMPTY, read.status(Slot.B));
    assertEquals(Optional.empty(), read.version(Slot.B));
  }

  @Test
  void a_fallback_is_reported_once_and_what_the_agent_reads_is_recorded_for_the_launcher()
      throws Exception {
    append("primary=B\nB.state=good\nA.state=bad\nfallback=A\n");
    Slots slots = Slots.open(folder, Slot.B);
    slots.recordStart(7, 6);
    assertEquals(Optional.of(Slot.A), slots.takeFallback());
    assertEquals(Optional.empty(), slots.takeFallback());
    BootState read = BootState.read(stateFile());
    assertEquals(Optional.empty(), read.fallback());
    assertEquals(Optional.of("7"), read.get("B.schema"));
    assertEquals(Optional.of("6"), read.get("db.schema"));
    // the rewrite keeps what the launcher wrote
    assertEquals(SlotStatus.BAD, read.status(Slot.A));
    assertEquals(Slot.B, read.primary());
    assertFalse(Files.exists(folder.resolve(BootState.FILE + ".tmp")));
  }
}
