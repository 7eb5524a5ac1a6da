package io.gpuchassis.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.gpuchassis.agent.tls.TestCertificates;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.X509ExtendedTrustManager;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding 13: TLS 1.2 offered CBC suites and let a client renegotiate as often as it liked. The
 * agent runs here as it runs on a board, in its own process started by {@code Main} (through the
 * tests' {@code TestMain}, which only hashes passwords cheaply), so that the renegotiation switch
 * is tested where it matters: set before that JVM's first TLS server handshake. This client trusts
 * any certificate: what is tested is what the server agrees to, not who it is.
 */
class AttackTlsIT {

  static final String PASSWORD = "tls-it-admin-1";

  /** Forward-secret AEAD suites of TLS 1.2 (Mozilla intermediate, ECDHE only). */
  static final Set<String> AEAD_TLS12 =
      Set.of(
          "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
          "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
          "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
          "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
          "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256",
          "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256");

  @TempDir static Path dir;
  static Process agent;
  static int port;
  static SSLContext anyCertificate;

  @BeforeAll
  static void start() throws Exception {
    anyCertificate = SSLContext.getInstance("TLS");
    anyCertificate.init(null, new javax.net.ssl.TrustManager[] {new TrustingAll()}, null);
    port = FreePorts.free();
    Path config = dir.resolve("agent.yaml");
    Files.writeString(
        config, "listen: 127.0.0.1:" + port + "\nstateDir: state\nsimulation:\n  speed: fast\n");
    ProcessBuilder pb =
        new ProcessBuilder(
                ChildJvm.command(
                    "io.gpuchassis.agent.TestMain", // Main with cheap password hashing
                    "--config",
                    config.toString()))
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("agent.log").toFile()));
    pb.environment().put("BMC_AGENT_ADMIN_PASSWORD", PASSWORD);
    agent = pb.start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
    while (status("/redfish/v1/", null) != 200) {
      if (!agent.isAlive()) {
        fail("the agent died at start: " + Files.readString(dir.resolve("agent.log")));
      }
      if (System.nanoTime() > deadline) {
        fail("the agent did not answer within 90 s: " + Files.readString(dir.resolve("agent.log")));
      }
      Thread.sleep(100);
    }
  }

  @AfterAll
  static void stop() throws Exception {
    if (agent != null) {
      agent.destroy();
      if (!agent.waitFor(20, TimeUnit.SECONDS)) {
        agent.destroyForcibly().waitFor();
      }
    }
  }

  @Test
  void tls12_agrees_only_to_forward_secret_aead_suites_also_after_a_certificate_replacement()
      throws Exception {
    Set<String> accepted = acceptedTls12Suites();
    assertFalse(accepted.isEmpty(), "no TLS 1.2 suite at all");
    assertTrue(AEAD_TLS12.containsAll(accepted), "TLS 1.2 suites beyond ECDHE+AEAD: " + accepted);
    assertTrue(tls13Works(), "TLS 1.3");

    // The replaced certificate (RSA this time) comes with the same policy, not the TLS library's
    // defaults.
    TestCertificates.Issued rsa =
        TestCertificates.selfSigned("replaced.example", TestCertificates.rsa());
    String body =
        CertificateServiceIT.replace(
                CertificateServiceIT.CERTIFICATE, "PEM", rsa.certificatePem() + rsa.pkcs8KeyPem())
            .toString();
    assertEquals(
        200,
        status(
            "/redfish/v1/CertificateService/Actions/CertificateService.ReplaceCertificate", body));
    Set<String> afterReplacement = acceptedTls12Suites();
    assertTrue(
        afterReplacement.stream().anyMatch(s -> s.contains("_RSA_")),
        "the RSA certificate is not served: " + afterReplacement);
    assertTrue(
        AEAD_TLS12.containsAll(afterReplacement), "after the replacement: " + afterReplacement);
    assertTrue(tls13Works(), "TLS 1.3 after the replacement");
  }

  @Test
  void a_client_that_renegotiates_is_cut_off() throws Exception {
    try (SSLSocket socket = tls12(null)) {
      assertEquals(200, get(socket), "served before renegotiating");
      socket.startHandshake(); // TLS 1.2: a new ClientHello on the established connection
      int after;
      try {
        after = get(socket);
      } catch (IOException e) {
        after = -1;
      }
      assertEquals(-1, after, "a renegotiated connection must not be served");
    }
    try (SSLSocket socket = tls12(null)) {
      assertEquals(200, get(socket), "the next connection is served");
    }
  }

  @Test
  void openssl_renegotiation_is_refused() throws Exception {
    Assumptions.assumeTrue(
        Files.isExecutable(Path.of("/usr/bin/openssl")), "openssl is not installed");
    Process client =
        new ProcessBuilder(
                "/usr/bin/openssl",
                "s_client",
                "-connect",
                "127.0.0.1:" + port,
                "-tls1_2",
                "-servername",
                "localhost")
            .redirectErrorStream(true)
            .start();
    client.getOutputStream().write("R\n".getBytes(StandardCharsets.US_ASCII));
    client.getOutputStream().flush();
    boolean ended = client.waitFor(30, TimeUnit.SECONDS);
    if (!ended) {
      client.destroyForcibly().waitFor();
    }
    String output = new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(output.contains("RENEGOTIATING"), output);
    assertTrue(ended, "openssl is still connected after renegotiating:\n" + output);
    assertTrue(output.contains("handshake failure") || output.contains("alert"), output);
  }

  private static Set<String> acceptedTls12Suites() throws Exception {
    Set<String> accepted = new TreeSet<>();
    SSLEngine probe = anyCertificate.createSSLEngine();
    for (String suite : probe.getSupportedCipherSuites()) {
      if (suite.startsWith("TLS_AES_")
          || suite.startsWith("TLS_CHACHA20_")
          || suite.contains("SCSV")) {
        continue;
      }
      try (SSLSocket socket = tls12(suite)) {
        accepted.add(socket.getSession().getCipherSuite());
      } catch (IOException refused) {
        // not agreed to (or not one the client may offer)
      }
    }
    return accepted;
  }

  private static boolean tls13Works() throws IOException {
    try (SSLSocket socket =
        (SSLSocket) anyCertificate.getSocketFactory().createSocket("127.0.0.1", port)) {
      socket.setEnabledProtocols(new String[] {"TLSv1.3"});
      socket.setSoTimeout(10_000);
      socket.startHandshake();
      return socket.getSession().getProtocol().equals("TLSv1.3") && get(socket) == 200;
    }
  }

  private static SSLSocket tls12(String suite) throws IOException {
    SSLSocket socket =
        (SSLSocket) anyCertificate.getSocketFactory().createSocket("127.0.0.1", port);
    try {
      socket.setEnabledProtocols(new String[] {"TLSv1.2"});
      if (suite != null) {
        socket.setEnabledCipherSuites(new String[] {suite});
      }
      socket.setSoTimeout(10_000);
      socket.startHandshake();
      return socket;
    } catch (IOException | IllegalArgumentException e) {
      socket.close();
      throw e instanceof IOException io ? io : new IOException(e);
    }
  }

  /** GET /redfish/v1/ on a keep-alive connection: the status. */
  private static int get(SSLSocket socket) throws IOException {
    RawHttps.write(socket, "GET /redfish/v1/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    return RawHttps.read(socket).status();
  }

  /**
   * A request as the administrator on a new connection (null body: GET, else a JSON POST): the
   * status, -1 if none.
   */
  private static int status(String path, String body) {
    try (SSLSocket socket =
        (SSLSocket) anyCertificate.getSocketFactory().createSocket("127.0.0.1", port)) {
      socket.setSoTimeout(20_000);
      String auth = "Authorization: " + AgentClient.basic("admin", PASSWORD) + "\r\n";
      RawHttps.write(
          socket,
          body == null
              ? "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + auth + "\r\n"
              : "POST "
                  + path
                  + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                  + auth
                  + "Content-Type: application/json\r\n"
                  + "Content-Length: "
                  + body.getBytes(StandardCharsets.UTF_8).length
                  + "\r\n\r\n"
                  + body);
      return RawHttps.read(socket).status();
    } catch (IOException e) {
      return -1;
    }
  }

  /** Trusts every certificate: these tests look at the TLS parameters the server agrees to. */
  private static final class TrustingAll extends X509ExtendedTrustManager {
    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) {}

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) {}

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {}

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {}

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) {}

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) {}

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return new X509Certificate[0];
    }
  }
}
