package io.gpuchassis.switchdrv.transport.uart;

import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.transport.SwitchTransport;
import io.gpuchassis.switchdrv.transport.WriteMode;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * GAS access over the Switchtec UART console (reference §1.4): {@code gasrd} in chunks of up to
 * 1024 bytes, {@code gaswr} in chunks of up to 100, each checked by its CRC and retried up to
 * {@code attempts} times on a CRC error, garble or missing prompt. On first use it silences debug
 * output ({@code pscdbg 0 all}) and turns echo off ({@code echo 0}); if echo comes back (the
 * console restarted) it turns it off again.
 *
 * <p>Built on a {@link SerialLink} the caller opened, or on a device path and baud rate ({@link
 * #open(String, int, Options)}): then the transport opens the port itself on first use and opens it
 * again after it failed (IO), so it reaches a console whose device came back under the same path (a
 * simulator restarted behind a stable pty symlink, a USB adapter re-enumerated behind a udev link).
 *
 * <p>Blocking: every command waits at most {@code ioTimeout} for its prompt. Not thread-safe.
 * Failures: TIMEOUT (no prompt after all attempts), PROTOCOL (garbled answers), IO (link closed),
 * DEVICE_ERROR 0x63006 (write outside the GAS). A {@link WriteMode#NO_RETRY} write whose answer is
 * unreadable is not repeated.
 */
public final class UartSwitchTransport implements SwitchTransport {

  /** Timing and retry limits. */
  public record Options(Duration ioTimeout, int attempts) {

    public static Options defaults() {
      return new Options(Duration.ofSeconds(5), 3);
    }
  }

  private final Supplier<SerialLink> opener;
  private final String name;
  private final Options options;
  private final byte[] buffer = new byte[4096];
  private SerialLink link;
  private boolean initialised;
  private boolean closed;

  /**
   * A transport on an open link; when the link fails it stays failed (the caller owns reopening).
   */
  public UartSwitchTransport(SerialLink link, Options options) {
    this.link = link;
    this.opener = null;
    this.name = link.description();
    this.options = options;
  }

  private UartSwitchTransport(Supplier<SerialLink> opener, String name, Options options) {
    this.opener = opener;
    this.name = name;
    this.options = options;
  }

  /**
   * A transport that opens {@code devicePath} at {@code baud} with jSerialComm itself, on first use
   * and again after the port failed. Does no I/O here.
   *
   * @throws IllegalArgumentException when {@code baud} is not positive
   */
  public static UartSwitchTransport open(String devicePath, int baud, Options options) {
    if (baud <= 0) {
      throw new IllegalArgumentException("baud rate must be positive: " + baud);
    }
    return new UartSwitchTransport(
        () -> JSerialCommLink.open(devicePath, baud), "serial " + devicePath, options);
  }

  // The open link; opens it (and forgets the console's echo state) when the transport owns the
  // path.
  private SerialLink link() {
    if (closed) {
      throw new SwitchException(SwitchException.Kind.IO, "transport closed");
    }
    if (link == null) {
      link = opener.get(); // only a transport that owns its path ever drops its link
      initialised = false;
    }
    return link;
  }

  private void initialise() {
    if (!initialised) {
      exchange("pscdbg 0 all\r");
      exchange("echo 0\r");
      initialised = true;
    }
  }

  @Override
  public byte[] read(int offset, int length) {
    initialise();
    byte[] out = new byte[length];
    for (int done = 0; done < length; done += UartFraming.MAX_READ) {
      int n = Math.min(UartFraming.MAX_READ, length - done);
      int off = offset + done;
      String cmd = UartFraming.readCommand(off, n);
      byte[] chunk =
          withAttempts(options.attempts(), () -> UartFraming.parseReadReply(exchange(cmd), off, n));
      System.arraycopy(chunk, 0, out, done, n);
    }
    return out;
  }

  @Override
  public void write(int offset, byte[] data, WriteMode mode) {
    initialise();
    for (int done = 0; done < data.length; done += UartFraming.MAX_WRITE) {
      byte[] chunk =
          Arrays.copyOfRange(data, done, Math.min(data.length, done + UartFraming.MAX_WRITE));
      int off = offset + done;
      String cmd = UartFraming.writeCommand(off, chunk);
      withAttempts(
          mode == WriteMode.NO_RETRY ? 1 : options.attempts(),
          () -> {
            UartFraming.parseWriteReply(exchange(cmd), off, chunk);
            return null;
          });
    }
  }

  private interface Step<T> {
    T run();
  }

  private <T> T withAttempts(int attempts, Step<T> step) {
    SwitchException last = null;
    for (int i = 0; i < attempts; i++) {
      try {
        return step.run();
      } catch (SwitchException e) {
        if (e.kind() == SwitchException.Kind.IO || e.kind() == SwitchException.Kind.DEVICE_ERROR) {
          throw e;
        }
        last = e;
      }
    }
    throw last;
  }

  /** Sends one command line and returns everything up to and including the prompt. */
  private String exchange(String command) {
    SerialLink link = link();
    try {
      return exchange(link, command);
    } catch (SwitchException e) {
      if (e.kind() == SwitchException.Kind.IO && opener != null) {
        dropLink(); // reopened by the next call
      }
      throw e;
    }
  }

  private String exchange(SerialLink link, String command) {
    link.drain();
    link.write(command.getBytes(StandardCharsets.US_ASCII));
    StringBuilder sb = new StringBuilder();
    long end = System.nanoTime() + options.ioTimeout().toNanos();
    while (true) {
      long left = (end - System.nanoTime()) / 1_000_000;
      if (left <= 0) {
        throw new SwitchException(
            SwitchException.Kind.TIMEOUT,
            "no console prompt from " + link.description() + " after '" + command.trim() + "'");
      }
      int n = link.read(buffer, left);
      if (n < 0) {
        throw new SwitchException(SwitchException.Kind.IO, link.description() + " closed");
      }
      sb.append(new String(buffer, 0, n, StandardCharsets.ISO_8859_1));
      if (UartFraming.endsWithPrompt(sb)) {
        String reply = sb.toString();
        if (initialised && reply.contains(command.trim())) {
          initialised = false; // the console echoes again: it restarted; silence it next time
        }
        return reply;
      }
    }
  }

  private void dropLink() {
    try {
      link.close();
    } catch (RuntimeException ignored) {
      // the port is already gone
    }
    link = null;
    initialised = false;
  }

  @Override
  public String description() {
    return "uart " + name;
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (link == null) {
      return;
    }
    try {
      if (initialised) {
        link.write("echo 1\r".getBytes(StandardCharsets.US_ASCII));
      }
    } catch (SwitchException ignored) {
      // closing anyway
    }
    link.close();
    link = null;
  }
}
