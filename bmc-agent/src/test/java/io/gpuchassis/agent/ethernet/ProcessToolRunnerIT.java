package io.gpuchassis.agent.ethernet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The real runner with real child processes (sh), as it runs ethtool on the board. */
class ProcessToolRunnerIT {

  private final ProcessToolRunner runner = new ProcessToolRunner(Duration.ofSeconds(20));

  @Test
  void answers_what_the_tool_printed_even_beyond_what_a_pipe_holds() throws IOException {
    assertEquals("NIC statistics:\n", runner.run(List.of("printf", "NIC statistics:\\n")));
    // 200,000 lines, ~2 MB: a pipe (64 KiB) would fill while the runner waits for the exit.
    String many = runner.run(List.of("sh", "-c", "seq 1 200000"));
    assertTrue(many.endsWith("200000\n"), "all of it");
  }

  @Test
  void a_failure_says_what_the_tool_printed_on_standard_error() {
    IOException e =
        assertThrows(
            IOException.class,
            () ->
                runner.run(
                    List.of(
                        "sh",
                        "-c",
                        "echo ignored; echo 'Attribute write:' >&2;"
                            + " echo ' Operation not supported' >&2; exit 1")));
    assertTrue(
        e.getMessage().endsWith("exited with 1: Attribute write: / Operation not supported"),
        e.getMessage());
  }

  @Test
  void a_tool_that_fails_or_hangs_is_an_io_error_and_the_hung_one_is_killed() {
    assertThrows(IOException.class, () -> runner.run(List.of("sh", "-c", "exit 1")));
    assertThrows(IOException.class, () -> runner.run(List.of("no-such-tool-anywhere")));
    ProcessToolRunner impatient = new ProcessToolRunner(Duration.ofMillis(300));
    long started = System.nanoTime();
    assertThrows(IOException.class, () -> impatient.run(List.of("sleep", "60")));
    // Killed at its timeout, not waited out: far below the 60 s it would sleep.
    assertTrue(Duration.ofNanos(System.nanoTime() - started).toSeconds() < 30);
  }
}
