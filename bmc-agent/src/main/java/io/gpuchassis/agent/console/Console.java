package io.gpuchassis.agent.console;

import io.gpuchassis.agent.config.ConsoleSettings;
import io.gpuchassis.agent.security.AccountActions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The technician's consoles: one thread per console line (a serial device, or the terminal that
 * started the agent), each running sessions one after another for as long as the agent runs. A
 * console does not depend on the HTTPS server: it reaches the engines directly, so it keeps working
 * when the management network does not.
 */
public final class Console implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(Console.class);

  private final List<ConsoleLine> lines;
  private final List<Thread> threads;
  private final ScheduledExecutorService timer;

  private Console(List<ConsoleLine> lines, List<Thread> threads, ScheduledExecutorService timer) {
    this.lines = lines;
    this.threads = threads;
    this.timer = timer;
  }

  /**
   * Starts a console on each of {@code devices}.
   *
   * @param settings the speed and timeouts
   */
  public static Console start(
      java.util.List<String> devices, ConsoleSettings settings, ConsoleServices services) {
    ScheduledExecutorService timer =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "console-idle");
              t.setDaemon(true);
              return t;
            });
    ConsoleLogin login = new ConsoleLogin(services.security().logins(), services.vertx());
    AccountActions accounts = new AccountActions(services.security());
    ConsoleSessions active = new ConsoleSessions();
    List<ConsoleLine> lines = new ArrayList<>();
    List<Thread> threads = new ArrayList<>();
    for (String device : devices) {
      ConsoleLine line = ConsoleLines.open(device, settings.baud());
      Thread thread =
          new Thread(
              () -> {
                try {
                  line.serve(
                      terminal ->
                          new ConsoleSession(
                                  services,
                                  login,
                                  accounts,
                                  active,
                                  timer,
                                  settings,
                                  line.address())
                              .run(terminal));
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              },
              "console " + line.address());
      thread.setDaemon(true);
      thread.start();
      if (line instanceof SerialConsoleLine) {
        LOG.info("Console on {} ({} baud, 8N1)", line.address(), settings.baud());
      }
      lines.add(line);
      threads.add(thread);
    }
    return new Console(lines, threads, timer);
  }

  @Override
  public void close() {
    lines.forEach(ConsoleLine::close);
    for (Thread t : threads) {
      try {
        t.join(2000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
    timer.shutdownNow();
  }
}
