package io.gpuchassis.agent.events;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;

/**
 * Writes syslog messages to one collector on its own thread: over TLS (RFC 5425, the collector's
 * certificate checked against the CA file, or the JDK's trusted CAs, and its name), plain TCP (RFC
 * 6587), both with octet-counting framing on one kept connection, or UDP (RFC 5426), a datagram
 * each. A write that fails closes the connection and fails the delivery (the queue retries it; the
 * next write connects again). TCP and TLS confirm only that the collector's connection took the
 * bytes; syslog has no acknowledgement.
 */
final class SyslogSender implements EventSender, AutoCloseable {

  /** How long connecting (and a TLS handshake) may take. */
  static final int CONNECT_TIMEOUT_MILLIS = 5_000;

  /** The transports. */
  enum Transport {
    TLS,
    TCP,
    UDP;

    /** The transport of a Redfish syslog Protocol ({@code SyslogTLS}, {@code SyslogTCP}, ...). */
    static Transport of(String protocol) {
      return valueOf(protocol.substring("Syslog".length()));
    }

    /** The registered port: 6514 for TLS (RFC 5425), 514 otherwise. */
    int defaultPort() {
      return this == TLS ? 6514 : 514;
    }
  }

  /** Where a connection may go: the address to use for {@code host}, or why not. */
  @FunctionalInterface
  interface Route {
    InetSocketAddress to(String host, int port) throws IOException;

    /** Any address the name resolves to (the operator's own configuration names it). */
    Route ANY = (host, port) -> new InetSocketAddress(host, port);
  }

  private final Transport transport;
  private final Route route;
  private final String host;
  private final int port;
  private final SSLContext tls;
  private final ExecutorService thread;
  private Socket socket;
  private DatagramSocket datagrams;

  SyslogSender(
      Transport transport,
      String host,
      int port,
      Optional<Path> caFile,
      Route route,
      ExecutorService thread) {
    this.transport = transport;
    this.route = route;
    this.host = host;
    this.port = port;
    this.thread = thread;
    this.tls = transport == Transport.TLS ? context(caFile) : null;
  }

  /** Writes {@code message} (a framed or plain RFC 5424 message); completes 200 when written. */
  @Override
  public CompletionStage<Integer> post(String destination, String message) {
    return CompletableFuture.supplyAsync(
        () -> {
          send(message.getBytes(StandardCharsets.UTF_8));
          return 200;
        },
        thread);
  }

  private void send(byte[] message) {
    try {
      if (transport == Transport.UDP) {
        if (datagrams == null) {
          datagrams = new DatagramSocket();
        }
        datagrams.send(
            new DatagramPacket(message, message.length, new InetSocketAddress(host, port)));
        return;
      }
      if (socket == null) {
        socket = connect();
      }
      OutputStream out = socket.getOutputStream();
      out.write((message.length + " ").getBytes(StandardCharsets.US_ASCII));
      out.write(message);
      out.flush();
    } catch (IOException e) {
      disconnect();
      throw new UncheckedIOException("syslog to " + host + ":" + port + ": " + e.getMessage(), e);
    }
  }

  private Socket connect() throws IOException {
    Socket plain = new Socket();
    try {
      plain.connect(route.to(host, port), CONNECT_TIMEOUT_MILLIS);
      if (tls == null) {
        return plain;
      }
      plain.setSoTimeout(CONNECT_TIMEOUT_MILLIS);
      SSLSocket secure = (SSLSocket) tls.getSocketFactory().createSocket(plain, host, port, true);
      SSLParameters parameters = secure.getSSLParameters();
      parameters.setEndpointIdentificationAlgorithm("HTTPS"); // the certificate names the host
      parameters.setProtocols(new String[] {"TLSv1.3", "TLSv1.2"});
      secure.setSSLParameters(parameters);
      secure.startHandshake();
      secure.setSoTimeout(0);
      return secure;
    } catch (IOException e) {
      plain.close();
      throw e;
    }
  }

  private void disconnect() {
    if (socket != null) {
      try {
        socket.close();
      } catch (IOException ignored) {
        // already gone
      }
      socket = null;
    }
  }

  @Override
  public void close() {
    thread.execute(
        () -> {
          disconnect();
          if (datagrams != null) {
            datagrams.close();
          }
        });
    thread.shutdown();
  }

  /** TLS trusting the CAs of {@code caFile} (PEM), or the JDK's when there is none. */
  static SSLContext context(Optional<Path> caFile) {
    try {
      SSLContext context = SSLContext.getInstance("TLS");
      if (caFile.isEmpty()) {
        context.init(null, null, null);
        return context;
      }
      KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
      trusted.load(null, null);
      try (InputStream in = Files.newInputStream(caFile.get())) {
        int n = 0;
        for (Certificate c : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
          trusted.setCertificateEntry("ca-" + n++, c);
        }
        if (n == 0) {
          throw new IllegalArgumentException(caFile.get() + " holds no certificate");
        }
      }
      TrustManagerFactory trust =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      trust.init(trusted);
      context.init(null, trust.getTrustManagers(), null);
      return context;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the syslog CA file: " + e.getMessage(), e);
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException("the syslog CA file: " + e.getMessage(), e);
    }
  }
}
