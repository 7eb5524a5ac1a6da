package io.gpuchassis.agent.it;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * How a Sunfish core reads an agent, as the reference core writes its GETs: the agent's base URL
 * from the registration event's MessageArgs, a slash, then the resource's URI, so the path begins
 * with two slashes ({@code https://host:port//redfish/v1/...}). Unlike the reference core, which
 * sends no credentials, this one authenticates as the core's account, as the agent requires; and it
 * trusts exactly the agent's certificate, read when the first GET is made (the agent writes it at
 * its start).
 */
final class AgentReads {

  private final Path certificate;
  private final String authorization;

  /**
   * @param certificate the agent's HTTPS certificate (PEM)
   * @param authorization the Authorization header of the core's account on the agent
   */
  AgentReads(Path certificate, String authorization) {
    this.certificate = certificate;
    this.authorization = authorization;
  }

  /** GET of {@code uri} on the agent at {@code hostname}, answered asynchronously. */
  CompletableFuture<HttpResponse<String>> get(String hostname, String uri) {
    HttpClient http;
    try {
      http =
          HttpClient.newBuilder()
              .sslContext(AgentClient.trusting(certificate))
              .connectTimeout(Duration.ofSeconds(30))
              .build();
    } catch (Exception e) {
      return CompletableFuture.failedFuture(e);
    }
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(hostname + "/" + uri))
            .timeout(Duration.ofSeconds(30))
            .header("Authorization", authorization)
            .GET()
            .build();
    return http.sendAsync(request, HttpResponse.BodyHandlers.ofString());
  }
}
