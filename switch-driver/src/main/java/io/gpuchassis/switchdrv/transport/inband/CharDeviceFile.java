package io.gpuchassis.switchdrv.transport.inband;

import com.sun.jna.Native;
import com.sun.jna.NativeLong;
import io.gpuchassis.switchdrv.wire.Deadline;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The kernel's {@code /dev/switchtecN} opened read-write, as switchtec-user's {@code
 * switchtec_open_by_path} opens it. read() is only called after poll() reported completion, so it
 * never blocks past the caller's deadline.
 */
final class CharDeviceFile implements DeviceFile {

  private static final InbandLibC C = InbandLibC.INSTANCE;

  private final int fd;
  private boolean closed;

  private CharDeviceFile(int fd) {
    this.fd = fd;
  }

  static CharDeviceFile open(Path node) throws ErrnoException {
    int fd = C.open(node.toString(), InbandLibC.O_RDWR | InbandLibC.O_CLOEXEC);
    if (fd < 0) {
      throw new ErrnoException("open(" + node + ")", Native.getLastError());
    }
    return new CharDeviceFile(fd);
  }

  @Override
  public int write(byte[] data, Deadline deadline) throws ErrnoException {
    while (true) {
      long n = C.write(fd, data, new NativeLong(data.length)).longValue();
      if (n >= 0) {
        return (int) n;
      }
      int errno = Native.getLastError();
      if (errno != Errno.EINTR) {
        throw new ErrnoException("write", errno);
      }
    }
  }

  @Override
  public boolean awaitReadable(Deadline deadline) throws ErrnoException {
    return Poll.readable(fd, deadline, "poll");
  }

  @Override
  public byte[] read(int size, Deadline deadline) throws ErrnoException {
    byte[] buf = new byte[size];
    while (true) {
      long n = C.read(fd, buf, new NativeLong(size)).longValue();
      if (n >= 0) {
        return Arrays.copyOf(buf, (int) n);
      }
      int errno = Native.getLastError();
      if (errno != Errno.EINTR) {
        throw new ErrnoException("read", errno);
      }
    }
  }

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      C.close(fd);
    }
  }
}
