package io.gpuchassis.switchdrv.transport.tcp;

import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.mrpc.MrpcRequest;
import io.gpuchassis.switchdrv.mrpc.MrpcResult;
import io.gpuchassis.switchdrv.mrpc.MrpcTransport;
import io.gpuchassis.switchdrv.transport.SwitchTransport;
import io.gpuchassis.switchdrv.transport.WriteMode;
import io.gpuchassis.switchdrv.wire.Deadline;
import io.gpuchassis.switchdrv.wire.LeReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Arrays;

/**
 * SMWP profile M over TCP: GAS reads/writes and whole MRPCs for one chip of a remote (usually
 * simulated) switch. One request is outstanding at a time; replies with another sequence number
 * (late answers to a request that timed out) are skipped.
 *
 * <p>Blocking with a per-call timeout ({@code ioTimeout} for GAS access, the MRPC deadline for
 * MRPCs). Any I/O failure or timeout closes the socket; the next call reconnects, so a transient
 * fault never leaves the transport stuck. Not thread-safe: one caller thread.
 */
public final class TcpSwitchTransport implements SwitchTransport, MrpcTransport {

  private final InetSocketAddress address;
  private final int chip;
  private final Duration ioTimeout;
  private Socket socket;
  private InputStream in;
  private OutputStream out;
  private int seq;
  private boolean closed;

  public TcpSwitchTransport(InetSocketAddress address, int chip, Duration ioTimeout) {
    this.address = address;
    this.chip = chip;
    this.ioTimeout = ioTimeout;
  }

  @Override
  public byte[] read(int offset, int length) {
    byte[] body =
        exchange(
            SmwpFrame.GAS_READ, SmwpMessages.gasRead(chip, offset, length), Deadline.in(ioTimeout));
    LeReader r = new LeReader(body, "SMWP GAS read reply");
    int status = r.u8();
    byte[] data = r.bytes(length);
    if (status != SmwpFrame.GAS_OK && status != SmwpFrame.GAS_OUT_OF_RANGE) {
      throw new SwitchException(SwitchException.Kind.IO, "GAS read refused, gas_status " + status);
    }
    return data;
  }

  @Override
  public void write(int offset, byte[] data, WriteMode mode) {
    byte[] body =
        exchange(
            SmwpFrame.GAS_WRITE, SmwpMessages.gasWrite(chip, offset, data), Deadline.in(ioTimeout));
    int status = new LeReader(body, "SMWP GAS write reply").u8();
    if (status != SmwpFrame.GAS_OK && status != SmwpFrame.GAS_OUT_OF_RANGE) {
      throw new SwitchException(SwitchException.Kind.IO, "GAS write refused, gas_status " + status);
    }
  }

  @Override
  public MrpcResult mrpc(MrpcRequest request, Deadline deadline) {
    byte[] body =
        exchange(
            SmwpFrame.MRPC,
            SmwpMessages.mrpc(
                chip, request.outputLength(), request.commandWord(), request.payload()),
            deadline);
    LeReader r = new LeReader(body, "SMWP MRPC reply");
    int status = r.i32();
    long ret = r.u32();
    byte[] output = r.bytes(r.remaining());
    if (status == 2 && ret == 0 && output.length != request.outputLength()) {
      throw new SwitchException(
          SwitchException.Kind.PROTOCOL,
          "MRPC reply has " + output.length + " output bytes, expected " + request.outputLength());
    }
    return new MrpcResult(status, ret, output);
  }

  private byte[] exchange(int kind, byte[] body, Deadline deadline) {
    if (closed) {
      throw new SwitchException(SwitchException.Kind.IO, "transport closed");
    }
    try {
      connect(deadline);
      seq = (seq + 1) & 0xFFFF;
      if (seq == 0) {
        seq = 1;
      }
      out.write(new SmwpFrame(kind, seq, body).encode());
      out.flush();
      while (true) {
        socket.setSoTimeout((int) Math.max(1, deadline.remainingMillis()));
        SmwpFrame reply = SmwpFrame.read(in);
        if (reply.kind() == SmwpFrame.ERROR) {
          throw new SwitchException(
              SwitchException.Kind.PROTOCOL, "SMWP error frame " + Arrays.toString(reply.body()));
        }
        if (reply.seq() != seq) {
          continue; // a late answer to an abandoned request
        }
        if (reply.kind() != (kind | SmwpFrame.REPLY)) {
          throw new SwitchException(
              SwitchException.Kind.PROTOCOL, "SMWP reply kind " + reply.kind());
        }
        return reply.body();
      }
    } catch (SocketTimeoutException e) {
      disconnect();
      throw new SwitchException(SwitchException.Kind.TIMEOUT, "no SMWP reply from " + address, e);
    } catch (IOException e) {
      disconnect();
      throw new SwitchException(
          SwitchException.Kind.IO, "SMWP connection to " + address + " failed", e);
    } catch (SwitchException e) {
      disconnect(); // resynchronise the stream after a garbled frame
      throw e;
    }
  }

  private void connect(Deadline deadline) throws IOException {
    if (socket != null) {
      return;
    }
    Socket s = new Socket();
    try {
      s.setTcpNoDelay(true);
      s.connect(address, (int) Math.max(1, deadline.remainingMillis()));
    } catch (IOException e) {
      s.close();
      throw e;
    }
    socket = s;
    in = new java.io.BufferedInputStream(s.getInputStream());
    out = s.getOutputStream();
  }

  private void disconnect() {
    if (socket != null) {
      try {
        socket.close();
      } catch (IOException ignored) {
        // nothing left to release
      }
    }
    socket = null;
    in = null;
    out = null;
  }

  @Override
  public String description() {
    return "smwp tcp " + address.getHostString() + ":" + address.getPort() + " chip " + chip;
  }

  @Override
  public void close() {
    closed = true;
    disconnect();
  }
}
