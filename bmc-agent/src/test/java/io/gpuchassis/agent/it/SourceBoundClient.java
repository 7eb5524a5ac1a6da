package io.gpuchassis.agent.it;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;

/**
 * An HTTPS client whose connection comes from a chosen loopback address ({@code 127.0.0.N}), so
 * that one test can be an attacker at one address and the real user at another, as on a network.
 * One keep-alive connection, opened again when the agent closes it; trusts exactly the agent's
 * certificate. Not thread-safe: one per thread.
 */
final class SourceBoundClient implements AutoCloseable {

  /** A response: status, headers (names in lower case), body. */
  record Response(int status, Map<String, String> headers, String body) {
    String header(String name) {
      return headers.get(name.toLowerCase(Locale.ROOT));
    }
  }

  private final int port;
  private final SSLContext tls;
  private final InetAddress source;
  private SSLSocket socket;
  private InputStream in;
  private OutputStream out;

  SourceBoundClient(TestAgent agent, String source) throws Exception {
    this(agent.agent.port(), agent.stateDir.resolve("tls/https-cert.pem"), source);
  }

  SourceBoundClient(int port, Path certificatePem, String source) throws Exception {
    this.port = port;
    this.source = InetAddress.getByName(source);
    KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
    trust.load(null, null);
    try (InputStream pem = Files.newInputStream(certificatePem)) {
      trust.setCertificateEntry(
          "agent", CertificateFactory.getInstance("X.509").generateCertificate(pem));
    }
    TrustManagerFactory factory =
        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    factory.init(trust);
    this.tls = SSLContext.getInstance("TLS");
    tls.init(null, factory.getTrustManagers(), null);
  }

  Response get(String path, String authorization) throws IOException {
    return send("GET", path, authorization, null);
  }

  /** A session login: POST of the credentials to the session collection. */
  Response login(String user, String password) throws IOException {
    return send(
        "POST",
        "/redfish/v1/SessionService/Sessions",
        null,
        "{\"UserName\":\"" + user + "\",\"Password\":\"" + password + "\"}");
  }

  /**
   * Sends a request; {@code authorization} is a Basic header value, {@code token:XYZ} for a
   * session, or null. A connection the agent closed in between is opened again once.
   */
  Response send(String method, String path, String authorization, String body) throws IOException {
    StringBuilder head = new StringBuilder();
    head.append(method).append(' ').append(path).append(" HTTP/1.1\r\n");
    head.append("Host: 127.0.0.1:").append(port).append("\r\n");
    head.append("Accept: application/json\r\n");
    if (authorization != null && authorization.startsWith("token:")) {
      head.append("X-Auth-Token: ").append(authorization.substring(6)).append("\r\n");
    } else if (authorization != null) {
      head.append("Authorization: ").append(authorization).append("\r\n");
    }
    byte[] payload = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
    if (body != null) {
      head.append("Content-Type: application/json\r\n");
    }
    if (body != null || !method.equals("GET")) {
      head.append("Content-Length: ").append(payload.length).append("\r\n");
    }
    head.append("\r\n");
    byte[] request = concat(head.toString().getBytes(StandardCharsets.US_ASCII), payload);
    try {
      return exchange(request);
    } catch (IOException closedMeanwhile) {
      close();
      return exchange(request);
    }
  }

  private Response exchange(byte[] request) throws IOException {
    if (socket == null) {
      socket =
          (SSLSocket)
              tls.getSocketFactory()
                  .createSocket(InetAddress.getByName("127.0.0.1"), port, source, 0);
      socket.setSoTimeout(30_000);
      socket.startHandshake();
      in = new BufferedInputStream(socket.getInputStream());
      out = socket.getOutputStream();
    }
    out.write(request);
    out.flush();
    String status = line();
    if (status == null) {
      throw new IOException("connection closed before an answer");
    }
    Map<String, String> headers = new LinkedHashMap<>();
    for (String h = line(); h != null && !h.isEmpty(); h = line()) {
      int colon = h.indexOf(':');
      headers.put(
          h.substring(0, colon).trim().toLowerCase(Locale.ROOT), h.substring(colon + 1).trim());
    }
    String bodyText = new String(body(headers), StandardCharsets.UTF_8);
    if ("close".equalsIgnoreCase(headers.get("connection"))) {
      close();
    }
    return new Response(Integer.parseInt(status.split(" ")[1]), headers, bodyText);
  }

  private byte[] body(Map<String, String> headers) throws IOException {
    if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
      ByteArrayOutputStream all = new ByteArrayOutputStream();
      for (int size = Integer.parseInt(line().split(";")[0].trim(), 16);
          size > 0;
          size = Integer.parseInt(line().split(";")[0].trim(), 16)) {
        all.write(in.readNBytes(size));
        line();
      }
      line();
      return all.toByteArray();
    }
    int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
    byte[] body = in.readNBytes(length);
    if (body.length < length) {
      throw new IOException("connection closed in the middle of a body");
    }
    return body;
  }

  private String line() throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    for (int b = in.read(); b != '\n'; b = in.read()) {
      if (b < 0) {
        return line.size() == 0 ? null : line.toString(StandardCharsets.US_ASCII);
      }
      if (b != '\r') {
        line.write(b);
      }
    }
    return line.toString(StandardCharsets.US_ASCII);
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] all = new byte[a.length + b.length];
    System.arraycopy(a, 0, all, 0, a.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }

  @Override
  public void close() {
    if (socket != null) {
      try {
        socket.close();
      } catch (IOException e) {
        // closing anyway
      }
    }
    socket = null;
  }
}
