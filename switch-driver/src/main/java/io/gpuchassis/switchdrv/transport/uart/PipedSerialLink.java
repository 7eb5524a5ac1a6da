package io.gpuchassis.switchdrv.transport.uart;

import io.gpuchassis.switchdrv.SwitchException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One end of an in-memory serial cable: bytes written at one end are read at the other. For running
 * the UART framing against the simulated console without a pty. Thread-safe.
 */
public final class PipedSerialLink implements SerialLink {

  private final BlockingQueue<byte[]> inbox;
  private final BlockingQueue<byte[]> outbox;
  private final String name;
  private byte[] pending = new byte[0];
  private int pendingPos;
  private volatile boolean closed;

  private PipedSerialLink(BlockingQueue<byte[]> inbox, BlockingQueue<byte[]> outbox, String name) {
    this.inbox = inbox;
    this.outbox = outbox;
    this.name = name;
  }

  /** A connected pair: element 0 is the host end, element 1 the device end. */
  public static PipedSerialLink[] pair() {
    BlockingQueue<byte[]> a = new ArrayBlockingQueue<>(4096);
    BlockingQueue<byte[]> b = new ArrayBlockingQueue<>(4096);
    return new PipedSerialLink[] {
      new PipedSerialLink(a, b, "pipe host"), new PipedSerialLink(b, a, "pipe device")
    };
  }

  @Override
  public void write(byte[] data) {
    if (closed) {
      throw new SwitchException(SwitchException.Kind.IO, name + " closed");
    }
    try {
      outbox.put(data.clone());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SwitchException(SwitchException.Kind.IO, "interrupted");
    }
  }

  @Override
  public synchronized int read(byte[] buffer, long timeoutMillis) {
    if (closed) {
      return -1;
    }
    if (pendingPos >= pending.length) {
      try {
        byte[] next =
            timeoutMillis <= 0 ? inbox.poll() : inbox.poll(timeoutMillis, TimeUnit.MILLISECONDS);
        if (next == null) {
          return closed ? -1 : 0;
        }
        pending = next;
        pendingPos = 0;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return -1;
      }
    }
    int n = Math.min(buffer.length, pending.length - pendingPos);
    System.arraycopy(pending, pendingPos, buffer, 0, n);
    pendingPos += n;
    return n;
  }

  @Override
  public String description() {
    return name;
  }

  @Override
  public void close() {
    closed = true;
  }
}
