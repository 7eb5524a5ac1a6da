package io.gpuchassis.agent.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Base64;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A real HTTPS client for the agent under test. It trusts exactly the certificate the agent
 * presents (read from the agent's state directory), so the TLS handshake and host-name check are
 * the real ones.
 */
final class AgentClient {

  static final ObjectMapper JSON = new ObjectMapper();

  /** The UpdateService's MultipartHttpPushUri. */
  static final String MULTIPART_PUSH = "/redfish/v1/UpdateService/update-multipart";

  private final HttpClient http;
  private final String base;
  private final SSLContext tls;
  private final int port;

  AgentClient(int port, Path certificatePem) throws Exception {
    this.base = "https://127.0.0.1:" + port;
    this.port = port;
    this.tls = trusting(certificatePem);
    this.http =
        HttpClient.newBuilder()
            .sslContext(tls)
            // generous: the first handshake of a freshly started agent is slow on a loaded CI
            // machine (seen over 5 s)
            .connectTimeout(Duration.ofSeconds(30))
            .build();
  }

  /** A raw TLS connection to the agent, handshake done: for tests of the transport itself. */
  javax.net.ssl.SSLSocket rawTls() throws Exception {
    javax.net.ssl.SSLSocket socket =
        (javax.net.ssl.SSLSocket) tls.getSocketFactory().createSocket("127.0.0.1", port);
    socket.setSoTimeout(5000);
    socket.startHandshake();
    return socket;
  }

  static String basic(String user, String password) {
    return "Basic "
        + Base64.getEncoder()
            .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
  }

  HttpResponse<String> get(String path, String authorization) throws Exception {
    return send("GET", path, authorization, null);
  }

  /**
   * Sends a request with extra headers; {@code authorization} may be a Basic header value or {@code
   * token:XYZ} for a session token.
   */
  HttpResponse<String> send(
      String method, String path, String authorization, String body, String... headers)
      throws Exception {
    HttpRequest.Builder request = request(method, path, authorization, body);
    for (int i = 0; i + 1 < headers.length; i += 2) {
      request.header(headers[i], headers[i + 1]);
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** POSTs {@code body} as it is, with {@code contentType}. */
  HttpResponse<String> postBytes(String path, String authorization, String contentType, byte[] body)
      throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(base + path))
            .timeout(Duration.ofSeconds(30))
            .header("Content-Type", contentType)
            .POST(HttpRequest.BodyPublishers.ofByteArray(body));
    if (authorization != null) {
      request.header("Authorization", authorization);
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  /**
   * Pushes {@code bundle} as a switch image file ({@code UpdateFile}, switch.fwb) with the JSON
   * {@code parameters} ({@code UpdateParameters}) to the MultipartHttpPushUri, as a Redfish client
   * does.
   */
  HttpResponse<String> pushBundle(String authorization, String parameters, byte[] bundle)
      throws Exception {
    java.util.Map<String, byte[]> parts = new java.util.LinkedHashMap<>();
    parts.put("UpdateParameters", parameters.getBytes(StandardCharsets.UTF_8));
    parts.put("UpdateFile;switch.fwb", bundle);
    return postMultipart(MULTIPART_PUSH, authorization, parts);
  }

  /**
   * POSTs a multipart/form-data body of {@code parts}: name to content; a part whose name is given
   * as {@code name;filename} carries that file name and is sent as application/octet-stream, others
   * as JSON.
   */
  HttpResponse<String> postMultipart(
      String path, String authorization, java.util.Map<String, byte[]> parts) throws Exception {
    String boundary = "----agent-test-" + System.nanoTime();
    java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();
    for (var part : parts.entrySet()) {
      String[] name = part.getKey().split(";", 2);
      String disposition =
          "Content-Disposition: form-data; name=\""
              + name[0]
              + "\""
              + (name.length > 1
                  ? "; filename=\"" + name[1] + "\"\r\nContent-Type: application/octet-stream"
                  : "\r\nContent-Type: application/json");
      body.write(
          ("--" + boundary + "\r\n" + disposition + "\r\n\r\n").getBytes(StandardCharsets.UTF_8));
      body.write(part.getValue());
      body.write("\r\n".getBytes(StandardCharsets.UTF_8));
    }
    body.write(("--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(base + path))
            .timeout(Duration.ofSeconds(30))
            .header("Content-Type", "multipart/form-data; boundary=" + boundary)
            .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray()));
    if (authorization != null) {
      request.header("Authorization", authorization);
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private HttpRequest.Builder request(
      String method, String path, String authorization, String body) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(base + path))
            .timeout(Duration.ofSeconds(30))
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
    if (authorization != null && authorization.startsWith("token:")) {
      request.header("X-Auth-Token", authorization.substring("token:".length()));
    } else if (authorization != null) {
      request.header("Authorization", authorization);
    }
    if (body != null) {
      request.header("Content-Type", "application/json");
    }
    return request;
  }

  /**
   * The status of a request. An event stream's body is not waited for (it never ends); any other
   * body is read to its end, so the connection goes back to the pool instead of being closed (a
   * walk of thousands of requests would otherwise pay a TLS handshake for each).
   */
  int status(String method, String path, String authorization, String body) throws Exception {
    HttpResponse<InputStream> response =
        http.send(
            request(method, path, authorization, body).build(),
            HttpResponse.BodyHandlers.ofInputStream());
    try (InputStream in = response.body()) {
      boolean stream =
          response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream");
      if (!stream) {
        in.transferTo(java.io.OutputStream.nullOutputStream());
      }
    }
    return response.statusCode();
  }

  /**
   * Opens a streaming GET (an SSE stream): the response arrives with its headers, the body is read
   * as it comes.
   */
  HttpResponse<java.util.stream.Stream<String>> stream(
      String path, String authorization, String... headers) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(base + path))
            .header("Accept", "text/event-stream")
            .header(
                authorization.startsWith("token:") ? "X-Auth-Token" : "Authorization",
                authorization.startsWith("token:")
                    ? authorization.substring("token:".length())
                    : authorization)
            .GET();
    for (int i = 0; i + 1 < headers.length; i += 2) {
      request.header(headers[i], headers[i + 1]);
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofLines());
  }

  /**
   * The outcome of an operation: a 202's task monitor ({@code Location}) is polled until it answers
   * something other than 202, and that final response is returned; any other answer (one given
   * within the answer window) is the outcome already.
   */
  HttpResponse<String> awaitTask(HttpResponse<String> accepted, String authorization)
      throws Exception {
    return awaitTask(accepted, authorization, Duration.ofSeconds(20));
  }

  /** As above, for a task that may run up to {@code within}. */
  HttpResponse<String> awaitTask(
      HttpResponse<String> accepted, String authorization, Duration within) throws Exception {
    if (accepted.statusCode() != 202) {
      return accepted; // answered within the answer window: the outcome itself
    }
    String monitor =
        accepted
            .headers()
            .firstValue("Location")
            .orElseThrow(() -> new AssertionError("202 without Location"));
    long deadline = System.nanoTime() + within.toNanos();
    while (true) {
      HttpResponse<String> response = get(monitor, authorization);
      if (response.statusCode() != 202) {
        return response;
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the task at " + monitor + " did not finish: " + response.body());
      }
      Thread.sleep(25);
    }
  }

  /**
   * Injects a fault into the simulated chassis ({@code /sim/v1/faults}); returns the fault's URI,
   * whose DELETE clears it.
   */
  String injectFault(String authorization, String kind, String target) throws Exception {
    HttpResponse<String> r =
        send(
            "POST",
            "/sim/v1/faults",
            authorization,
            "{\"kind\":\"" + kind + "\",\"target\":\"" + target + "\"}");
    if (r.statusCode() != 201) {
      throw new AssertionError("the fault " + kind + " on " + target + ": " + r.body());
    }
    return r.headers().firstValue("Location").orElseThrow();
  }

  static JsonNode json(HttpResponse<String> response) throws Exception {
    return JSON.readTree(response.body());
  }

  /** A TLS context that trusts exactly the agent's certificate. */
  static SSLContext trusting(Path certificatePem) throws Exception {
    X509Certificate certificate;
    try (InputStream in = Files.newInputStream(certificatePem)) {
      certificate =
          (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
    }
    KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
    trust.load(null, null);
    trust.setCertificateEntry("agent", certificate);
    TrustManagerFactory tmf =
        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    tmf.init(trust);
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(null, tmf.getTrustManagers(), null);
    return context;
  }
}
