package io.gpuchassis.switchdrv.transport.inband;

/** The Linux errno values the switchtec file protocol answers with (asm-generic/errno*.h). */
public final class Errno {

  public static final int ENOENT = 2;
  public static final int EINTR = 4;
  public static final int EIO = 5;
  public static final int ENXIO = 6;
  public static final int EBADF = 9;
  public static final int EAGAIN = 11;
  public static final int EACCES = 13;
  public static final int ENODEV = 19;
  public static final int EINVAL = 22;
  public static final int ENOTTY = 25;
  public static final int EPIPE = 32;
  public static final int EBADE = 52;
  public static final int EBADMSG = 74;
  public static final int ECONNRESET = 104;
  public static final int ECONNREFUSED = 111;
  public static final int EPERM = 1;

  private Errno() {}

  /** "EBADE (52)" for messages; unknown numbers print as "errno 123". */
  public static String name(int errno) {
    switch (errno) {
      case EPERM:
        return "EPERM (1)";
      case ENOENT:
        return "ENOENT (2)";
      case EINTR:
        return "EINTR (4)";
      case EIO:
        return "EIO (5)";
      case ENXIO:
        return "ENXIO (6)";
      case EBADF:
        return "EBADF (9)";
      case EAGAIN:
        return "EAGAIN (11)";
      case EACCES:
        return "EACCES (13)";
      case ENODEV:
        return "ENODEV (19)";
      case EINVAL:
        return "EINVAL (22)";
      case ENOTTY:
        return "ENOTTY (25)";
      case EPIPE:
        return "EPIPE (32)";
      case EBADE:
        return "EBADE (52)";
      case EBADMSG:
        return "EBADMSG (74)";
      case ECONNRESET:
        return "ECONNRESET (104)";
      case ECONNREFUSED:
        return "ECONNREFUSED (111)";
      default:
        return "errno " + errno;
    }
  }
}
