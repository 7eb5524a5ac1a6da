package io.gpuchassis.agent.events;

import io.gpuchassis.agent.tls.TlsKeyLoader;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.PemTrustOptions;
import io.vertx.core.net.SocketAddress;
import java.net.URI;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * Delivers events with Vert.x's asynchronous HTTP client: no thread waits for a subscriber.
 * Connection pools are per destination host, so one slow receiver cannot take the connections
 * another needs. HTTPS destinations must present a certificate for the host named, chained to an
 * authority the JVM trusts, or to one of the subscription's own certificates when it keeps any
 * ({@link #trusting}). Every delivery is checked by the {@link OutboundGuard} first and connects to
 * the address it checked, so a destination whose name now resolves somewhere denied (DNS rebinding,
 * a changed policy) receives nothing; redirects are not followed.
 */
public final class HttpEventSender implements EventSender, AutoCloseable {

  /**
   * Where destination names are resolved: a slow DNS server holds up deliveries, never the agent's
   * other work.
   */
  public static final String RESOLVER_POOL = "outbound-resolver";

  static final int RESOLVER_THREADS = 2;

  /** The longest answer body kept; a receiver's longer answer is read and dropped. */
  public static final int MAX_ANSWER_BYTES = 64 * 1024;

  private final Vertx vertx;
  private final WorkerExecutor resolver;
  private final HttpClient client;
  private final Duration timeout;
  private volatile OutboundGuard guard;

  /**
   * @param timeout how long a receiver may take to answer before the delivery counts as failed
   * @param guard where deliveries may go, until {@link #guard(OutboundGuard)} changes it
   */
  public HttpEventSender(Vertx vertx, Duration timeout, OutboundGuard guard) {
    this.vertx = vertx;
    this.resolver = vertx.createSharedWorkerExecutor(RESOLVER_POOL, RESOLVER_THREADS);
    this.client =
        vertx.createHttpClient(
            new HttpClientOptions()
                .setConnectTimeout((int) Math.min(timeout.toMillis(), 5_000))
                .setVerifyHost(true));
    this.timeout = timeout;
    this.guard = guard;
  }

  /** Checks every delivery from now on against {@code newGuard}. */
  /** Where deliveries may go now. */
  public OutboundGuard guard() {
    return guard;
  }

  public void guard(OutboundGuard newGuard) {
    this.guard = newGuard;
  }

  @Override
  public CompletionStage<Integer> post(String destination, String jsonBody) {
    return exchange(destination, jsonBody).thenApply(DeliveryAnswer::status);
  }

  @Override
  public CompletionStage<DeliveryAnswer> exchange(String destination, String jsonBody) {
    return exchange(client, destination, jsonBody);
  }

  private CompletionStage<DeliveryAnswer> exchange(
      HttpClient through, String destination, String jsonBody) {
    OutboundGuard checking = guard;
    return resolver
        .executeBlocking(() -> checking.check(URI.create(destination)), false)
        .compose(permit -> send(through, permit, jsonBody))
        .toCompletionStage();
  }

  /**
   * A sender to destinations that must present a chain to one of {@code authorities}, and to
   * nothing else (the JVM's authorities do not count): a subscription's own certificates. It has
   * its own connections; close it when the subscription's deliveries stop.
   */
  public Trusting trusting(List<X509Certificate> authorities) {
    PemTrustOptions trust = new PemTrustOptions();
    authorities.forEach(a -> trust.addCertValue(Buffer.buffer(TlsKeyLoader.pem(a))));
    return new Trusting(
        vertx.createHttpClient(
            new HttpClientOptions()
                .setConnectTimeout((int) Math.min(timeout.toMillis(), 5_000))
                .setVerifyHost(true)
                .setTrustOptions(trust)));
  }

  /** Deliveries that trust a subscription's own certificates: see {@link #trusting}. */
  public final class Trusting implements EventSender, AutoCloseable {
    private final HttpClient own;

    private Trusting(HttpClient own) {
      this.own = own;
    }

    @Override
    public CompletionStage<Integer> post(String destination, String jsonBody) {
      return exchange(destination, jsonBody).thenApply(DeliveryAnswer::status);
    }

    @Override
    public CompletionStage<DeliveryAnswer> exchange(String destination, String jsonBody) {
      return HttpEventSender.this.exchange(own, destination, jsonBody);
    }

    @Override
    public void close() {
      own.close();
    }
  }

  private Future<DeliveryAnswer> send(
      HttpClient client, OutboundGuard.Permit permit, String jsonBody) {
    RequestOptions options =
        new RequestOptions()
            .setServer(
                SocketAddress.inetSocketAddress(permit.port(), permit.address().getHostAddress()))
            .setHost(permit.host())
            .setPort(permit.port())
            .setSsl(permit.tls())
            .setURI(permit.pathAndQuery())
            .setFollowRedirects(false)
            .setMethod(HttpMethod.POST)
            .setIdleTimeout(timeout.toMillis())
            .putHeader("Content-Type", "application/json")
            .putHeader("OData-Version", "4.0");
    return client
        .request(options)
        .compose(request -> request.send(Buffer.buffer(jsonBody)))
        .compose(
            response ->
                response
                    .body()
                    .map(
                        body ->
                            new DeliveryAnswer(
                                response.statusCode(),
                                body.length() <= MAX_ANSWER_BYTES ? body.toString() : "")));
  }

  @Override
  public void close() {
    client.close();
    resolver.close();
  }
}
