package io.gpuchassis.switchdrv.transport.moe;

import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.mrpc.MailboxRegisters;
import io.gpuchassis.switchdrv.mrpc.MrpcRequest;
import io.gpuchassis.switchdrv.mrpc.MrpcResult;
import io.gpuchassis.switchdrv.mrpc.MrpcTransport;
import io.gpuchassis.switchdrv.transport.EventSignal;
import io.gpuchassis.switchdrv.transport.SwitchTransport;
import io.gpuchassis.switchdrv.transport.WriteMode;
import io.gpuchassis.switchdrv.wire.Deadline;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Arrays;

/**
 * MoE, Switchtec management over Ethernet (switchtec-user lib/platform/linux-eth.c): whole MRPCs
 * and GAS reads/writes for one chip instance of a MoE endpoint, over a command channel, plus the
 * event channel the chip signals events on ({@link EventSignal}).
 *
 * <p>Blocking with a per-call timeout ({@code ioTimeout} for GAS access, the MRPC deadline for
 * MRPCs). Both channels are opened on first use; any I/O failure, timeout, close packet or garbled
 * answer closes them, and the next call reconnects, so a transient fault never leaves the transport
 * stuck. Not thread-safe: one caller thread (only {@link #eventOccurred()} may be called from
 * another).
 */
public final class MoeSwitchTransport implements SwitchTransport, MrpcTransport, EventSignal {

  private static final byte[] EMPTY = new byte[0];

  private final InetSocketAddress address;
  private final int instance;
  private final Duration ioTimeout;
  private MoeChannel command;
  private volatile MoeChannel events;
  private boolean closed;

  /**
   * @param address the endpoint (the chip's management port, normally {@link
   *     MoeHeader#DEFAULT_PORT})
   * @param instance MoE service instance of the chip, 0 or 1
   */
  public MoeSwitchTransport(InetSocketAddress address, int instance, Duration ioTimeout) {
    if (instance < 0 || instance > 1) {
      throw new IllegalArgumentException("MoE instance is 0 or 1, not " + instance);
    }
    this.address = address;
    this.instance = instance;
    this.ioTimeout = ioTimeout;
  }

  @Override
  public byte[] read(int offset, int length) {
    byte[] data = new byte[length];
    for (int done = 0; done < length; ) {
      int n = Math.min(MoeBodies.MAX_GAS_READ, length - done);
      MoeBodies.Response r =
          exchange(
              MoeHeader.GAS_COMMAND,
              MoeBodies.gasRead(offset + done, n),
              0,
              MoeHeader.GAS_RESPONSE,
              Deadline.in(ioTimeout));
      checkGas(r, "read");
      if (r.output().length != n) {
        throw fail("GAS read returned " + r.output().length + " bytes, asked " + n);
      }
      System.arraycopy(r.output(), 0, data, done, n);
      done += n;
    }
    return data;
  }

  @Override
  public void write(int offset, byte[] data, WriteMode mode) {
    for (int done = 0; done < data.length; ) {
      int n = Math.min(MoeBodies.MAX_GAS_WRITE, data.length - done);
      MoeBodies.Response r =
          exchange(
              MoeHeader.GAS_COMMAND,
              MoeBodies.gasWrite(offset + done, Arrays.copyOfRange(data, done, done + n)),
              0,
              MoeHeader.GAS_RESPONSE,
              Deadline.in(ioTimeout));
      checkGas(r, "write");
      done += n;
    }
  }

  // Out of range is what a chip's GAS answers too (0xFF reads, dropped writes): not a failure.
  private void checkGas(MoeBodies.Response r, String what) {
    if (r.result() != MoeBodies.GAS_OK && r.result() != MoeBodies.GAS_OUT_OF_RANGE) {
      throw fail("GAS " + what + " refused, result " + r.result());
    }
  }

  @Override
  public MrpcResult mrpc(MrpcRequest request, Deadline deadline) {
    byte[] body = MoeBodies.mrpc(request.commandWord(), request.payload());
    if (!request.awaitsCompletion()) {
      return sendReset(body, request, deadline);
    }
    MoeBodies.Response r =
        exchange(
            MoeHeader.MRPC_COMMAND,
            body,
            request.outputLength(),
            MoeHeader.MRPC_RESPONSE,
            deadline);
    // The vendor library takes any other length as EIO, whatever the result.
    if (r.output().length != request.outputLength()) {
      throw fail(
          "MRPC response has "
              + r.output().length
              + " output bytes, expected "
              + request.outputLength());
    }
    return r.result() == 0
        ? new MrpcResult(MailboxRegisters.STATUS_DONE, 0, r.output())
        : new MrpcResult(MailboxRegisters.STATUS_ERROR, r.result(), EMPTY);
  }

