package io.gpuchassis.agent.service;

import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;

/**
 * Catches the signals that ask the agent to stop. Left to the JVM, SIGTERM runs the shutdown hooks
 * and then ends the process with 143 (128 + 15), which systemd reports as a failure unless told
 * otherwise; handled here, the agent stops cleanly and exits 0. {@code sun.misc.Signal} is the
 * JDK's only API for this: it lives in the {@code jdk.unsupported} module, which every JDK 17
 * runtime has and exports, and is used by JLine and Netty alike. Each signal runs its handler on a
 * fresh thread, so a second SIGTERM during a long shutdown is seen (and logged).
 */
final class StopSignals {

  private static final Logger LOG = LoggerFactory.getLogger(StopSignals.class);

  private StopSignals() {}

  /**
   * Calls {@code onSignal} with "SIGTERM" (and so on) whenever one of {@code names} ("TERM", "INT")
   * arrives.
   */
  static void install(List<String> names, Consumer<String> onSignal) {
    for (String name : names) {
      try {
        Signal.handle(new Signal(name), signal -> onSignal.accept("SIG" + signal.getName()));
      } catch (IllegalArgumentException e) {
        // The JVM keeps a signal for itself (e.g. started with -Xrs): its default action stays.
        LOG.warn("Cannot handle SIG{}: {}", name, e.getMessage());
      }
    }
  }
}
