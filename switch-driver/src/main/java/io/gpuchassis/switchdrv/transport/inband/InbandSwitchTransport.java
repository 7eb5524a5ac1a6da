package io.gpuchassis.switchdrv.transport.inband;

import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.mrpc.CommandIds;
import io.gpuchassis.switchdrv.mrpc.FirmwareErrors;
import io.gpuchassis.switchdrv.mrpc.MailboxRegisters;
import io.gpuchassis.switchdrv.mrpc.MrpcRequest;
import io.gpuchassis.switchdrv.mrpc.MrpcResult;
import io.gpuchassis.switchdrv.mrpc.MrpcTransport;
import io.gpuchassis.switchdrv.transport.SwitchTransport;
import io.gpuchassis.switchdrv.transport.WriteMode;
import io.gpuchassis.switchdrv.wire.Deadline;
import io.gpuchassis.switchdrv.wire.LeWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;

/**
 * The in-band transport: whole MRPCs through the kernel switchtec driver's {@code /dev/switchtecN}
 * (reference §1.2), as switchtec-user's {@code linux_cmd} sends them. One MRPC is in flight per
 * open file; a write while an earlier answer is unread gets EBADE, and then, like the vendor, the
 * stale answer is drained and the command resubmitted. That is also how a call that timed out is
 * recovered: its MRPC stays queued in the kernel and the next call drains it.
 *
 * <p>GAS bytes go through the MRPCs GAS_READ (0x29, at most 512 bytes per call as the vendor's
 * gas_mrpc.c reads) and GAS_WRITE (0x34, at most 1016), not through an mmap of the PCI {@code
 * resource0}: a mapped file cannot be served by the register-level simulator (a write to the
 * mailbox command register must run the chip's firmware), and {@code MappedByteBuffer} does not
 * promise the 32-bit access width MMIO registers need, nor survive a surprise-removed BAR (SIGBUS).
 * Both paths need the same privilege (root / CAP_SYS_ADMIN).
 *
 * <p>The node is opened lazily, checked against its sysfs attributes, and reopened after EIO (the
 * vendor's {@code linux_reopen_fd}). Failures: IO (node missing, device gone), REFUSED (not a
 * switchtec node, permission), TIMEOUT (no completion by the deadline), PROTOCOL (short read). Not
 * thread-safe beyond its own lock: one caller at a time.
 */
public final class InbandSwitchTransport implements SwitchTransport, MrpcTransport {

  /** Bytes per GAS_READ, as switchtec-user's GAS_MRPC_MEMCPY_MAX. */
  static final int GAS_READ_CHUNK = 512;

  /** Bytes per GAS_WRITE: struct gas_mrpc_write's data[MRPC_MAX_DATA_LEN - 8]. */
  static final int GAS_WRITE_CHUNK = MailboxRegisters.MAX_DATA - 8;

  private final Path node;
  private final Duration ioTimeout;
  private DeviceFile file;
  private SysfsIdentity identity;
  private boolean closed;

  /**
   * @param node {@code /dev/switchtecN}, or a simulated node's socket
   * @param ioTimeout deadline of each GAS access
   */
  public InbandSwitchTransport(Path node, Duration ioTimeout) {
    this.node = node;
    this.ioTimeout = ioTimeout;
  }

  /** Opens the node now (it is otherwise opened on the first call) and returns its identity. */
  public synchronized SysfsIdentity identity() {
    file();
    return identity;
  }

  @Override
  public synchronized MrpcResult mrpc(MrpcRequest request, Deadline deadline) {
    DeviceFile f = file();
    try {
      submit(f, CharDeviceFraming.command(request.commandWord(), request.payload()), deadline);
      if (!request.awaitsCompletion()) {
        drop(); // a hard reset never completes; a fresh file does not inherit it
        return new MrpcResult(MailboxRegisters.STATUS_DONE, 0, new byte[0]);
      }
      if (!f.awaitReadable(deadline)) {
        throw new StillRunning("did not complete in time");
      }
      byte[] read = f.read(CharDeviceFraming.responseSize(request.outputLength()), deadline);
      CharDeviceFraming.Response r = CharDeviceFraming.response(read, request.outputLength());
      int status =
          r.returnValue() == 0 ? MailboxRegisters.STATUS_DONE : MailboxRegisters.STATUS_ERROR;
      return new MrpcResult(status, r.returnValue(), r.output());
    } catch (ErrnoException e) {
      if (e.errno() == Errno.ENXIO) {
        // the kernel's answer for mailbox status INTERRUPTED; the file is idle again
        return new MrpcResult(MailboxRegisters.STATUS_INTERRUPTED, 0, new byte[0]);
      }
      throw failure(request, e);
    } catch (StillRunning e) {
      // the file stays open: its MRPC is still queued in the kernel and the next call drains it
      throw new SwitchException(
          SwitchException.Kind.TIMEOUT,
          String.format("MRPC 0x%x on %s: %s", request.commandId(), node, e.getMessage()));
    } catch (SwitchException e) {
      drop(); // garbled or unanswered node operation: start over on a fresh file
      throw e;
    }
  }

