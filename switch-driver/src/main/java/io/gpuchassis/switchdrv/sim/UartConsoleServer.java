package io.gpuchassis.switchdrv.sim;

import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.transport.uart.SerialLink;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves a chip's {@link UartConsole} on a serial link: a daemon thread reads what the host sends
 * and writes the console's answers back ({@link PtyConsole} serves it on a pseudo-terminal of its
 * own). {@link #close()} stops the thread and closes the link.
 */
public final class UartConsoleServer implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(UartConsoleServer.class);

  private final SerialLink link;
  private final UartConsole console;
  private final Thread thread;
  private volatile boolean running = true;

  private UartConsoleServer(SimulatedSwitch chip, SerialLink link) {
    this.link = link;
    this.console = new UartConsole(chip);
    this.thread = new Thread(this::pump, "uart-console-" + chip.name());
    this.thread.setDaemon(true);
  }

  /** Serves {@code chip} on an already open link. */
  public static UartConsoleServer serve(SimulatedSwitch chip, SerialLink link) {
    UartConsoleServer s = new UartConsoleServer(chip, link);
    s.thread.start();
    return s;
  }

  private void pump() {
    byte[] buf = new byte[4096];
    while (running) {
      try {
        int n = link.read(buf, 100);
        if (n < 0) {
          return;
        }
        if (n > 0) {
          byte[] out = console.feed(buf, n);
          if (out.length > 0) {
            link.write(out);
          }
        }
      } catch (SwitchException e) {
        if (running) {
          LOG.warn("UART console link failed: {}", e.getMessage());
        }
        return;
      }
    }
  }

  @Override
  public void close() {
    running = false;
    try {
      thread.join(1000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    link.close();
  }
}
