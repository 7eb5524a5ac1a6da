package io.gpuchassis.agent.http;

import io.gpuchassis.agent.config.HttpLimits;
import io.gpuchassis.agent.config.ListenAddress;
import io.gpuchassis.agent.fault.FaultInjector;
import io.gpuchassis.agent.redfish.RedfishResources;
import io.gpuchassis.agent.security.SecurityServices;
import io.gpuchassis.agent.tls.HttpsCertificate;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.http.MalformedRequests;
import io.gpuchassis.redfish.http.RedfishResponses;
import io.gpuchassis.redfish.http.RequestEntrance;
import io.gpuchassis.redfish.route.RouteEntry;
import io.vertx.core.Context;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTPS server: HTTP/1.1 over TLS ({@link TlsPolicy}), one router holding the Redfish route
 * table and, in simulated mode, the simulation control API. Every limit it keeps is an {@link
 * HttpLimits} setting: sizes here, deadlines and connection slots in {@link ConnectionGuard},
 * bodies and request time in {@link AgentRoutes}. It presents {@link HttpsCertificate#current()}
 * and attaches itself to that holder, so that a replaced certificate is presented on new
 * connections without a restart.
 */
public final class RedfishServer {

  private static final Logger LOG = LoggerFactory.getLogger(RedfishServer.class);

  /** Vert.x's key for a shared ephemeral port: a distinct negative number per server. */
  private static final java.util.concurrent.atomic.AtomicInteger EPHEMERAL_SHARES =
      new java.util.concurrent.atomic.AtomicInteger();

  static {
    // Before this class can create a listener, hence before the JDK's first server handshake.
    TlsPolicy.rejectClientRenegotiation();
  }

  private final Vertx vertx;

  /** One listener per event loop, all on one port: Vert.x hands each new connection to the next. */
  private final List<HttpServer> listeners;

  /** The listeners' contexts: the event loops that answer requests. */
  private final List<Context> loops;

  private final ListenAddress listen;
  private final HttpLimits limits;
  private final ConnectionGuard guard;

  /** Where requests go: the start-up answer until {@link #serve}, then the Redfish routes. */
  private final AtomicReference<Handler<HttpServerRequest>> entrance;

  private volatile List<RouteEntry> routes = List.of();

  private RedfishServer(
      Vertx vertx,
      List<HttpServer> listeners,
      List<Context> loops,
      ListenAddress listen,
      HttpLimits limits,
      ConnectionGuard guard,
      AtomicReference<Handler<HttpServerRequest>> entrance) {
    this.vertx = vertx;
    this.listeners = listeners;
    this.loops = loops;
    this.listen = listen;
    this.limits = limits;
    this.guard = guard;
    this.entrance = entrance;
  }

  /**
   * Readies the TLS engine the server will use ahead of the first connection, from any thread:
   * BoringSSL's native library is unpacked and loaded once; the JDK's engine instead has Netty's
   * JDK server context check its trust-manager wrapping once, with a throw-away key, key store and
   * the JDK's default trust store, on whichever thread first accepts a TLS connection. This class's
   * initialisation, which sets the renegotiation policy, comes first.
   */
  public static void prepareTls() {
    if (TlsEngine.available() == TlsEngine.OPENSSL) {
      return;
    }
    try {
      Class.forName(
          "io.netty.handler.ssl.JdkSslServerContext", true, RedfishServer.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      // its own first connection pays for it
    }
  }

  /**
   * Listens while the agent is still starting; returns once the socket is bound. Until {@link
   * #serve} every request is answered 503 ServiceTemporarilyUnavailable with {@code Retry-After:
   * 1}: a client polling right after start learns the service is coming (not a refused connection),
   * and sees nothing of the chassis before all of it is known. Its TLS handshakes meanwhile warm
   * the server's TLS stack.
   */
  public static RedfishServer listen(
      Vertx vertx, ListenAddress listen, HttpLimits limits, HttpsCertificate certificate) {
    return listen(
        vertx, listen, limits, certificate, listeners(Runtime.getRuntime().availableProcessors()));
  }

  /** {@link #listen} with {@code instances} listeners on the port. */
  static RedfishServer listen(
      Vertx vertx,
      ListenAddress listen,
      HttpLimits limits,
      HttpsCertificate certificate,
      int instances) {
    ConnectionGuard guard = new ConnectionGuard(vertx, limits);
    HttpServerOptions options =
        new HttpServerOptions()
            .setMaxHeaderSize(limits.maxHeaderBytes())
            .setMaxInitialLineLength(limits.maxRequestLineBytes())
            // no traffic either way for this long: the connection goes, whatever it is doing
            .setIdleTimeout((int) limits.idleTimeout().toMillis())
            .setIdleTimeoutUnit(TimeUnit.MILLISECONDS)
            // HTTP/1.1 only: no HTTP/2 (over TLS it would need ALPN, which stays off) and no h2c
            // upgrade
            .setHttp2ClearTextEnabled(false)
            // no WebSockets are served: without their compression offers, Vert.x leaves the
            // WebSocket extension handler out of every connection's pipeline
            .setPerFrameWebSocketCompressionSupported(false)
            .setPerMessageWebSocketCompressionSupported(false)
            .setCompressionSupported(true);
    TlsEngine engine = TlsEngine.available();
    String transport = EventLoops.describe(vertx);
    if (engine == TlsEngine.JDK) {
      LOG.info(
          "TLS by {} on {}: BoringSSL does not load here ({})",
          engine.describe(),
          transport,
          TlsEngine.unavailability());
    } else {
      LOG.info("TLS by {} on {}", engine.describe(), transport);
    }
    TlsPolicy.apply(options, engine, certificate.keyManagers(), limits.tlsHandshakeTimeout());
    Router starting = Router.router(vertx);
    starting.route().handler(guard::routed);
    starting
        .route()
        .handler(
            ctx ->
                RedfishResponses.error(
                    ctx, RedfishErrors.retryLater(1, "the service is still starting")));
    AtomicReference<Handler<HttpServerRequest>> entrance =
        new AtomicReference<>(new RequestEntrance(starting));
    Handler<HttpServerRequest> requests =
        request -> {
          guard.requestArrived(request);
          entrance.get().handle(request);
        };
    MalformedRequests malformed = new MalformedRequests();
    // Vert.x lets listeners on one port share its socket, each on an event loop of its own. An
    // ephemeral port (0) is shared only when asked for by a negative number, one per server.
    int port = listen.port() == 0 ? -EPHEMERAL_SHARES.incrementAndGet() : listen.port();
    List<HttpServer> listeners = new java.util.concurrent.CopyOnWriteArrayList<>();
    List<Context> loops = new java.util.concurrent.CopyOnWriteArrayList<>();
    vertx
        .deployVerticle(
            () ->
                context -> {
                  loops.add(context);
                  return listenOn(vertx, options, guard, requests, malformed, port, listen)
                      .onSuccess(listeners::add);
                },
            new DeploymentOptions().setInstances(instances))
        .await();
    RedfishServer redfish =
        new RedfishServer(vertx, listeners, loops, listen, limits, guard, entrance);
    // force: a new key manager must replace the TLS context even though the options look alike.
    // The listeners share one socket and one TLS context: any of them updates it for all.
    certificate.attach(
        keys ->
            listeners
                .get(0)
                .updateSSLOptions(TlsPolicy.sslOptions(keys, limits.tlsHandshakeTimeout()), true)
                .toCompletionStage());
    return redfish;
  }

  /**
   * How many listeners share the port: one per core, as nginx runs a worker per core. A single
   * Vert.x server answers every connection on one event loop, which left all but one core to the
   * clients.
   */
  static int listeners(int cores) {
    return Math.max(1, cores);
  }

  private static Future<HttpServer> listenOn(
      Vertx vertx,
      HttpServerOptions options,
      ConnectionGuard guard,
      Handler<HttpServerRequest> requests,
      MalformedRequests malformed,
      int port,
      ListenAddress listen) {
    return vertx
        .createHttpServer(options)
        .connectionHandler(guard)
        .requestHandler(requests)
        .invalidRequestHandler(malformed)
        .listen(port, listen.host());
  }

  /** Builds the routes and answers with them from now on. */
  public void serve(
      SecurityServices security,
      RedfishResources resources,
      io.gpuchassis.agent.metrics.MetricsService metrics,
      Optional<FaultInjector> simulation) {
    Router router = Router.router(vertx);
    routes =
        AgentRoutes.install(vertx, router, limits, guard, security, resources, metrics, simulation);
    entrance.set(new RequestEntrance(router));
  }

  /**
   * Stops listening: open connections are closed and no new one is accepted. The rest of the agent
   * (the engines, the consoles) goes on, as it does when the management network is down.
   */
  public void stopListening() {
    Future.all(listeners.stream().map(HttpServer::close).toList()).await();
    // Vert.x's close only starts closing the open connections; a request already on one could
    // still be answered. Returns once they are all closed.
    guard.closeAll().await();
  }

  /** The event loops that answer requests, one per listener. */
  public List<Context> loops() {
    return List.copyOf(loops);
  }

  public int port() {
    return listeners.get(0).actualPort();
  }

  public String address() {
    return new ListenAddress(listen.host(), port()).toString();
  }

  public List<RouteEntry> routes() {
    return routes;
  }
}