  /** The deadline passed while an MRPC on the open file was still running. */
  private static final class StillRunning extends Exception {
    StillRunning(String message) {
      super(message, null, false, false);
    }
  }

  // The vendor's retry loop: EBADE means an earlier answer is unread; read it and submit again.
  private void submit(DeviceFile f, byte[] command, Deadline deadline)
      throws ErrnoException, StillRunning {
    while (true) {
      int written;
      try {
        written = f.write(command, deadline);
      } catch (ErrnoException e) {
        if (e.errno() != Errno.EBADE) {
          throw e;
        }
        if (!f.awaitReadable(deadline)) {
          throw new StillRunning("not submitted: an earlier MRPC on this file is still running");
        }
        drainStale(f, deadline);
        continue;
      }
      if (written != command.length) {
        throw new ErrnoException(
            "write of " + command.length + " bytes wrote " + written, Errno.EIO);
      }
      return;
    }
  }

  private static void drainStale(DeviceFile f, Deadline deadline) throws ErrnoException {
    try {
      f.read(CharDeviceFraming.WORD, deadline);
    } catch (ErrnoException e) {
      if (e.errno() != Errno.ENXIO && e.errno() != Errno.EBADMSG) {
        throw e; // the stale command's own failure does not matter; a dead device does
      }
    }
  }

  private SwitchException failure(MrpcRequest request, ErrnoException e) {
    int errno = e.errno();
    String what = String.format("MRPC 0x%x on %s: %s", request.commandId(), node, e.getMessage());
    if (errno == Errno.EBADMSG) {
      return new SwitchException(SwitchException.Kind.PROTOCOL, what + " (unexpected status)", e);
    }
    if (errno == Errno.EPERM || errno == Errno.EACCES) {
      return new SwitchException(
          SwitchException.Kind.REFUSED, what + " (GAS MRPCs need CAP_SYS_ADMIN)", e);
    }
    drop(); // EIO, ENODEV and the unexpected: reopen next time, as the vendor does after EIO
    boolean gone = errno == Errno.EIO || errno == Errno.ENODEV;
    return new SwitchException(
        SwitchException.Kind.IO, gone ? what + " (device gone or reset)" : what, e);
  }

  @Override
  public synchronized byte[] read(int offset, int length) {
    byte[] out = new byte[length];
    for (int done = 0; done < length; done += GAS_READ_CHUNK) {
      int n = Math.min(GAS_READ_CHUNK, length - done);
      byte[] payload = new LeWriter().u32(offset + done).u32(n).toBytes();
      byte[] chunk =
          gasCall(
              new MrpcRequest(CommandIds.GAS_READ, payload, n, true, true), CommandIds.GAS_READ);
      System.arraycopy(chunk, 0, out, done, n);
    }
    return out;
  }

  @Override
  public synchronized void write(int offset, byte[] data, WriteMode mode) {
    for (int done = 0; done < data.length; done += GAS_WRITE_CHUNK) {
      int n = Math.min(GAS_WRITE_CHUNK, data.length - done);
      byte[] payload =
          new LeWriter()
              .u32(offset + done)
              .u32(n)
              .bytes(Arrays.copyOfRange(data, done, done + n))
              .toBytes();
      gasCall(
          new MrpcRequest(CommandIds.GAS_WRITE, payload, 0, mode == WriteMode.RETRY_ALLOWED, true),
          CommandIds.GAS_WRITE);
    }
  }

  private byte[] gasCall(MrpcRequest request, int id) {
    MrpcResult r = mrpc(request, Deadline.in(ioTimeout));
    if (!r.succeeded()) {
      throw FirmwareErrors.toException(id, r);
    }
    return r.output();
  }

  private DeviceFile file() {
    if (closed) {
      throw new SwitchException(SwitchException.Kind.IO, "transport closed");
    }
    if (file == null) {
      DeviceNode.Opened opened = DeviceNode.open(node);
      file = opened.file();
      identity = opened.identity();
    }
    return file;
  }

  private void drop() {
    if (file != null) {
      file.close();
      file = null;
    }
  }

  @Override
  public synchronized String description() {
    return "switchtec char device "
        + node
        + (identity == null ? "" : " (" + identity.describe() + ")");
  }

  @Override
  public synchronized void close() {
    closed = true;
    drop();
  }
}
