package io.gpuchassis.agent.redfish.managers;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A restart of the agent asked for with Manager.Reset. The service that runs the agent ({@code
 * AgentService}) attaches its graceful stop, the path SIGTERM takes; once stopped, the process
 * exits with {@code Main.EXIT_RESTART}, which the packaged unit restarts on. Without a service
 * attached (the agent started in-process by tests or tools) nothing could start the agent again,
 * and a reset is refused.
 */
public final class ManagerRestart {

  private static final Logger LOG = LoggerFactory.getLogger(ManagerRestart.class);

  private volatile Consumer<String> stop;
  private final AtomicBoolean requested = new AtomicBoolean();

  /** {@code stop} stops the agent cleanly for the reason given and returns once it has stopped. */
  public void attach(Consumer<String> stop) {
    this.stop = stop;
  }

  boolean available() {
    return stop != null;
  }

  /**
   * Starts the stop on a thread of its own: the caller (an event loop) must not wait for it, since
   * the stop closes Vert.x. A second request while one is under way changes nothing.
   */
  public void request(String why) {
    Consumer<String> s = stop;
    if (s == null || !requested.compareAndSet(false, true)) {
      return;
    }
    LOG.warn("Restarting: {}", why);
    Thread t = new Thread(() -> s.accept(why), "agent-restart");
    t.start();
  }

  /**
   * Whether the agent stopped (or is stopping) to be started again: the process then exits with the
   * restart code.
   */
  public boolean requested() {
    return requested.get();
  }
}
