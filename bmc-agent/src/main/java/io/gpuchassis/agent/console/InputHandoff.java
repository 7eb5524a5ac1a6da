package io.gpuchassis.agent.console;

import java.io.IOException;
import java.io.InputStream;

/**
 * Carries the bytes a device reader receives to the input of the session currently on the line.
 *
 * <p>Why not hand the device's stream to each session's terminal: JLine's terminal pumps its input
 * on a thread of its own, and that thread stays blocked in the device read after its session ended;
 * it would swallow the next keystrokes meant for the following session. Here one reader per open
 * device fills a small buffer, and each session reads through an input that its end detaches at
 * once. Bytes typed between two sessions wait for the next one.
 */
final class InputHandoff {

  private final byte[] ring;
  private int head;
  private int count;
  private boolean ended;
  private SessionInput current;

  InputHandoff(int capacity) {
    this.ring = new byte[capacity];
  }

  /**
   * Adds bytes for the session; waits while the buffer is full (the device then keeps them in its
   * own queue). Bytes offered after {@link #end()} are dropped.
   */
  synchronized void put(byte[] b, int off, int len) throws InterruptedException {
    int done = 0;
    while (done < len) {
      while (count == ring.length && !ended) {
        wait();
      }
      if (ended) {
        return;
      }
      int n = Math.min(len - done, ring.length - count);
      for (int i = 0; i < n; i++) {
        ring[(head + count + i) % ring.length] = b[off + done + i];
      }
      count += n;
      done += n;
      notifyAll();
    }
  }

  /** The device is gone: the session input ends once it has read what was received before. */
  synchronized void end() {
    ended = true;
    notifyAll();
  }

  /**
   * A new input for the next session; the previous session's input (if still attached) ends now.
   */
  synchronized InputStream attach() {
    if (current != null) {
      current.detached = true;
    }
    current = new SessionInput();
    notifyAll();
    return current;
  }

  /** Ends the current session's input now (its session is over). */
  synchronized void detach() {
    if (current != null) {
      current.detached = true;
      current = null;
      notifyAll();
    }
  }

  /** One session's view: ends when its session is over or the device is gone. */
  private final class SessionInput extends InputStream {

    private boolean detached;

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      int n = read(one, 0, 1);
      return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (len == 0) {
        return 0;
      }
      synchronized (InputHandoff.this) {
        while (count == 0 && !ended && !detached) {
          try {
            InputHandoff.this.wait();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("console input interrupted");
          }
        }
        if (detached || count == 0) {
          return -1;
        }
        int n = Math.min(len, count);
        for (int i = 0; i < n; i++) {
          b[off + i] = ring[(head + i) % ring.length];
        }
        head = (head + n) % ring.length;
        count -= n;
        InputHandoff.this.notifyAll();
        return n;
      }
    }

    @Override
    public int available() {
      synchronized (InputHandoff.this) {
        return detached ? 0 : count;
      }
    }

    @Override
    public void close() {
      synchronized (InputHandoff.this) {
        detached = true;
        InputHandoff.this.notifyAll();
      }
    }
  }
}
