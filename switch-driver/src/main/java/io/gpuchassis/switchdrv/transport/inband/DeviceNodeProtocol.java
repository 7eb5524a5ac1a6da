package io.gpuchassis.switchdrv.transport.inband;

import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.wire.LeWriter;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * How a simulated {@code /dev/switchtecN} is reached: a Unix-domain SOCK_SEQPACKET socket at the
 * node path, one message per file operation. Our own convention, spoken only between the simulator
 * and this transport; a real node is the kernel's char device.
 *
 * <p>Why a socket and not a pty: the char device keeps each write() whole, and its answers are
 * errno values (EBADE on a second write, ENXIO, EIO) that only the file's owner can give. A pty
 * merges writes (its reader would have to guess boundaries from timing, which flakes on a busy
 * machine) and can carry no errno; CUSE needs /dev/cuse, which containers and CI lack. A seqpacket
 * socket keeps boundaries exactly, needs no privilege, and each operation's errno travels back in
 * its reply, so the simulator can apply the kernel driver's rules call by call.
 *
 * <p>Messages, all little-endian, each {@code op u8, 3 reserved bytes, value i32, data}:
 *
 * <ul>
 *   <li>{@link #WRITE} request: value 0, data = the bytes of the write(); reply: value = bytes
 *       written or -errno.
 *   <li>{@link #READ} request: value = the read()'s size; reply: value = bytes read or -errno, data
 *       = the bytes read.
 *   <li>{@link #READY} (unsolicited, from the node): the MRPC submitted on this connection has
 *       completed, what poll() reports as POLLIN on the char device. Exactly one per accepted
 *       WRITE; the client sends READ only after it, so a READ is always answered at once.
 * </ul>
 */
public final class DeviceNodeProtocol {

  public static final int WRITE = 1;
  public static final int READ = 2;
  public static final int READY = 3;
  public static final int HEADER = 8;

  private DeviceNodeProtocol() {}

  /**
   * Where a simulated node at {@code node} publishes its sysfs attributes ({@link SysfsIdentity}):
   * the sibling directory {@code <node>.sysfs}, since it has no /sys/dev/char entry.
   */
  public static Path sysfsDir(Path node) {
    return node.resolveSibling(node.getFileName() + ".sysfs");
  }

  public static byte[] encode(int op, int value, byte[] data) {
    byte[] out = new byte[HEADER + data.length];
    out[0] = (byte) op;
    LeWriter.putU32(out, 4, value);
    System.arraycopy(data, 0, out, HEADER, data.length);
    return out;
  }

  public static Message decode(byte[] message) {
    if (message.length < HEADER) {
      throw new SwitchException(
          SwitchException.Kind.PROTOCOL, "device node message of " + message.length + " bytes");
    }
    return new Message(
        message[0] & 0xFF,
        LeWriter.getI32(message, 4),
        Arrays.copyOfRange(message, HEADER, message.length));
  }

  /** One decoded message. */
  public record Message(int op, int value, byte[] data) {}
}
