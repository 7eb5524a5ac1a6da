package io.gpuchassis.agent.firmware;

import io.gpuchassis.agent.events.HttpEventSender;
import io.gpuchassis.agent.events.OutboundGuard;
import io.gpuchassis.agent.tasks.Secrets;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.SocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Objects;
import java.util.Optional;

/**
 * Downloads an image over HTTP(S) into a staging file with Vert.x's client (HTTPS servers are
 * checked against the JDK's trusted authorities, for the host named). Every hop, redirects
 * included, is checked by the {@link OutboundGuard} and connects to the address it checked, so
 * neither a redirect nor a DNS answer that changes can lead the agent to a denied network;
 * credentials go only to the origin they were given for. It lives as long as the agent's Vert.x,
 * which closes its client.
 */
public final class ImageDownload {

  /** Redirects followed at most. */
  static final int MAX_REDIRECTS = 5;

  /** How long a server may stay silent (connecting, or within the body). */
  static final long IDLE_TIMEOUT_MS = 30_000;

  /** Why a download failed; the message names the URI with its user information masked. */
  public static final class Failed extends Exception {
    private static final long serialVersionUID = 1L;

    /**
     * What kind of failure: the image's place was refused, it was too large, or it could not be
     * had.
     */
    public enum Kind {
      REFUSED,
      TOO_LARGE,
      UNAVAILABLE
    }

    private final Kind kind;

    Failed(Kind kind, String message) {
      super(Secrets.maskUris(message), null, false, false);
      this.kind = kind;
    }

    public Kind kind() {
      return kind;
    }
  }

  /**
   * Hands a response that is about to send its body a chance to refuse it (for its declared size),
   * before anything is stored.
   */
  @FunctionalInterface
  public interface BodyCheck {
    void accept(long declaredLength) throws Exception;
  }

  private final WorkerExecutor resolver;
  private final HttpClient client;
  private final OutboundGuard guard;

  public ImageDownload(Vertx vertx, OutboundGuard guard) {
    this.resolver = vertx.createSharedWorkerExecutor(HttpEventSender.RESOLVER_POOL, 2);
    this.guard = guard;
    this.client =
        vertx.createHttpClient(
            new HttpClientOptions().setVerifyHost(true).setConnectTimeout(10_000));
  }

  /**
   * Downloads {@code uri} (without user information) into {@code writer}'s file; {@code
   * credentials} is {@code user:password} for HTTP Basic. Completes with the bytes stored.
   */
  public Future<Long> fetch(
      URI uri, Optional<String> credentials, BodyCheck check, StagingWriter writer) {
    return hop(uri, uri, credentials, check, writer, 0);
  }

  private Future<Long> hop(
      URI origin,
      URI uri,
      Optional<String> credentials,
      BodyCheck check,
      StagingWriter writer,
      int redirects) {
    return resolver
        .executeBlocking(() -> guard.check(uri), false)
        .recover(
            e -> Future.failedFuture(new Failed(Failed.Kind.REFUSED, uri + ": " + e.getMessage())))
        .compose(
            permit ->
                client.request(
                    options(permit, sameOrigin(origin, uri) ? credentials : Optional.empty())))
        .compose(request -> request.send())
        .compose(
            response -> {
              int status = response.statusCode();
              String location = response.getHeader("Location");
              if (status >= 300 && status < 400 && location != null) {
                discard(response); // whatever the redirect carries is not read
                if (redirects >= MAX_REDIRECTS) {
                  return Future.failedFuture(
                      new Failed(
                          Failed.Kind.UNAVAILABLE,
                          uri + ": more than " + MAX_REDIRECTS + " redirects"));
                }
                URI next;
                try {
                  next = uri.resolve(location);
                } catch (IllegalArgumentException e) {
                  return Future.failedFuture(
                      new Failed(Failed.Kind.UNAVAILABLE, uri + ": a redirect to an invalid URI"));
                }
                return hop(origin, next, credentials, check, writer, redirects + 1);
              }
              if (status != 200) {
                discard(response);
                return Future.failedFuture(
                    new Failed(
                        Failed.Kind.UNAVAILABLE, uri + ": the server answered HTTP " + status));
              }
              return body(uri, response, check, writer);
            });
  }

  private Future<Long> body(
      URI uri, HttpClientResponse response, BodyCheck check, StagingWriter writer) {
    response.pause();
    String length = response.getHeader("Content-Length");
    try {
      check.accept(length != null && length.matches("\\d{1,18}") ? Long.parseLong(length) : -1);
    } catch (Exception e) {
      discard(response);
      return Future.failedFuture(e);
    }
    return writer
        .copy(response)
        .recover(
            e -> {
              discard(response);
              return Future.failedFuture(
                  e instanceof StagingWriter.TooLarge
                      ? new Failed(Failed.Kind.TOO_LARGE, uri + ": " + e.getMessage())
                      : new Failed(Failed.Kind.UNAVAILABLE, uri + ": " + describe(e)));
            });
  }

  /**
   * Closes a response's connection without reading its body; the reset is expected, not an error to
   * report.
   */
  private static void discard(HttpClientResponse response) {
    response.exceptionHandler(ignored -> {});
    response.request().reset();
  }

  private static RequestOptions options(OutboundGuard.Permit permit, Optional<String> credentials) {
    RequestOptions options =
        new RequestOptions()
            .setMethod(HttpMethod.GET)
            .setServer(
                SocketAddress.inetSocketAddress(permit.port(), permit.address().getHostAddress()))
            .setHost(permit.host())
            .setPort(permit.port())
            .setSsl(permit.tls())
            .setURI(permit.pathAndQuery())
            .setFollowRedirects(false)
            .setIdleTimeout(IDLE_TIMEOUT_MS);
    credentials.ifPresent(
        c ->
            options.putHeader(
                "Authorization",
                "Basic " + Base64.getEncoder().encodeToString(c.getBytes(StandardCharsets.UTF_8))));
    return options;
  }

  /** Credentials given for one server are not sent to another one a redirect names. */
  private static boolean sameOrigin(URI a, URI b) {
    return Objects.equals(lower(a.getScheme()), lower(b.getScheme()))
        && Objects.equals(lower(a.getHost()), lower(b.getHost()))
        && port(a) == port(b);
  }

  private static String lower(String s) {
    return s == null ? null : s.toLowerCase(java.util.Locale.ROOT);
  }

  private static int port(URI u) {
    return u.getPort() >= 0 ? u.getPort() : "https".equalsIgnoreCase(u.getScheme()) ? 443 : 80;
  }

  private static String describe(Throwable e) {
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }
}
