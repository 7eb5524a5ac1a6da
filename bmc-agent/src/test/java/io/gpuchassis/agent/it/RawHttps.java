package io.gpuchassis.agent.it;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;

/**
 * Raw HTTP/1.1 over TLS to the agent under test: requests written byte for byte (what a
 * well-behaved client library would refuse to send), the response read as it comes. Trusts exactly
 * the agent's certificate.
 */
final class RawHttps {

  /** A response: its status, headers (names in lower case) and body. */
  record Response(int status, Map<String, String> headers, String body) {
    String header(String name) {
      return headers.get(name.toLowerCase(Locale.ROOT));
    }
  }

  private final int port;
  private final SSLContext tls;

  RawHttps(int port, Path certificatePem) throws Exception {
    this.port = port;
    this.tls = AgentClient.trusting(certificatePem);
  }

  static RawHttps of(TestAgent agent) throws Exception {
    return new RawHttps(agent.agent.port(), agent.stateDir.resolve("tls/https-cert.pem"));
  }

  int port() {
    return port;
  }

  /** A TLS connection from 127.0.0.1, handshake done. */
  SSLSocket open() throws IOException {
    return open("127.0.0.1");
  }

  /** A TLS connection from {@code source} (another loopback address), handshake done. */
  SSLSocket open(String source) throws IOException {
    SSLSocket socket =
        (SSLSocket)
            tls.getSocketFactory()
                .createSocket(
                    InetAddress.getByName("127.0.0.1"), port, InetAddress.getByName(source), 0);
    socket.setSoTimeout(10_000);
    socket.startHandshake();
    return socket;
  }

  /** Sends {@code request} as written on a new connection and reads the one response. */
  Response exchange(String request) throws IOException {
    try (SSLSocket socket = open()) {
      write(socket, request);
      return read(socket);
    }
  }

  static void write(SSLSocket socket, String text) throws IOException {
    socket.getOutputStream().write(text.getBytes(StandardCharsets.ISO_8859_1));
    socket.getOutputStream().flush();
  }

  /** Reads one response with a Content-Length body (or none). */
  static Response read(SSLSocket socket) throws IOException {
    InputStream in = socket.getInputStream();
    String statusLine = line(in);
    if (statusLine == null) {
      throw new IOException("the connection closed before a response");
    }
    int status = Integer.parseInt(statusLine.split(" ")[1]);
    Map<String, String> headers = new LinkedHashMap<>();
    for (String line = line(in); line != null && !line.isEmpty(); line = line(in)) {
      int colon = line.indexOf(':');
      headers.put(
          line.substring(0, colon).trim().toLowerCase(Locale.ROOT),
          line.substring(colon + 1).trim());
    }
    int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
    byte[] body = in.readNBytes(length);
    return new Response(status, headers, new String(body, StandardCharsets.UTF_8));
  }

  /**
   * Whether the server closes {@code socket} within {@code wait} (a timeout means it is still
   * open).
   */
  static boolean closedByServer(SSLSocket socket, Duration wait) throws IOException {
    int before = socket.getSoTimeout();
    long deadline = System.nanoTime() + wait.toNanos();
    try {
      while (true) {
        long left = Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
        socket.setSoTimeout((int) Math.min(left, Integer.MAX_VALUE));
        try {
          if (socket.getInputStream().read() == -1) {
            return true;
          }
        } catch (SocketTimeoutException e) {
          if (System.nanoTime() >= deadline) {
            return false;
          }
        } catch (IOException e) {
          return true;
        }
      }
    } finally {
      if (!socket.isClosed()) {
        socket.setSoTimeout(before);
      }
    }
  }

  private static String line(InputStream in) throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    int c;
    while ((c = in.read()) != -1 && c != '\n') {
      if (c != '\r') {
        line.write(c);
      }
    }
    if (c == -1 && line.size() == 0) {
      return null;
    }
    return line.toString(StandardCharsets.ISO_8859_1);
  }
}
