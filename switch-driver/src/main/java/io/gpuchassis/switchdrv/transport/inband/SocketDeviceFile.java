package io.gpuchassis.switchdrv.transport.inband;

import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.transport.inband.DeviceNodeProtocol.Message;
import io.gpuchassis.switchdrv.wire.Deadline;
import java.nio.file.Path;

/**
 * A simulated device node reached through {@link DeviceNodeProtocol}: each file operation is one
 * request message and one reply; the node's READY message plays poll()'s POLLIN. A closed
 * connection reads as EIO, what the kernel answers once the device is gone.
 */
final class SocketDeviceFile implements DeviceFile {

  private final SeqpacketSocket socket;
  private boolean ready;

  private SocketDeviceFile(SeqpacketSocket socket) {
    this.socket = socket;
  }

  static SocketDeviceFile connect(Path node) throws ErrnoException {
    return new SocketDeviceFile(SeqpacketSocket.connect(node));
  }

  @Override
  public int write(byte[] data, Deadline deadline) throws ErrnoException {
    send(DeviceNodeProtocol.encode(DeviceNodeProtocol.WRITE, 0, data));
    return result(awaitReply(DeviceNodeProtocol.WRITE, deadline), "write");
  }

  @Override
  public boolean awaitReadable(Deadline deadline) throws ErrnoException {
    while (!ready) {
      if (!socket.awaitReadable(deadline)) {
        return false;
      }
      Message m = receive();
      if (m.op() != DeviceNodeProtocol.READY) {
        throw unexpected(m);
      }
      ready = true;
    }
    return true;
  }

  @Override
  public byte[] read(int size, Deadline deadline) throws ErrnoException {
    send(DeviceNodeProtocol.encode(DeviceNodeProtocol.READ, size, new byte[0]));
    Message reply = awaitReply(DeviceNodeProtocol.READ, deadline);
    ready = false;
    result(reply, "read");
    return reply.data();
  }

  private Message awaitReply(int op, Deadline deadline) throws ErrnoException {
    while (true) {
      if (!socket.awaitReadable(deadline)) {
        throw new SwitchException(
            SwitchException.Kind.TIMEOUT, "the simulated device node did not answer in time");
      }
      Message m = receive();
      if (m.op() == DeviceNodeProtocol.READY) {
        ready = true; // the command completed before the node answered this operation
      } else if (m.op() == op) {
        return m;
      } else {
        throw unexpected(m);
      }
    }
  }

  private void send(byte[] message) throws ErrnoException {
    try {
      socket.send(message);
    } catch (ErrnoException e) {
      throw gone(e);
    }
  }

  private Message receive() throws ErrnoException {
    byte[] raw;
    try {
      raw = socket.receive();
    } catch (ErrnoException e) {
      throw gone(e);
    }
    if (raw.length == 0) {
      throw new ErrnoException("device node closed", Errno.EIO);
    }
    return DeviceNodeProtocol.decode(raw);
  }

  // A cut connection is a removed device: the kernel answers EIO/ENODEV, not EPIPE.
  private static ErrnoException gone(ErrnoException e) {
    return e.errno() == Errno.EPIPE || e.errno() == Errno.ECONNRESET
        ? new ErrnoException("device node closed", Errno.EIO)
        : e;
  }

  private static int result(Message reply, String operation) throws ErrnoException {
    if (reply.value() < 0) {
      throw new ErrnoException(operation, -reply.value());
    }
    return reply.value();
  }

  private static SwitchException unexpected(Message m) {
    return new SwitchException(
        SwitchException.Kind.PROTOCOL, "unexpected device node message op " + m.op());
  }

  @Override
  public void close() {
    socket.close();
  }
}
