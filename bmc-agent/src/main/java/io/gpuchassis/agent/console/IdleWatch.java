package io.gpuchassis.agent.console;

import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.jline.terminal.Terminal;

/**
 * Ends a session left idle at a prompt: when nothing was typed for the idle timeout it raises an
 * interrupt on the terminal, which makes the waiting prompt give up (as ^C would), and remembers
 * that it did so the session can tell the two apart and log the user out.
 */
final class IdleWatch {

  private final ScheduledExecutorService timer;
  private final Terminal terminal;
  private final Duration timeout;
  private ScheduledFuture<?> pending;
  private volatile boolean expired;

  IdleWatch(ScheduledExecutorService timer, Terminal terminal, Duration timeout) {
    this.timer = timer;
    this.terminal = terminal;
    this.timeout = timeout;
  }

  /** A prompt is shown: the clock starts. */
  synchronized void waiting() {
    stopped();
    pending =
        timer.schedule(
            () -> {
              expired = true;
              terminal.raise(Terminal.Signal.INT);
            },
            timeout.toMillis(),
            TimeUnit.MILLISECONDS);
  }

  /** The prompt was answered: the clock stops. */
  synchronized void stopped() {
    if (pending != null) {
      pending.cancel(false);
      pending = null;
    }
  }

  boolean expired() {
    return expired;
  }

  Duration timeout() {
    return timeout;
  }
}
