package io.gpuchassis.companion;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs a host tool and gives its standard output. Injectable so that tests replay recorded outputs
 * instead of needing the tool.
 */
@FunctionalInterface
public interface CommandRunner {

  /** The output of {@code command}; empty when it is not installed, fails or takes too long. */
  Optional<String> run(List<String> command);

  /** Runs the command as a child process, for at most {@code timeout}. */
  static CommandRunner processes(Duration timeout) {
    return command -> {
      Process process;
      try {
        process =
            new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .start();
      } catch (IOException e) {
        return Optional.empty(); // not installed
      }
      try {
        // nvidia-smi -L prints a few lines: they fit the pipe, so reading after the exit is safe
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
          process.destroyForcibly();
          return Optional.empty();
        }
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return process.exitValue() == 0 ? Optional.of(out) : Optional.empty();
      } catch (IOException e) {
        return Optional.empty();
      } catch (InterruptedException e) {
        process.destroyForcibly();
        Thread.currentThread().interrupt();
        return Optional.empty();
      }
    };
  }
}
