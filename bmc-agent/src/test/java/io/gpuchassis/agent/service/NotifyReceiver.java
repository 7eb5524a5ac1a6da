package io.gpuchassis.agent.service;

import com.sun.jna.LastErrorException;
import com.sun.jna.NativeLong;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;

/**
 * systemd's end of the notification socket, for tests: an AF_UNIX datagram socket bound (through
 * the same libc binding the agent sends with) to a path or an abstract name, read without blocking.
 */
public final class NotifyReceiver implements AutoCloseable {

  private final int fd;
  private final String address;

  private NotifyReceiver(int fd, String address) {
    this.fd = fd;
    this.address = address;
  }

  /**
   * Binds to {@code address}: a path, or {@code @name} for an abstract socket, as in {@code
   * $NOTIFY_SOCKET}.
   */
  public static NotifyReceiver bind(String address) {
    byte[] sockaddr = NotifySocket.address(address);
    int fd = LibC.INSTANCE.socket(LibC.AF_UNIX, LibC.SOCK_DGRAM | LibC.SOCK_CLOEXEC, 0);
    try {
      LibC.INSTANCE.bind(fd, sockaddr, sockaddr.length);
    } catch (LastErrorException e) {
      LibC.INSTANCE.close(fd);
      throw e;
    }
    return new NotifyReceiver(fd, address);
  }

  /** The value for {@code NOTIFY_SOCKET}. */
  public String address() {
    return address;
  }

  /** The next datagram already received, if any. */
  public Optional<String> poll() {
    byte[] buf = new byte[4096];
    try {
      int n = LibC.INSTANCE.recv(fd, buf, new NativeLong(buf.length), LibC.MSG_DONTWAIT).intValue();
      return Optional.of(new String(buf, 0, n, StandardCharsets.UTF_8));
    } catch (LastErrorException e) {
      if (e.getErrorCode() == LibC.EAGAIN) {
        return Optional.empty();
      }
      throw e;
    }
  }

  /** The next datagram, waiting for it up to {@code timeout}; fails when none arrives. */
  public String next(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      Optional<String> message = poll();
      if (message.isPresent()) {
        return message.get();
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError(
            "no notification within " + timeout.toMillis() + " ms on " + address);
      }
      Thread.sleep(5);
    }
  }

  /** Reads away every datagram received so far; returns how many there were. */
  public int drain() {
    int n = 0;
    while (poll().isPresent()) {
      n++;
    }
    return n;
  }

  @Override
  public void close() {
    LibC.INSTANCE.close(fd);
  }
}
