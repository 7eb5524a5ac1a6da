package io.gpuchassis.switchdrv.transport.moe;

import io.gpuchassis.switchdrv.SwitchException;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * One opened MoE channel (one TCP connection): connect, send the open request for a service type
 * and instance, and require an accept with return code 0, as the vendor's {@code open_eth_chan}
 * does.
 */
final class MoeChannel implements AutoCloseable {

  final Socket socket;
  final InputStream in;
  final OutputStream out;

  private MoeChannel(Socket socket) throws IOException {
    this.socket = socket;
    this.in = new BufferedInputStream(socket.getInputStream());
    this.out = socket.getOutputStream();
  }

  static MoeChannel open(InetSocketAddress address, int service, int instance, int timeoutMillis)
      throws IOException {
    Socket s = new Socket();
    try {
      s.setTcpNoDelay(true);
      s.connect(address, timeoutMillis);
      s.setSoTimeout(timeoutMillis);
      MoeChannel c = new MoeChannel(s);
      c.out.write(MoeHeader.open(MoeHeader.OPEN_REQUEST, instance, service, 0).encode());
      c.out.flush();
      MoeHeader answer = MoeHeader.read(c.in);
      if (!answer.is(MoeHeader.PACKET_OPEN, MoeHeader.OPEN_ACCEPT)
          || answer.outputLengthOrCode() != 0) {
        throw new SwitchException(
            SwitchException.Kind.PROTOCOL,
            String.format(
                "MoE endpoint %s refused to open the %s channel of instance %d"
                    + " (function %d, return code 0x%x)",
                address,
                service == MoeHeader.SERVICE_EVENT ? "event" : "command",
                instance,
                answer.functionType(),
                answer.outputLengthOrCode()));
      }
      return c;
    } catch (IOException | RuntimeException e) {
      s.close();
      throw e;
    }
  }

  @Override
  public void close() {
    try {
      socket.close();
    } catch (IOException ignored) {
      // nothing left to release
    }
  }
}