  // A hard reset takes the chip, and with it the endpoint, away: the answer may never come.
  private MrpcResult sendReset(byte[] body, MrpcRequest request, Deadline deadline) {
    if (closed) {
      throw new SwitchException(SwitchException.Kind.IO, "transport closed");
    }
    try {
      connect(deadline);
    } catch (IOException e) {
      throw new SwitchException(
          SwitchException.Kind.IO, "MoE connection to " + address + " failed", e);
    }
    try {
      exchange(
          MoeHeader.MRPC_COMMAND, body, request.outputLength(), MoeHeader.MRPC_RESPONSE, deadline);
    } catch (SwitchException e) {
      // sent; a chip going down before it answers is what a reset does
    } finally {
      disconnect();
    }
    return new MrpcResult(MailboxRegisters.STATUS_DONE, 0, EMPTY);
  }

  private MoeBodies.Response exchange(
      int function, byte[] body, int outputLength, int expected, Deadline deadline) {
    if (closed) {
      throw new SwitchException(SwitchException.Kind.IO, "transport closed");
    }
    try {
      connect(deadline);
      command.socket.setSoTimeout(millis(deadline));
      command.out.write(MoeHeader.command(function, body.length, outputLength).encodeWith(body));
      command.out.flush();
      MoeHeader h = MoeHeader.read(command.in);
      if (h.is(MoeHeader.PACKET_OPEN, MoeHeader.OPEN_CLOSE)) {
        throw new SwitchException(
            SwitchException.Kind.IO, "MoE endpoint " + address + " closed the command channel");
      }
      if (!h.is(MoeHeader.PACKET_COMMAND, expected)) {
        throw fail("answer of function " + h.functionType() + ", expected " + expected);
      }
      if (h.payloadLength() < 4 || h.payloadLength() > MoeHeader.MAX_PAYLOAD) {
        throw fail("response body of " + h.payloadLength() + " bytes");
      }
      return MoeBodies.Response.decode(MoeHeader.readFully(command.in, h.payloadLength()));
    } catch (SocketTimeoutException e) {
      disconnect();
      throw new SwitchException(SwitchException.Kind.TIMEOUT, "no MoE answer from " + address, e);
    } catch (IOException e) {
      disconnect();
      throw new SwitchException(
          SwitchException.Kind.IO, "MoE connection to " + address + " failed", e);
    } catch (SwitchException e) {
      disconnect(); // resynchronise the stream after a garbled packet
      throw e;
    }
  }

  private void connect(Deadline deadline) throws IOException {
    if (command != null) {
      return;
    }
    MoeChannel c = MoeChannel.open(address, MoeHeader.SERVICE_COMMAND, instance, millis(deadline));
    try {
      events = MoeChannel.open(address, MoeHeader.SERVICE_EVENT, instance, millis(deadline));
    } catch (IOException | RuntimeException e) {
      c.close();
      throw e;
    }
    command = c;
  }

  /**
   * Whether the chip sent an event packet on the event channel since the last call. Reads only what
   * has already arrived; false while the channels are not open.
   */
  @Override
  public boolean eventOccurred() {
    MoeChannel e = events;
    if (e == null) {
      return false;
    }
    boolean seen = false;
    try {
      synchronized (e) {
        while (e.in.available() >= MoeHeader.SIZE) {
          MoeHeader h = MoeHeader.read(e.in);
          seen |= h.is(MoeHeader.PACKET_COMMAND, MoeHeader.EVENT);
          if (h.payloadLength() > 0) {
            MoeHeader.readFully(e.in, Math.min(h.payloadLength(), MoeHeader.MAX_PAYLOAD));
          }
        }
      }
    } catch (IOException | SwitchException ex) {
      return seen; // the command channel's next failure reconnects both
    }
    return seen;
  }

  private static int millis(Deadline deadline) {
    return (int) Math.max(1, Math.min(Integer.MAX_VALUE, deadline.remainingMillis()));
  }

  private void disconnect() {
    if (command != null) {
      command.close();
    }
    MoeChannel e = events;
    if (e != null) {
      e.close();
    }
    command = null;
    events = null;
  }

  private SwitchException fail(String message) {
    return new SwitchException(SwitchException.Kind.PROTOCOL, "MoE " + address + ": " + message);
  }

  @Override
  public String description() {
    return "moe " + address.getHostString() + ":" + address.getPort() + " instance " + instance;
  }

  @Override
  public void close() {
    closed = true;
    disconnect();
  }
}
