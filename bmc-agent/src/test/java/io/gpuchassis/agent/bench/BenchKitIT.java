package io.gpuchassis.agent.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Keeps the benchmark kit (bench/run.sh) honest without running a benchmark: its self-test checks
 * that every script parses and that its functions read recorded wrk and jcmd outputs, judge them
 * against issue 16's targets and write docs/PERFORMANCE.md's section as they should. It needs
 * neither wrk nor nginx, and asserts nothing about speed.
 */
class BenchKitIT {

  @Test
  void the_benchmark_kit_passes_its_self_test() throws IOException, InterruptedException {
    Path repository = Path.of("").toAbsolutePath().getParent();
    Process selfTest =
        new ProcessBuilder("bash", repository.resolve("bench/self-test.sh").toString())
            .redirectErrorStream(true)
            .start();
    // generous: the checks take about a second; the deadline only guards against a hang
    assertTrue(selfTest.waitFor(2, TimeUnit.MINUTES), "bench/self-test.sh did not finish");
    String output = new String(selfTest.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, selfTest.exitValue(), () -> "bench/self-test.sh failed:\n" + output);
    assertTrue(output.contains("all checks passed"), output);
  }
}
