package io.gpuchassis.switchdrv.transport.inband;

import com.sun.jna.Native;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import io.gpuchassis.switchdrv.wire.Deadline;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * A Unix-domain {@code SOCK_SEQPACKET} socket: each send is one message and each receive returns
 * exactly one message, so write boundaries survive as they do on a char device (a pty or a stream
 * socket would merge them). Used by the simulated device node and the transport's client side.
 *
 * <p>Thread-safe for one receiving and any number of sending threads (each send is one syscall);
 * {@link #shutdown()} wakes a thread blocked in {@link #accept()} or {@link #receive()}. The
 * descriptor is closed only once no call is using it: a descriptor number freed under a call in
 * progress may be handed to the next socket this process opens, and a send still on its way would
 * then write into that one (the simulated node's late completion of a file its client had given up
 * on reached the client's next file and made its server hang up).
 */
public final class SeqpacketSocket implements AutoCloseable {

  /** Larger than any message of {@link DeviceNodeProtocol}: a longer one would be truncated. */
  public static final int MAX_MESSAGE = 2048;

  private static final InbandLibC C = InbandLibC.INSTANCE;
  private static final int MAX_PATH = 107; // sun_path[108] with its terminating NUL

  private final int fd;
  private volatile boolean closed;
  private boolean released; // close() was called: no new call may start
  private boolean descriptorClosed;
  private int callsInProgress;

  private SeqpacketSocket(int fd) {
    this.fd = fd;
  }

  /** Connects to a listening socket at {@code path}. */
  public static SeqpacketSocket connect(Path path) throws ErrnoException {
    int fd = newSocket();
    if (C.connect(fd, address(path), InbandLibC.SOCKADDR_UN_SIZE) != 0) {
      int errno = Native.getLastError();
      C.close(fd);
      throw new ErrnoException("connect(" + path + ")", errno);
    }
    return new SeqpacketSocket(fd);
  }

  /** Binds a listening socket at {@code path}; the path must not exist. */
  public static SeqpacketSocket listen(Path path) throws ErrnoException {
    int fd = newSocket();
    if (C.bind(fd, address(path), InbandLibC.SOCKADDR_UN_SIZE) != 0 || C.listen(fd, 8) != 0) {
      int errno = Native.getLastError();
      C.close(fd);
      throw new ErrnoException("bind/listen(" + path + ")", errno);
    }
    return new SeqpacketSocket(fd);
  }

  private static int newSocket() throws ErrnoException {
    int fd = C.socket(InbandLibC.AF_UNIX, InbandLibC.SOCK_SEQPACKET | InbandLibC.SOCK_CLOEXEC, 0);
    if (fd < 0) {
      throw new ErrnoException("socket(AF_UNIX, SOCK_SEQPACKET)", Native.getLastError());
    }
    return fd;
  }

  // struct sockaddr_un: sa_family_t sun_family (native-endian u16; both supported arches are LE)
  private static byte[] address(Path path) throws ErrnoException {
    byte[] name = path.toString().getBytes(StandardCharsets.UTF_8);
    if (name.length > MAX_PATH) {
      throw new ErrnoException("socket path " + path + " longer than 107 bytes", Errno.EINVAL);
    }
    byte[] addr = new byte[InbandLibC.SOCKADDR_UN_SIZE];
    addr[0] = (byte) InbandLibC.AF_UNIX;
    System.arraycopy(name, 0, addr, 2, name.length);
    return addr;
  }

  /** Waits for the next connection; throws once the socket is shut down. */
  public SeqpacketSocket accept() throws ErrnoException {
    begin("accept");
    try {
      while (true) {
        int c = C.accept(fd, Pointer.NULL, Pointer.NULL);
        if (c >= 0) {
          return new SeqpacketSocket(c);
        }
        int errno = Native.getLastError();
        if (errno != Errno.EINTR || closed) {
          throw new ErrnoException("accept", errno);
        }
      }
    } finally {
      end();
    }
  }

  /** Sends one message. */
  public void send(byte[] message) throws ErrnoException {
    begin("send");
    try {
      while (true) {
        long n = C.write(fd, message, new NativeLong(message.length)).longValue();
        if (n == message.length) {
          return;
        }
        int errno = n < 0 ? Native.getLastError() : Errno.EIO;
        if (errno != Errno.EINTR) {
          throw new ErrnoException("send", errno);
        }
      }
    } finally {
      end();
    }
  }

  /** Receives one message, blocking; an empty array means the peer closed the connection. */
  public byte[] receive() throws ErrnoException {
    byte[] buf = new byte[MAX_MESSAGE];
    begin("receive");
    try {
      while (true) {
        long n = C.read(fd, buf, new NativeLong(buf.length)).longValue();
        if (n >= 0) {
          return Arrays.copyOf(buf, (int) n);
        }
        int errno = Native.getLastError();
        if (errno != Errno.EINTR) {
          throw new ErrnoException("receive", errno);
        }
      }
    } finally {
      end();
    }
  }

  /** Waits until a message (or the peer's close) can be received; false at the deadline. */
  public boolean awaitReadable(Deadline deadline) throws ErrnoException {
    begin("poll(socket)");
    try {
      return Poll.readable(fd, deadline, "poll(socket)");
    } finally {
      end();
    }
  }

  /** Wakes blocked accept/receive calls; the peer sees end of file. */
  public synchronized void shutdown() {
    closed = true;
    if (!descriptorClosed) { // a closed descriptor's number may already belong to another file
      C.shutdown(fd, InbandLibC.SHUT_RDWR);
    }
  }

  /**
   * Shuts the socket down and closes its descriptor, at once or when the last call in progress
   * returns; a call begun after this fails with EBADF.
   */
  @Override
  public synchronized void close() {
    if (!released) {
      released = true;
      shutdown();
      closeWhenUnused();
    }
  }

  private synchronized void begin(String call) throws ErrnoException {
    if (released) {
      throw new ErrnoException(call + " on a closed socket", Errno.EBADF);
    }
    callsInProgress++;
  }

  private synchronized void end() {
    callsInProgress--;
    closeWhenUnused();
  }

  private void closeWhenUnused() {
    if (released && callsInProgress == 0 && !descriptorClosed) {
      descriptorClosed = true;
      C.close(fd);
    }
  }
}
