package io.gpuchassis.agent.console;

import static org.junit.jupiter.api.Assertions.fail;

import com.fazecast.jSerialComm.SerialPort;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The technician's end of a {@link PtyPair}: a terminal program reduced to what a test needs. A
 * reader thread keeps everything the console sends; {@link #expect} waits for text to appear after
 * a mark, returns what came since the mark and moves the mark past it, so a test reads the
 * conversation in order. Failure messages show what was received so far.
 *
 * <p>Opened with jSerialComm like the console itself: closing its port makes the blocked read
 * return (a plain file stream on a pty would keep its reader thread blocked).
 */
public final class TechnicianTerminal implements AutoCloseable {

  /** How long {@link #expect} waits by default: generous, the build machine is busy. */
  public static final Duration DEADLINE = Duration.ofSeconds(20);

  private static final Pattern ANSI =
      Pattern.compile(
          "\u001B\\[[0-?]*[ -/]*[@-~]" // CSI: ESC [ params intermediates final
              + "|\u001B\\][^\u0007\u001B]*(?:\u0007|\u001B\\\\)" // OSC ... BEL or ST
              + "|\u001BO[ -~]" // SS3: ESC O x (application keypad and cursor keys)
              + "|\u001B[()*+][0-9A-Za-z]" // character set selection
              + "|\u001B[ -/]*[0-~]"); // other escapes: ESC = , ESC >, ESC O x, ESC 7 ...

  private final Path path;
  private final boolean reading;
  private final StringBuilder received = new StringBuilder();
  private int mark;
  private SerialPort port;
  private Thread reader;

  private TechnicianTerminal(Path path, boolean reading) {
    this.path = path;
    this.reading = reading;
    connect();
  }

  /** Opens the technician's side at {@code path} and starts reading it. */
  public static TechnicianTerminal open(Path path) {
    return new TechnicianTerminal(path, true);
  }

  /**
   * Opens the technician's side but never reads it: a terminal that stopped reading (flow stopped,
   * program hung), so whatever the console writes piles up until its writes block.
   */
  public static TechnicianTerminal neverReading(Path path) {
    return new TechnicianTerminal(path, false);
  }

  /** Sends {@code raw} as typed (UTF-8), escape sequences included. */
  public void send(String raw) {
    sendBytes(raw.getBytes(StandardCharsets.UTF_8));
  }

  /** Sends bytes as they are: noise, a break, invalid UTF-8. */
  public void sendBytes(byte[] bytes) {
    SerialPort p;
    synchronized (this) {
      p = port;
    }
    int written = p.writeBytes(bytes, bytes.length);
    if (written != bytes.length) {
      fail(
          "the technician could send only "
              + written
              + " of "
              + bytes.length
              + " bytes on "
              + path
              + "\nreceived so far:\n"
              + describe());
    }
  }

  /** Sends {@code line} and a carriage return, as a terminal's Enter key does. */
  public void sendLine(String line) {
    send(line + "\r");
  }

  /** {@link #expect(String, Duration)} with the default deadline. */
  public String expect(String text) {
    return expect(text, DEADLINE);
  }

  /**
   * Waits until {@code text} appears after the mark; returns the output from the mark to the end of
   * the text and moves the mark there. The output is compared as received (escape sequences
   * included).
   */
  public String expect(String text, Duration deadline) {
    return expect(Pattern.compile(Pattern.quote(text)), deadline);
  }

  /** {@link #expect(Pattern, Duration)} with the default deadline. */
  public String expect(Pattern pattern) {
    return expect(pattern, DEADLINE);
  }

  /** As {@link #expect(String, Duration)} for the first match of {@code pattern} after the mark. */
  public synchronized String expect(Pattern pattern, Duration deadline) {
    long end = System.nanoTime() + deadline.toNanos();
    while (true) {
      Matcher m = pattern.matcher(received);
      m.region(mark, received.length());
      if (m.find()) {
        String since = received.substring(mark, m.end());
        mark = m.end();
        return since;
      }
      long left = (end - System.nanoTime()) / 1_000_000L;
      if (left <= 0) {
        fail("no \"" + pattern + "\" within " + deadline + " on " + path + "\n" + describe());
      }
      try {
        wait(Math.min(left, 200));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        fail("interrupted while waiting for \"" + pattern + "\"");
      }
    }
  }

  /** Moves the mark past everything received so far. */
  public synchronized void skip() {
    mark = received.length();
  }

  /** Everything received after the mark, as received. */
  public synchronized String sinceMark() {
    return received.substring(mark);
  }

  /** Everything received so far, as received. */
  public synchronized String output() {
    return received.toString();
  }

  /** Everything received so far with the ANSI escape sequences removed. */
  public synchronized String screen() {
    return stripAnsi(received.toString());
  }

  /** {@code text} without ANSI escape sequences (CSI, OSC, SS3 and the other two-byte escapes). */
  public static String stripAnsi(String text) {
    return ANSI.matcher(text).replaceAll("");
  }

  /**
   * Opens the technician's side again, after {@link PtyPair#stop()} and {@link PtyPair#start()}.
   */
  public void reopen() {
    disconnect();
    connect();
  }

  @Override
  public void close() {
    disconnect();
  }

  private void connect() {
    // jSerialComm would open /dev/<name> for a missing path
    if (!java.nio.file.Files.exists(path)) {
      fail("the technician's side " + path + " does not exist");
    }
    SerialPort p = SerialPort.getCommPort(path.toString());
    p.setComPortParameters(115200, 8, SerialPort.ONE_STOP_BIT, SerialPort.NO_PARITY);
    p.setFlowControl(SerialPort.FLOW_CONTROL_DISABLED);
    p.setComPortTimeouts(SerialPort.TIMEOUT_READ_SEMI_BLOCKING, 0, 0);
    if (!p.openPort(0)) {
      fail("the technician cannot open " + path + " (error " + p.getLastErrorCode() + ")");
    }
    Thread t = null;
    if (reading) {
      t = new Thread(() -> readLoop(p), "technician " + path);
      t.setDaemon(true);
    }
    synchronized (this) {
      port = p;
      reader = t;
    }
    if (t != null) {
      t.start();
    }
  }

  private void disconnect() {
    SerialPort p;
    Thread t;
    synchronized (this) {
      p = port;
      t = reader;
      port = null;
      reader = null;
    }
    if (p != null) {
      p.closePort();
    }
    if (t != null) {
      try {
        t.join(DEADLINE.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      if (t.isAlive()) {
        fail("the technician's reader on " + path + " did not stop after its port closed");
      }
    }
  }

  private void readLoop(SerialPort p) {
    char[] buffer = new char[4096];
    try (Reader in = new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)) {
      while (true) {
        int n = in.read(buffer);
        if (n < 0) {
          return;
        }
        synchronized (this) {
          received.append(buffer, 0, n);
          notifyAll();
        }
      }
    } catch (IOException | RuntimeException e) {
      // the port closed or the pty vanished: this reader is done, reopen() starts another
    }
  }

  private synchronized String describe() {
    String all = received.toString();
    String tail = all.length() > 4000 ? "..." + all.substring(all.length() - 4000) : all;
    String since = all.substring(Math.min(mark, all.length()));
    String sinceShown =
        since.length() > 4000 ? "..." + since.substring(since.length() - 4000) : since;
    return "received after the mark (escapes stripped):\n"
        + stripAnsi(sinceShown)
        + "\nreceived after the mark (raw, escaped):\n"
        + visible(sinceShown)
        + "\nlast of everything received (escapes stripped):\n"
        + stripAnsi(tail);
  }

  private static String visible(String text) {
    StringBuilder b = new StringBuilder();
    for (char c : text.toCharArray()) {
      if (c == '\u001B') {
        b.append("\\e");
      } else if (c == '\r') {
        b.append("\\r");
      } else if (c == '\n') {
        b.append("\\n\n");
      } else if (c < 0x20 || c == 0x7f) {
        b.append(String.format("\\x%02x", (int) c));
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }
}
