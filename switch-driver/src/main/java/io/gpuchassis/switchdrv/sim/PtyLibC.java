package io.gpuchassis.switchdrv.sim;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLong;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;

/**
 * The libc calls behind {@link PtyMasterLink}, bound with JNA. Constants are the Linux values, the
 * same on x86_64 and aarch64 (both use the generic fcntl/poll/errno numbers); {@code size_t},
 * {@code ssize_t} and {@code nfds_t} are passed as {@link NativeLong} (64 bits on both).
 */
interface PtyLibC extends Library {

  int O_RDWR = 02;
  int O_NOCTTY = 0400;
  int O_NONBLOCK = 04000;
  int O_CLOEXEC = 02000000;
  int TCSANOW = 0;
  short POLLIN = 0x001;
  short POLLOUT = 0x004;
  short POLLERR = 0x008;
  short POLLHUP = 0x010;
  short POLLNVAL = 0x020;
  int EINTR = 4;
  int EIO = 5;
  int EAGAIN = 11;

  /** sizeof(struct pollfd): int fd, short events, short revents. */
  int POLLFD_SIZE = 8;

  /** Comfortably more than sizeof(struct termios) (60 bytes in glibc); only libc looks inside. */
  int TERMIOS_BUFFER = 256;

  PtyLibC INSTANCE = Native.load(Platform.C_LIBRARY_NAME, PtyLibC.class);

  int posix_openpt(int flags);

  int grantpt(int fd);

  int unlockpt(int fd);

  int ptsname_r(int fd, byte[] buf, NativeLong buflen);

  int tcgetattr(int fd, Pointer termios);

  void cfmakeraw(Pointer termios);

  int tcsetattr(int fd, int optionalActions, Pointer termios);

  int poll(Pointer fds, NativeLong nfds, int timeoutMillis);

  NativeLong read(int fd, byte[] buf, NativeLong count);

  NativeLong write(int fd, byte[] buf, NativeLong count);

  int close(int fd);
}
