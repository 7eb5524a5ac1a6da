package io.gpuchassis.agent.http;

import io.gpuchassis.agent.config.HttpLimits;
import io.gpuchassis.agent.config.ListenAddress;
import io.gpuchassis.agent.fault.FaultInjector;
import io.gpuchassis.agent.redfish.RedfishResources;
import io.gpuchassis.agent.security.SecurityServices;
import io.gpuchassis.agent.tls.HttpsCertificate;
import io.gpuchassis.redfish.http.MalformedRequests;
import io.gpuchassis.redfish.http.RequestEntrance;
import io.gpuchassis.redfish.route.RouteEntry;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.ext.web.Router;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The HTTPS server: HTTP/1.1 over TLS ({@link TlsPolicy}), one router holding the Redfish route
 * table and, in simulated mode, the simulation control API. Every limit it keeps is an {@link
 * HttpLimits} setting: sizes here, deadlines and connection slots in {@link ConnectionGuard},
 * bodies and request time in {@link AgentRoutes}. It presents {@link HttpsCertificate#current()}
 * and attaches itself to that holder, so that a replaced certificate is presented on new
 * connections without a restart.
 */
public final class RedfishServer {

  static {
    // Before this class can create a listener, hence before the JDK's first server handshake.
    TlsPolicy.rejectClientRenegotiation();
  }

  private final HttpServer server;
  private final ListenAddress listen;
  private final List<RouteEntry> routes;

  private RedfishServer(HttpServer server, ListenAddress listen, List<RouteEntry> routes) {
    this.server = server;
    this.listen = listen;
    this.routes = routes;
  }

  /** Builds the routes and listens; returns once the socket is bound. */
  public static RedfishServer start(
      Vertx vertx,
      ListenAddress listen,
      HttpLimits limits,
      HttpsCertificate certificate,
      SecurityServices security,
      RedfishResources resources,
      Optional<FaultInjector> simulation) {
    ConnectionGuard guard = new ConnectionGuard(vertx, limits);
    Router router = Router.router(vertx);
    List<RouteEntry> routes =
        AgentRoutes.install(vertx, router, limits, guard, security, resources, simulation);

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
    TlsPolicy.apply(options, certificate.keyManagers(), limits.tlsHandshakeTimeout());
    RequestEntrance entrance = new RequestEntrance(router);
    HttpServer server =
        vertx
            .createHttpServer(options)
            .connectionHandler(guard)
            .requestHandler(
                request -> {
                  guard.requestArrived(request);
                  entrance.handle(request);
                })
            .invalidRequestHandler(new MalformedRequests())
            .listen(listen.port(), listen.host())
            .await();
    // force: a new key manager must replace the TLS context even though the options look alike
    certificate.attach(
        keys ->
            server
                .updateSSLOptions(TlsPolicy.sslOptions(keys, limits.tlsHandshakeTimeout()), true)
                .toCompletionStage());
    return new RedfishServer(server, listen, routes);
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
