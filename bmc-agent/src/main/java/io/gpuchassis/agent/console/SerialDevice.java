package io.gpuchassis.agent.console;

import com.fazecast.jSerialComm.SerialPort;
import com.fazecast.jSerialComm.SerialPortInvalidPortException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.jline.terminal.Size;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/**
 * One opening of a serial device: the port (8N1, no flow control), the thread that reads it, and
 * the write watch. Once lost (read error or end, write error, stalled write, close) it stays lost;
 * the line opens a new one.
 */
final class SerialDevice implements AutoCloseable {

  /** Bytes of a line kept before the rest of it is dropped. */
  static final int LINE_LIMIT = 1024;

  private static final int HANDOFF_BYTES = 4096;
  private static final long WATCH_PERIOD_MS = 250;
  private static final int WRITE_PIECE = 256;

  // jSerialComm has no write timeout on Linux (its "write blocking" mode only drains after the
  // write), so a
  // terminal that stops reading would block a write forever; one shared daemon thread watches every
  // open device
  // and drops the line when a write has been stuck too long.
  private static final ScheduledExecutorService WRITE_WATCH =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "console-write-watch");
            t.setDaemon(true);
            return t;
          });

  private final String path;
  private final SerialPort port;
  private final long stallNanos;
  private final InputHandoff handoff = new InputHandoff(HANDOFF_BYTES);
  private final Thread reader;
  private final ScheduledFuture<?> watch;
  private final Object writeLock = new Object();
  private volatile long writeStartedAt;
  private volatile boolean writing;
  private volatile String lostReason;

  private SerialDevice(String path, SerialPort port, Duration writeStall) {
    this.path = path;
    this.port = port;
    this.stallNanos = writeStall.toNanos();
    this.reader = new Thread(this::readLoop, "console-reader " + path);
    this.reader.setDaemon(true);
    this.reader.start();
    this.watch =
        WRITE_WATCH.scheduleWithFixedDelay(
            this::checkStall, WATCH_PERIOD_MS, WATCH_PERIOD_MS, TimeUnit.MILLISECONDS);
  }

  /**
   * Opens {@code path} at {@code baud} 8N1 without flow control.
   *
   * @throws IOException when the device does not exist or cannot be opened
   */
  static SerialDevice open(String path, int baud, Duration writeStall) throws IOException {
    // jSerialComm falls back to /dev/<name> for a path that does not exist: a missing
    // "/tmp/x/console" would open
    // /dev/console. Only a path that exists (behind its links) is handed to it.
    if (!Files.exists(Path.of(path))) {
      throw new IOException(path + " does not exist");
    }
    SerialPort port;
    try {
      port = SerialPort.getCommPort(path);
    } catch (SerialPortInvalidPortException e) {
      throw new IOException(path + " does not exist", e);
    }
    port.setComPortParameters(baud, 8, SerialPort.ONE_STOP_BIT, SerialPort.NO_PARITY);
    port.setFlowControl(SerialPort.FLOW_CONTROL_DISABLED);
    // semi-blocking with 0 ms: a read waits for at least one byte, however long the technician
    // thinks
    port.setComPortTimeouts(SerialPort.TIMEOUT_READ_SEMI_BLOCKING, 0, 0);
    // openPort() may succeed with error 25 (ENOTTY) on a pty: a modem-line ioctl a pty lacks,
    // harmless
    if (!port.openPort(0)) {
      throw new IOException("cannot open " + path + " (error " + port.getLastErrorCode() + ")");
    }
    return new SerialDevice(path, port, writeStall);
  }

  /** A fresh terminal for the next session, reading what arrives from now on (and what waited). */
  Terminal newTerminal(String name) throws IOException {
    return TerminalBuilder.builder()
        .name(name)
        .system(false)
        .type("vt100")
        .streams(handoff.attach(), new SessionOutput())
        .encoding(StandardCharsets.UTF_8)
        // a serial line cannot report its size; 80x24 is what every terminal emulator starts with
        .size(new Size(80, 24))
        .build();
  }

  /**
   * Ends the input of the current session's terminal, so its pump thread returns and takes nothing
   * more.
   */
  void endSession() {
    handoff.detach();
  }

  /** Whether the device has been lost (or closed); then it stays so. */
  boolean isLost() {
    return lostReason != null;
  }

  /** Why the device was lost, or null. */
  String lostReason() {
    return lostReason;
  }

  @Override
  public void close() {
    lose("closed");
    watch.cancel(false);
    try {
      // closing the port makes the blocked read return; the join only keeps threads from piling up
      reader.join(2000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Marks the device lost once: sessions see the end of their input, the port closes so blocked
   * calls return.
   */
  private void lose(String reason) {
    synchronized (this) {
      if (lostReason != null) {
        return;
      }
      lostReason = reason;
    }
    handoff.end();
    port.closePort();
  }

  private void readLoop() {
    InputStream in = new LineLengthLimit(port.getInputStream(), LINE_LIMIT);
    byte[] buffer = new byte[512];
    String reason = "end of input";
    try {
      while (!isLost()) {
        int n = in.read(buffer, 0, buffer.length);
        if (n < 0) {
          // a hang-up: jSerialComm keeps returning -1 (and firing disconnect events) until the port
          // is closed
          break;
        }
        handoff.put(buffer, 0, n);
      }
    } catch (IOException e) {
      reason = "read failed: " + e.getMessage();
    } catch (InterruptedException e) {
      reason = "interrupted";
    } catch (RuntimeException e) {
      reason = "read failed: " + e;
    }
    lose(reason);
  }

  private void checkStall() {
    if (writing && System.nanoTime() - writeStartedAt > stallNanos) {
      lose(
          "write stalled for "
              + Duration.ofNanos(stallNanos).toMillis()
              + " ms: the terminal does not read");
    }
  }

  /**
   * Writes in small pieces, each watched on its own: a slow but working line (a long listing at
   * 9600 baud) keeps making progress within the stall limit, a terminal that stopped reading does
   * not.
   */
  private void write(byte[] b, int off, int len) throws IOException {
    synchronized (writeLock) {
      for (int done = 0; done < len; ) {
        int piece = Math.min(WRITE_PIECE, len - done);
        writePiece(b, off + done, piece);
        done += piece;
      }
    }
  }

  private void writePiece(byte[] b, int off, int len) throws IOException {
    if (isLost()) {
      throw new IOException("console line " + path + " lost: " + lostReason);
    }
    writeStartedAt = System.nanoTime();
    writing = true;
    int written;
    try {
      written = port.writeBytes(b, len, off);
    } finally {
      writing = false;
    }
    if (written != len) {
      lose("write failed");
      throw new IOException("console line " + path + " lost: " + lostReason);
    }
  }

  /**
   * A session's output: writes go to the device; closing it (the terminal does) leaves the device
   * open.
   */
  private final class SessionOutput extends OutputStream {

    private volatile boolean closed;

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      if (closed) {
        throw new IOException("the session's terminal is closed");
      }
      if (len > 0) {
        SerialDevice.this.write(b, off, len);
      }
    }

    @Override
    public void close() {
      closed = true;
    }
  }
}
