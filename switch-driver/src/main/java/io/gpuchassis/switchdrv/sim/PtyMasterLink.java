package io.gpuchassis.switchdrv.sim;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.NativeLong;
import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.transport.uart.SerialLink;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The master side of a Linux pseudo-terminal as a {@link SerialLink}: the simulator's end of a
 * console whose slave ({@code /dev/pts/N}) a driver opens as its serial port.
 *
 * <p>While no process holds the slave open, Linux fails reads on the master with EIO (poll reports
 * POLLHUP). That is a cable nobody has plugged in (yet, or again), not the end of the link: reads
 * wait briefly and report "nothing yet" (0), and bytes written meanwhile are lost, as on an
 * unconnected UART. Only {@link #close()} ends the link (-1). One reader and one writer thread at
 * most; close it after the reader stopped.
 */
final class PtyMasterLink implements SerialLink {

  private static final Logger LOG = LoggerFactory.getLogger(PtyMasterLink.class);
  private static final long HANG_UP_PAUSE_MILLIS = 20;

  /** How long a write waits for an agent that holds the slave open but does not read. */
  private static final long WRITE_STALL_MILLIS = 1000;

  private final PtyLibC libc;
  private final int fd;
  private final Path slave;
  private final Memory pollFd = new Memory(PtyLibC.POLLFD_SIZE);
  private volatile boolean closed;

  private PtyMasterLink(PtyLibC libc, int fd, Path slave) {
    this.libc = libc;
    this.fd = fd;
    this.slave = slave;
  }

  /** Opens a new pty master, unlocks its slave and puts the slave in raw mode. */
  static PtyMasterLink open() throws IOException {
    PtyLibC c;
    try {
      c = PtyLibC.INSTANCE;
    } catch (LinkageError e) {
      throw new IOException("no libc pseudo-terminal support on this platform", e);
    }
    // O_NOCTTY: the pty must never become the simulator's controlling terminal. O_NONBLOCK: a
    // stalled agent cannot block the console thread. O_CLOEXEC: no child process inherits the
    // master and keeps the slave alive after close().
    int fd =
        c.posix_openpt(PtyLibC.O_RDWR | PtyLibC.O_NOCTTY | PtyLibC.O_NONBLOCK | PtyLibC.O_CLOEXEC);
    if (fd < 0) {
      throw failure("posix_openpt");
    }
    try {
      check(c.grantpt(fd), "grantpt");
      check(c.unlockpt(fd), "unlockpt");
      byte[] name = new byte[128];
      if (c.ptsname_r(fd, name, new NativeLong(name.length)) != 0) {
        throw failure("ptsname_r");
      }
      makeRaw(c, fd);
      return new PtyMasterLink(c, fd, Path.of(Native.toString(name)));
    } catch (IOException | RuntimeException e) {
      c.close(fd);
      throw e;
    }
  }

  // The termios is the slave's (on Linux, tcsetattr on the master sets the slave's), and a new pty
  // starts cooked: echo on, CR turned into NL, output held until a newline. jSerialComm makes the
  // slave raw when the agent opens it, but until then, and for any other program that opens it,
  // echo would feed the console's answers back into its input and the prompt (no newline) would
  // never arrive. So the pty is made raw here, once, for every opener; jSerialComm redoing it is
  // harmless.
  private static void makeRaw(PtyLibC c, int fd) throws IOException {
    Memory termios = new Memory(PtyLibC.TERMIOS_BUFFER);
    termios.clear();
    check(c.tcgetattr(fd, termios), "tcgetattr");
    c.cfmakeraw(termios);
    check(c.tcsetattr(fd, PtyLibC.TCSANOW, termios), "tcsetattr");
  }

  private static void check(int result, String call) throws IOException {
    if (result != 0) {
      throw failure(call);
    }
  }

  private static IOException failure(String call) {
    return new IOException(call + " failed (errno " + Native.getLastError() + ")");
  }

  /** The slave device, e.g. /dev/pts/7. */
  Path slavePath() {
    return slave;
  }

  @Override
  public int read(byte[] buffer, long timeoutMillis) {
    long end = System.nanoTime() + timeoutMillis * 1_000_000;
    while (!closed) {
      int revents = poll(PtyLibC.POLLIN, end);
      if ((revents & PtyLibC.POLLIN) != 0) {
        long n = libc.read(fd, buffer, new NativeLong(buffer.length)).longValue();
        if (n > 0) {
          return (int) n;
        }
        int errno = n < 0 ? Native.getLastError() : PtyLibC.EIO; // 0 bytes: treated as the hang-up
        if (errno != PtyLibC.EIO && errno != PtyLibC.EAGAIN && errno != PtyLibC.EINTR) {
          throw new SwitchException(
              SwitchException.Kind.IO,
              "read from the master of " + slave + " failed (errno " + errno + ")");
        }
        if (errno == PtyLibC.EIO) {
          pauseWhileHungUp(end);
        }
      } else if ((revents & (PtyLibC.POLLHUP | PtyLibC.POLLERR)) != 0) {
        pauseWhileHungUp(end);
      }
      if (System.nanoTime() - end >= 0) {
        return closed ? -1 : 0;
      }
    }
    return -1;
  }

  // Nobody holds the slave open: poll keeps reporting the hang-up at once, so wait instead of
  // spinning.
  private static void pauseWhileHungUp(long end) {
    long left = (end - System.nanoTime()) / 1_000_000;
    if (left <= 0) {
      return;
    }
    try {
      Thread.sleep(Math.min(HANG_UP_PAUSE_MILLIS, left));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  // Polls the master for {@code events} until {@code end} (System.nanoTime); returns revents, 0 on
  // timeout.
  private int poll(short events, long end) {
    while (true) {
      long left = Math.max(0, (end - System.nanoTime() + 999_999) / 1_000_000);
      pollFd.setInt(0, fd);
      pollFd.setShort(4, events);
      pollFd.setShort(6, (short) 0);
      int r = libc.poll(pollFd, new NativeLong(1), (int) Math.min(Integer.MAX_VALUE, left));
      if (r > 0) {
        return pollFd.getShort(6);
      }
      if (r == 0) {
        return 0;
      }
      int errno = Native.getLastError();
      if (errno != PtyLibC.EINTR) {
        throw new SwitchException(
            SwitchException.Kind.IO,
            "poll on the master of " + slave + " failed (errno " + errno + ")");
      }
    }
  }

  @Override
  public void write(byte[] data) {
    long stallEnd = System.nanoTime() + WRITE_STALL_MILLIS * 1_000_000;
    int off = 0;
    while (off < data.length) {
      if (closed) {
        throw new SwitchException(SwitchException.Kind.IO, description() + " closed");
      }
      byte[] rest = off == 0 ? data : Arrays.copyOfRange(data, off, data.length);
      long n = libc.write(fd, rest, new NativeLong(rest.length)).longValue();
      if (n > 0) {
        off += (int) n;
        continue;
      }
      int errno = Native.getLastError();
      if (errno == PtyLibC.EINTR) {
        continue;
      }
      if (errno == PtyLibC.EIO) {
        LOG.debug(
            "{}: nobody holds the slave open; {} bytes lost", description(), data.length - off);
        return;
      }
      if (errno != PtyLibC.EAGAIN) {
        throw new SwitchException(
            SwitchException.Kind.IO,
            "write to the master of " + slave + " failed (errno " + errno + ")");
      }
      if ((poll(PtyLibC.POLLOUT, stallEnd) & PtyLibC.POLLOUT) == 0) {
        LOG.debug(
            "{}: the agent does not read; {} bytes dropped", description(), data.length - off);
        return;
      }
    }
  }

  @Override
  public String description() {
    return "pty master of " + slave;
  }

  /** Closes the master: the slave side sees a hang-up. Idempotent. */
  @Override
  public synchronized void close() {
    if (!closed) {
      closed = true;
      libc.close(fd);
    }
  }
}
