package io.gpuchassis.agent.ethernet;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a tool as a child process: its standard output is the answer, its standard error is
 * discarded, and a tool that has not finished within the timeout is killed (a hung driver query
 * must not hold the sampler). The output goes to a file, not a pipe, so a tool that prints more
 * than a pipe holds never blocks while it is waited for.
 */
public final class ProcessToolRunner implements ToolRunner {

  /** Bounds what is read, far above what {@code ethtool -S} prints for one port. */
  private static final long MAX_OUTPUT = 1 << 22;

  private final Duration timeout;

  public ProcessToolRunner(Duration timeout) {
    this.timeout = timeout;
  }

  @Override
  public String run(List<String> command) throws IOException {
    Path output = Files.createTempFile("tool-", ".out");
    Process process = null;
    try {
      process =
          new ProcessBuilder(command)
              .redirectOutput(output.toFile())
              .redirectError(ProcessBuilder.Redirect.DISCARD)
              .start();
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        throw new IOException(command.get(0) + " did not finish within " + timeout);
      }
      if (process.exitValue() != 0) {
        throw new IOException(command + " exited with " + process.exitValue());
      }
      if (Files.size(output) > MAX_OUTPUT) {
        throw new IOException(command.get(0) + " printed more than " + MAX_OUTPUT + " bytes");
      }
      return Files.readString(output, StandardCharsets.UTF_8);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while running " + command.get(0), e);
    } finally {
      if (process != null) {
        process.destroyForcibly();
      }
      Files.deleteIfExists(output);
    }
  }
}
