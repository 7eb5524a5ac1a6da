package io.gpuchassis.agent.it;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * {@code bmc-agent simulate --board FILE --speed fast} in a process of its own, as an operator runs
 * it beside a real-mode agent. {@link #start} returns once the simulator said SIMULATOR READY; its
 * output is drained after that, so it never blocks on a full pipe.
 */
final class SimulatorProcess implements AutoCloseable {

  private final Process process;
  private final List<String> announced;

  private SimulatorProcess(Process process, List<String> announced) {
    this.process = process;
    this.announced = announced;
  }

  static SimulatorProcess start(Path board) throws Exception {
    Process process =
        new ProcessBuilder(
                ChildJvm.command(
                    "io.gpuchassis.agent.Main",
                    "simulate",
                    "--board",
                    board.toString(),
                    "--speed",
                    "fast"))
            .redirectErrorStream(true)
            .start();
    BufferedReader lines =
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    try {
      List<String> announced =
          CompletableFuture.supplyAsync(() -> untilReady(lines)).get(60, TimeUnit.SECONDS);
      drain(lines);
      return new SimulatorProcess(process, announced);
    } catch (Exception e) {
      process.destroyForcibly();
      throw e;
    }
  }

  /** The lines it printed up to and with SIMULATOR READY: one per chip and how it is served. */
  List<String> announced() {
    return announced;
  }

  /** Kills it at once, as a crash would, and waits until it is gone. */
  void kill() throws InterruptedException {
    process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
  }

  @Override
  public void close() {
    process.destroyForcibly();
  }

  private static List<String> untilReady(BufferedReader lines) {
    List<String> seen = new ArrayList<>();
    try {
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        seen.add(line);
        if (line.equals("SIMULATOR READY")) {
          return seen;
        }
      }
    } catch (IOException e) {
      seen.add(e.toString());
    }
    throw new IllegalStateException("the simulator stopped before it was ready: " + seen);
  }

  private static void drain(BufferedReader lines) {
    Thread drain =
        new Thread(
            () -> {
              try {
                while (lines.readLine() != null) {
                  // discarded
                }
              } catch (IOException ignored) {
                // the simulator was stopped
              }
            },
            "simulator-output");
    drain.setDaemon(true);
    drain.start();
  }
}
