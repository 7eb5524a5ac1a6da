package io.gpuchassis.agent.ethernet;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a tool as a child process: its standard output is the answer; its standard error only
 * explains a failure (the first {@value #MAX_ERROR} characters of it end the exception's message:
 * {@code dcb} and {@code tc} say there why the kernel refused), and a tool that has not finished
 * within the timeout is killed (a hung driver query must not hold the sampler). Both go to files,
 * not pipes, so a tool that prints more than a pipe holds never blocks while it is waited for.
 */
public final class ProcessToolRunner implements ToolRunner {

  /** Bounds what is read, far above what {@code ethtool -S} prints for one port. */
  private static final long MAX_OUTPUT = 1 << 22;

  /** How much of standard error a failure's message quotes. */
  static final int MAX_ERROR = 500;

  private final Duration timeout;

  public ProcessToolRunner(Duration timeout) {
    this.timeout = timeout;
  }

  @Override
  public String run(List<String> command) throws IOException {
    Path output = Files.createTempFile("tool-", ".out");
    Path error = Files.createTempFile("tool-", ".err");
    Process process = null;
    try {
      process =
          new ProcessBuilder(command)
              .redirectOutput(output.toFile())
              .redirectError(error.toFile())
              .start();
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        throw new IOException(command.get(0) + " did not finish within " + timeout);
      }
      if (process.exitValue() != 0) {
        String said = stderr(error);
        throw new IOException(
            command + " exited with " + process.exitValue() + (said.isEmpty() ? "" : ": " + said));
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
      Files.deleteIfExists(error);
    }
  }

  /** The start of what the tool said on standard error, on one line. */
  private static String stderr(Path error) throws IOException {
    byte[] head;
    try (var in = Files.newInputStream(error)) {
      head = in.readNBytes(MAX_ERROR);
    }
    return new String(head, StandardCharsets.UTF_8).strip().replaceAll("\\s*\\n\\s*", " / ");
  }
}
