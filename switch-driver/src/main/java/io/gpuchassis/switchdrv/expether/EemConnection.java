package io.gpuchassis.switchdrv.expether;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.gpuchassis.switchdrv.expether.EemException.Kind;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * HTTP to one manager: every request carries Basic credentials (sent up front, as the manager's own
 * clients do, not after a challenge), every answer is JSON, and every failure becomes an {@link
 * EemException} of the right kind. Knows paths, not devices.
 */
final class EemConnection {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final URI base;
  private final String authorization;
  private final EemOptions options;
  private final HttpClient http;

  /**
   * @param base the manager's API root, e.g. {@code http://10.0.0.9:30500/eem}
   */
  EemConnection(URI base, String user, String password, EemOptions options) {
    String root = base.toString();
    this.base = URI.create(root.endsWith("/") ? root : root + "/");
    this.authorization =
        "Basic "
            + Base64.getEncoder()
                .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    this.options = options;
    HttpClient.Builder builder =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(options.connectTimeout())
            .followRedirects(HttpClient.Redirect.NEVER);
    if (options.sslContext() != null) {
      builder.sslContext(options.sslContext());
    }
    this.http = builder.build();
  }

  URI base() {
    return base;
  }

  JsonNode get(String path) {
    return send(request(path).GET());
  }

  JsonNode put(String path, JsonNode body) {
    return send(
        request(path)
            .header("Content-Type", "application/json")
            .PUT(HttpRequest.BodyPublishers.ofString(body.toString())));
  }

  JsonNode delete(String path) {
    return send(request(path).DELETE());
  }

  private HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(base.resolve(path))
        .timeout(options.requestTimeout())
        .header("Accept", "application/json")
        .header("Authorization", authorization);
  }

  private JsonNode send(HttpRequest.Builder builder) {
    HttpRequest request = builder.build();
    String what = request.method() + " " + request.uri().getRawPath();
    HttpResponse<String> response;
    try {
      response = http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    } catch (HttpConnectTimeoutException e) {
      throw new EemException(Kind.UNREACHABLE, what + ": connect timed out", e);
    } catch (HttpTimeoutException e) {
      throw new EemException(
          Kind.TIMEOUT, what + ": no answer within " + options.requestTimeout(), e);
    } catch (IOException e) { // refused, reset, no route: nobody answers at that address
      throw new EemException(Kind.UNREACHABLE, what + ": " + describe(e), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new EemException(Kind.UNREACHABLE, what + ": interrupted", e);
    }
    return answer(what, response.statusCode(), response.body());
  }

  private static JsonNode answer(String what, int status, String body) {
    if (status == 200 || status == 204) {
      return parse(what, body);
    }
    // A refusal's body is {"code": ..., "message": ...}; a 401 may come without one.
    JsonNode error = lenient(body);
    String code = error.hasNonNull("code") ? error.get("code").asText() : null;
    String message =
        what
            + ": HTTP "
            + status
            + (error.hasNonNull("message") ? ": " + error.get("message").asText() : "");
    Kind kind =
        switch (status) {
          case 401, 403 -> Kind.AUTH_REFUSED;
          case 404 -> Kind.NOT_FOUND;
          case 409 -> Kind.CONFLICT;
          default -> Kind.REJECTED;
        };
    throw new EemException(kind, message, status, code, null);
  }

  private static JsonNode parse(String what, String body) {
    if (body == null || body.isBlank()) {
      return MissingNode.getInstance();
    }
    try {
      return JSON.readTree(body);
    } catch (JsonProcessingException e) {
      throw new EemException(Kind.MALFORMED, what + ": the answer is not JSON", e);
    }
  }

  private static JsonNode lenient(String body) {
    try {
      JsonNode node = body == null || body.isBlank() ? null : JSON.readTree(body);
      return node == null ? MissingNode.getInstance() : node;
    } catch (JsonProcessingException e) {
      return MissingNode.getInstance();
    }
  }

  private static String describe(IOException e) {
    return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
  }
}
