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

  static {
    // Before this class can create a listener, hence before the JDK's first server handshake.
    TlsPolicy.rejectClientRenegotiation();
  }

  private final Vertx vertx;
  private final HttpServer server;
  private final ListenAddress listen;
  private final HttpLimits limits;
  private final ConnectionGuard guard;

  /** Where requests go: the start-up answer until {@link #serve}, then the Redfish routes. */
  private final AtomicReference<Handler<HttpServerRequest>> entrance;

  private volatile List<RouteEntry> routes = List.of();

  private RedfishServer(
      Vertx vertx,
      HttpServer server,
      ListenAddress listen,
      HttpLimits limits,
      ConnectionGuard guard,
      AtomicReference<Handler<HttpServerRequest>> entrance) {
    this.vertx = vertx;
    this.server = server;
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
    HttpServer server =
        vertx
            .createHttpServer(options)
            .connectionHandler(guard)
            .requestHandler(
                request -> {
                  guard.requestArrived(request);
                  entrance.get().handle(request);
                })
            .invalidRequestHandler(new MalformedRequests())
            .listen(listen.port(), listen.host())
            .await();
    RedfishServer redfish = new RedfishServer(vertx, server, listen, limits, guard, entrance);
    // force: a new key manager must replace the TLS context even though the options look alike
    certificate.attach(
        keys ->
            server
                .updateSSLOptions(TlsPolicy.sslOptions(keys, limits.tlsHandshakeTimeout()), true)
                .toCompletionStage());
    return redfish;
  }

  /** Builds the routes and answers with them from now on. */
  public void serve(
      SecurityServices security, RedfishResources resources, Optional<FaultInjector> simulation) {
    Router router = Router.router(vertx);
    routes = AgentRoutes.install(vertx, router, limits, guard, security, resources, simulation);
    entrance.set(new RequestEntrance(router));
  }

  /**
   * Stops listening: open connections are closed and no new one is accepted. The rest of the agent
   * (the engines, the consoles) goes on, as it does when the management network is down.
   */
  public void stopListening() {
    server.close().await();
  }

  public int port() {
    return server.actualPort();
  }

  public String address() {
    return new ListenAddress(listen.host(), port()).toString();
  }

  public List<RouteEntry> routes() {
    return routes;
  }
}
