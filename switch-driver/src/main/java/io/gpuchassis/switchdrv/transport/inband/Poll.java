package io.gpuchassis.switchdrv.transport.inband;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.NativeLong;
import io.gpuchassis.switchdrv.wire.Deadline;

/** poll(2) for POLLIN on one descriptor, restarted on EINTR, bounded by a deadline. */
final class Poll {

  private static final InbandLibC C = InbandLibC.INSTANCE;

  private Poll() {}

  static boolean readable(int fd, Deadline deadline, String what) throws ErrnoException {
    try (Memory pfd = new Memory(InbandLibC.POLLFD_SIZE)) {
      while (true) {
        long ms = deadline.remainingMillis();
        pfd.setInt(0, fd);
        pfd.setShort(4, InbandLibC.POLLIN);
        pfd.setShort(6, (short) 0);
        int r = C.poll(pfd, new NativeLong(1), (int) Math.min(Integer.MAX_VALUE, ms));
        if (r > 0) {
          short revents = pfd.getShort(6);
          if ((revents & InbandLibC.POLLNVAL) != 0) {
            throw new ErrnoException(what, Errno.EIO);
          }
          return true; // POLLIN, or POLLHUP/POLLERR that the following read reports
        }
        if (r == 0) {
          if (deadline.expired()) {
            return false;
          }
          continue;
        }
        int errno = Native.getLastError();
        if (errno != Errno.EINTR) {
          throw new ErrnoException(what, errno);
        }
      }
    }
  }
}
