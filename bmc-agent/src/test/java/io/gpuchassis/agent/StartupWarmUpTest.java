package io.gpuchassis.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.board.BoardDescription;
import org.junit.jupiter.api.Test;

/** The start-up warm-up: off the main thread, never holding the process, leaving things usable. */
class StartupWarmUpTest {

  @Test
  void runs_on_a_daemon_thread_of_its_own_and_ends() throws Exception {
    Thread thread = StartupWarmUp.begin();
    assertEquals("startup-warm-up", thread.getName());
    assertTrue(thread.isDaemon(), "a tool or --help exits without waiting for it");
    thread.join(120_000);
    assertFalse(thread.isAlive());
  }

  @Test
  void the_board_reader_it_readied_reads_boards() {
    StartupWarmUp.run();
    assertEquals(20, BoardDescription.reference().slots().size());
  }
}
