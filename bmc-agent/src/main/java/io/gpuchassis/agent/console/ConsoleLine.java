package io.gpuchassis.agent.console;

import org.jline.terminal.Terminal;

/**
 * A line a technician's terminal is attached to: a serial device, or the terminal that started the
 * agent.
 *
 * <p>The line owns the terminal it hands to a session: a session must not close it, and must not
 * keep it after it returns. A session learns that the line dropped from its terminal: {@code
 * readLine} throws {@code EndOfFileException} (or {@code IOError}) and writes fail. Writes through
 * {@code terminal.writer()} (a {@code PrintWriter}) fail silently, so a session printing a long
 * output should stop when {@code writer().checkError()} says so.
 */
public interface ConsoleLine extends AutoCloseable {

  /** Where sessions come from, for logs and the security log: "serial:/dev/ttymxc1" or "stdio". */
  String address();

  /**
   * Runs sessions on this line one after another on the calling thread until close(): each session
   * gets a fresh JLine Terminal. When a session returns normally (logout), the next one starts on
   * the same open device. When the line drops (device unplugged, I/O error, EOF, write stalled) the
   * session's terminal fails (readLine throws EndOfFileException / IOError, writes fail), the
   * session ends, the device is closed and reopened by PATH with back-off (250 ms doubling to 5 s),
   * logging one warning when lost and one info when back — never per event (jSerialComm can fire
   * hundreds of thousands of disconnect events). Returns only after close() (or interrupt); a stdio
   * line also returns when standard input ends.
   */
  void serve(Session session) throws InterruptedException;

  /**
   * Stops serving: closes the device so a blocked read returns; serve() returns soon after.
   * Idempotent.
   */
  @Override
  void close();

  /** One technician's session on a line, from the first prompt to logout. */
  @FunctionalInterface
  interface Session {
    /**
     * Runs the session on {@code terminal}; returning is a logout, the line then starts the next
     * session.
     */
    void run(Terminal terminal) throws Exception;
  }
}
