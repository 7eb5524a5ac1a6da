package io.gpuchassis.agent.it;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import javax.net.ssl.SSLSocket;

/**
 * A TLS connection to the agent that a test drives as an attacker would: it sends half a request
 * and stops, never reads what the agent sends, or reads only later. It trusts exactly the agent's
 * certificate.
 */
final class StallingClient implements AutoCloseable {

  final SSLSocket socket;

  private StallingClient(SSLSocket socket) {
    this.socket = socket;
  }

  /**
   * Connects to {@code agent}; {@code receiveBuffer} bytes (0 for the default) is the socket's
   * receive buffer, set before connecting so that a reader that stalls stalls early.
   */
  static StallingClient connect(TestAgent agent, int receiveBuffer) throws Exception {
    SSLSocket socket =
        (SSLSocket)
            AgentClient.trusting(agent.stateDir.resolve("tls/https-cert.pem"))
                .getSocketFactory()
                .createSocket();
    if (receiveBuffer > 0) {
      socket.setReceiveBufferSize(receiveBuffer);
    }
    socket.connect(new InetSocketAddress("127.0.0.1", agent.agent.port()), 5000);
    socket.setSoTimeout(5000);
    socket.startHandshake();
    return new StallingClient(socket);
  }

  void send(String text) throws IOException {
    send(text.getBytes(StandardCharsets.ISO_8859_1));
  }

  void send(byte[] bytes) throws IOException {
    OutputStream out = socket.getOutputStream();
    out.write(bytes);
    out.flush();
  }

  /**
   * Everything the agent sends until it closes the connection (or resets it); fails when {@code
   * timeoutMs} passes without a byte.
   */
  byte[] readToEnd(int timeoutMs) throws IOException {
    socket.setSoTimeout(timeoutMs);
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    InputStream in = socket.getInputStream();
    byte[] buffer = new byte[64 * 1024];
    try {
      for (int n; (n = in.read(buffer)) >= 0; ) {
        all.write(buffer, 0, n);
      }
    } catch (SocketTimeoutException e) {
      throw new IOException("no end after " + all.size() + " bytes", e);
    } catch (IOException e) {
      // A reset after the last bytes is an end too.
    }
    return all.toByteArray();
  }

  /** The body of a chunked HTTP response (headers first), as text. */
  static String dechunk(byte[] response) {
    int start = indexOf(response, "\r\n\r\n".getBytes(StandardCharsets.US_ASCII), 0);
    if (start < 0) {
      return "";
    }
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    int i = start + 4;
    while (i < response.length) {
      int lineEnd = indexOf(response, new byte[] {'\r', '\n'}, i);
      if (lineEnd < 0) {
        break;
      }
      int size =
          Integer.parseInt(
              new String(response, i, lineEnd - i, StandardCharsets.US_ASCII).trim(), 16);
      if (size == 0) {
        break;
      }
      int from = lineEnd + 2;
      int to = Math.min(response.length, from + size);
      body.write(response, from, to - from);
      i = to + 2;
    }
    return body.toString(StandardCharsets.UTF_8);
  }

  private static int indexOf(byte[] bytes, byte[] what, int from) {
    outer:
    for (int i = from; i + what.length <= bytes.length; i++) {
      for (int j = 0; j < what.length; j++) {
        if (bytes[i + j] != what[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
