package io.gpuchassis.agent.service;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLong;
import com.sun.jna.Platform;

/**
 * The libc socket calls behind {@link NotifySocket}, bound with JNA: Java's own Unix-domain
 * channels are stream-only, and systemd's notification socket takes datagrams. Constants are the
 * Linux values, the same on x86_64, arm64 and armhf; {@code size_t}/{@code ssize_t} are {@link
 * NativeLong} (the width of {@code long} on all three), {@code socklen_t} an int. A {@code
 * sockaddr_un} is passed as bytes (see {@link NotifySocket#address}).
 */
interface LibC extends Library {

  int AF_UNIX = 1;
  int SOCK_DGRAM = 2;
  int SOCK_CLOEXEC = 02000000;
  int MSG_DONTWAIT = 0x40;
  int MSG_NOSIGNAL = 0x4000;
  int EAGAIN = 11;

  LibC INSTANCE = Native.load(Platform.C_LIBRARY_NAME, LibC.class);

  int socket(int domain, int type, int protocol) throws LastErrorException;

  NativeLong sendto(
      int fd, byte[] buf, NativeLong len, int flags, byte[] address, int addressLength)
      throws LastErrorException;

  int bind(int fd, byte[] address, int addressLength) throws LastErrorException;

  NativeLong recv(int fd, byte[] buf, NativeLong len, int flags) throws LastErrorException;

  int close(int fd);
}
