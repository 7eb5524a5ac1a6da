package io.gpuchassis.agent;

import io.gpuchassis.agent.board.BoardDescription;
import io.gpuchassis.agent.http.RedfishServer;
import io.gpuchassis.agent.store.AgentStore;
import org.slf4j.LoggerFactory;

/**
 * Work every start needs and no option changes, begun on a thread of its own as soon as the JVM
 * runs {@link Main}: while the main thread reads the command line and the configuration, the second
 * core is otherwise idle. Each step is a class or library initialisation that the start would do
 * anyway; the start does not wait for this thread, and finds done whatever it finished.
 */
final class StartupWarmUp {

  private StartupWarmUp() {}

  /** Starts the warm-up on a daemon thread (a tool or {@code --help} exits without waiting). */
  static Thread begin() {
    Thread thread = new Thread(StartupWarmUp::run, "startup-warm-up");
    thread.setDaemon(true);
    thread.start();
    return thread;
  }

  /** In the order the start needs them: the board file first, the first TLS connection last. */
  static void run() {
    try {
      BoardDescription.prepareReader();
      AgentStore.loadNativeLibrary();
      RedfishServer.prepareTls();
    } catch (RuntimeException | LinkageError e) {
      // the start meets the same problem where it does this work itself, and reports it there
      LoggerFactory.getLogger(StartupWarmUp.class)
          .debug("start-up warm-up stopped: {}", e.toString());
    }
  }
}
