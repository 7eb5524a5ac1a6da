package io.gpuchassis.switchdrv.transport.uart;

/**
 * A raw byte pipe to a serial console (a UART, a pty, or an in-memory pipe in tests). Not
 * thread-safe for concurrent readers; one reader and one writer thread at most.
 */
public interface SerialLink extends AutoCloseable {

  /** Writes all bytes; throws SwitchException IO when the link is gone. */
  void write(byte[] data);

  /**
   * Reads available bytes, waiting at most {@code timeoutMillis} for the first one.
   *
   * @return bytes read, 0 on timeout, -1 when the link is closed
   */
  int read(byte[] buffer, long timeoutMillis);

  /** Discards bytes already received (stale output of an abandoned command). */
  default void drain() {
    byte[] b = new byte[256];
    while (read(b, 0) > 0) {
      // discard
    }
  }

  String description();

  @Override
  void close();
}
