package io.gpuchassis.switchdrv.transport.inband;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLong;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;

/**
 * The libc calls behind the in-band transport, bound with JNA. JNA keeps each call's errno for
 * {@link Native#getLastError()}, which is why this goes through libc instead of FileChannel: the
 * kernel driver's answers are errno values (EBADE, ENXIO, EIO) that Java's IOException only gives
 * as localised text. Constants are the Linux values, the same on x86_64 and aarch64.
 */
interface InbandLibC extends Library {

  int O_RDWR = 02;
  int O_CLOEXEC = 02000000;
  int AF_UNIX = 1;
  int SOCK_SEQPACKET = 5;
  int SOCK_CLOEXEC = 02000000;
  int SHUT_RDWR = 2;
  short POLLIN = 0x001;
  short POLLERR = 0x008;
  short POLLHUP = 0x010;
  short POLLNVAL = 0x020;

  /** sizeof(struct pollfd): int fd, short events, short revents. */
  int POLLFD_SIZE = 8;

  /** sizeof(struct sockaddr_un): sa_family_t (u16) + char sun_path[108]. */
  int SOCKADDR_UN_SIZE = 110;

  InbandLibC INSTANCE = Native.load(Platform.C_LIBRARY_NAME, InbandLibC.class);

  int open(String path, int flags);

  NativeLong read(int fd, byte[] buf, NativeLong count);

  NativeLong write(int fd, byte[] buf, NativeLong count);

  int poll(Pointer fds, NativeLong nfds, int timeoutMillis);

  int close(int fd);

  int socket(int domain, int type, int protocol);

  int connect(int fd, byte[] addr, int addrLen);

  int bind(int fd, byte[] addr, int addrLen);

  int listen(int fd, int backlog);

  int accept(int fd, Pointer addr, Pointer addrLen);

  int shutdown(int fd, int how);
}
