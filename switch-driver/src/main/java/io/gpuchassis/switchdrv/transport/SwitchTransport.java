package io.gpuchassis.switchdrv.transport;

/**
 * Moves bytes of a switch's GAS (Global Address Space): the MRPC mailbox at offset 0, system info,
 * partition and port registers. Every Switchtec sideband interface reduces to this (reference §0),
 * so one MRPC engine runs over all of them.
 *
 * <p><b>Blocking:</b> each call blocks until the transfer is confirmed or the transport's own I/O
 * timeout passes; chunking to the interface's limits (24 bytes per TWI transaction, 100/1024 per
 * UART command) happens inside.
 *
 * <p><b>Threads:</b> not thread-safe; one caller thread at a time (the driver's worker thread).
 *
 * <p><b>Failures:</b> {@link io.gpuchassis.switchdrv.SwitchException} with kind TIMEOUT (no
 * answer), NAK (I2C), PROTOCOL (bad CRC/PEC/frame after the transport's retries) or IO (port or
 * socket failed). A transport that can reconnect does so on the next call, so a transient fault
 * never poisons it.
 */
public interface SwitchTransport extends AutoCloseable {

  /** Reads {@code length} bytes starting at GAS {@code offset}. */
  byte[] read(int offset, int length);

  /** Writes {@code data} at GAS {@code offset}. */
  void write(int offset, byte[] data, WriteMode mode);

  default void write(int offset, byte[] data) {
    write(offset, data, WriteMode.RETRY_ALLOWED);
  }

  /** What this transport talks to, for logs (e.g. "i2c bus 2 addr 0x59"). */
  String description();

  /** Releases the port, socket or bus handle. Idempotent. */
  @Override
  void close();
}
