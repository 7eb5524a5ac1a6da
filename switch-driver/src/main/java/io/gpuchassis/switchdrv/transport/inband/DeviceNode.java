package io.gpuchassis.switchdrv.transport.inband;

import io.gpuchassis.switchdrv.SwitchException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Opens a node path as the vendor does and checks its sysfs identity first: a char device is the
 * kernel driver's node, described under {@code /sys/dev/char/MAJOR:MINOR}; a socket is a simulated
 * node ({@link DeviceNodeProtocol}), described by the simulator in {@code <node>.sysfs}. Anything
 * else is refused with a message that says what the path is.
 */
final class DeviceNode {

  private static final int S_IFMT = 0170000;
  private static final int S_IFSOCK = 0140000;
  private static final int S_IFCHR = 0020000;
  private static final Path SYS_DEV_CHAR = Path.of("/sys/dev/char");

  private DeviceNode() {}

  record Opened(DeviceFile file, SysfsIdentity identity) {}

  static Opened open(Path node) {
    int mode;
    long rdev;
    try {
      mode = (Integer) Files.getAttribute(node, "unix:mode");
      rdev = (Long) Files.getAttribute(node, "unix:rdev");
    } catch (NoSuchFileException e) {
      throw new SwitchException(
          SwitchException.Kind.IO,
          "no device node at " + node + " (is the switchtec kernel module loaded?)");
    } catch (IOException | UnsupportedOperationException e) {
      throw new SwitchException(SwitchException.Kind.IO, "cannot inspect " + node, e);
    }
    int type = mode & S_IFMT;
    try {
      if (type == S_IFCHR) {
        SysfsIdentity id = SysfsIdentity.read(sysfsOf(rdev), node);
        return new Opened(CharDeviceFile.open(node), id);
      }
      if (type == S_IFSOCK) {
        SysfsIdentity id = SysfsIdentity.read(DeviceNodeProtocol.sysfsDir(node), node);
        return new Opened(SocketDeviceFile.connect(node), id);
      }
    } catch (ErrnoException e) {
      throw new SwitchException(
          e.errno() == Errno.EACCES || e.errno() == Errno.EPERM
              ? SwitchException.Kind.REFUSED
              : SwitchException.Kind.IO,
          "cannot open " + node + ": " + e.getMessage(),
          e);
    }
    throw SysfsIdentity.notSwitchtec(node, "it is " + kind(node, type) + ", not a char device");
  }

  // glibc's gnu_dev_major/gnu_dev_minor
  private static Path sysfsOf(long rdev) {
    long major = ((rdev >>> 8) & 0xFFF) | ((rdev >>> 32) & ~0xFFFL);
    long minor = (rdev & 0xFF) | ((rdev >>> 12) & ~0xFFL);
    return SYS_DEV_CHAR.resolve(major + ":" + minor);
  }

  private static String kind(Path node, int type) {
    if (Files.isRegularFile(node, LinkOption.NOFOLLOW_LINKS) || type == 0100000) {
      return "a regular file";
    }
    if (type == 0040000) {
      return "a directory";
    }
    if (type == 0060000) {
      return "a block device";
    }
    if (type == 0010000) {
      return "a FIFO";
    }
    return "a file of type 0" + Integer.toOctalString(type);
  }
}
