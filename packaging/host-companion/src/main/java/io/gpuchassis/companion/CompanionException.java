package io.gpuchassis.companion;

/** Why a command did not do its work, with the exit code that says so and a sentence for people. */
public class CompanionException extends RuntimeException {

  /**
   * The command failed: the agent refused or was unreachable, a wait ran out, a file is missing.
   */
  public static final int FAILED = 1;

  /** A detach was refused because something on the host uses the GPU. */
  public static final int BUSY = 3;

  private final int exitCode;

  public CompanionException(String message) {
    this(message, FAILED);
  }

  public CompanionException(String message, int exitCode) {
    super(message);
    this.exitCode = exitCode;
  }

  public CompanionException(String message, Throwable cause) {
    super(message, cause);
    this.exitCode = FAILED;
  }

  public int exitCode() {
    return exitCode;
  }
}
