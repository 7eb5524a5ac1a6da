package io.gpuchassis.agent.service;

import com.sun.jna.LastErrorException;
import com.sun.jna.NativeLong;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * An AF_UNIX datagram socket address as systemd hands it over in {@code $NOTIFY_SOCKET}: a file
 * system path (starting with '/') or an abstract name (starting with '@', which stands for the
 * leading NUL byte). Sends one datagram per message, as {@code sd_notify(3)} does: a socket is
 * opened, used once and closed.
 */
public final class NotifySocket {

  /** {@code sizeof(sa_family_t)}: where {@code sun_path} starts in a {@code sockaddr_un}. */
  private static final int PATH_OFFSET = 2;

  /** {@code sizeof(sun_path)} on Linux. */
  private static final int PATH_CAPACITY = 108;

  private final String name;
  private final byte[] address;

  private NotifySocket(String name, byte[] address) {
    this.name = name;
    this.address = address;
  }

  /**
   * The socket named by {@code value}.
   *
   * @throws IllegalArgumentException when it is neither an absolute path nor an abstract name, or
   *     too long
   */
  public static NotifySocket of(String value) {
    return new NotifySocket(value, address(value));
  }

  /** The {@code sockaddr_un} bytes of {@code value}, exactly as long as the kernel must be told. */
  static byte[] address(String value) {
    if (value.isEmpty() || (value.charAt(0) != '/' && value.charAt(0) != '@')) {
      throw new IllegalArgumentException("not a Unix socket path or abstract name: " + value);
    }
    byte[] path = value.getBytes(StandardCharsets.UTF_8);
    boolean abstractName = path[0] == '@';
    if (abstractName) {
      path[0] = 0;
    }
    // A path carries its terminating NUL; an abstract name is exactly its bytes (a NUL would be
    // part of the name).
    int pathLength = abstractName ? path.length : path.length + 1;
    if (pathLength > PATH_CAPACITY) {
      throw new IllegalArgumentException(
          "Unix socket name longer than " + PATH_CAPACITY + " bytes: " + value);
    }
    ByteBuffer sockaddr =
        ByteBuffer.allocate(PATH_OFFSET + pathLength).order(ByteOrder.nativeOrder());
    sockaddr.putShort((short) LibC.AF_UNIX).put(path);
    return sockaddr.array();
  }

  /**
   * Sends {@code message} as one datagram; throws {@link LastErrorException} with the errno when it
   * cannot.
   */
  public void send(String message) {
    byte[] bytes = message.getBytes(StandardCharsets.UTF_8);
    LibC libc = LibC.INSTANCE;
    int fd = libc.socket(LibC.AF_UNIX, LibC.SOCK_DGRAM | LibC.SOCK_CLOEXEC, 0);
    try {
      libc.sendto(
          fd, bytes, new NativeLong(bytes.length), LibC.MSG_NOSIGNAL, address, address.length);
    } finally {
      libc.close(fd);
    }
  }

  @Override
  public String toString() {
    return name;
  }
}
