package io.gpuchassis.agent.http;

import io.gpuchassis.agent.redfish.RedfishResources;
import io.gpuchassis.agent.config.HttpLimits;
import io.gpuchassis.agent.config.ListenAddress;
import io.gpuchassis.agent.fault.FaultInjector;
import io.gpuchassis.agent.security.SecurityServices;
import io.gpuchassis.agent.tls.HttpsCertificate;
import io.gpuchassis.redfish.route.RouteEntry;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.KeyCertOptions;
import io.vertx.core.net.ServerSSLOptions;
import io.vertx.ext.web.Router;
import java.util.List;
import java.util.Optional;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The HTTPS server: TLS 1.2/1.3 only, one router holding the Redfish route table and, in simulated mode, the
 * simulation control API. It presents {@link HttpsCertificate#current()} and attaches itself to that holder, so that a
 * replaced certificate is presented on new connections without a restart.
 */
public final class RedfishServer {

  /** Limits that keep one slow or huge client from exhausting a small board. */
  static final int MAX_HEADER_BYTES = 16 * 1024;

  static final int MAX_REQUEST_LINE_BYTES = 8 * 1024;
  static final Duration IDLE_TIMEOUT = Duration.ofSeconds(60);
  static final int MAX_CONNECTIONS = 128;

  private static final Set<String> TLS_VERSIONS = Set.of("TLSv1.2", "TLSv1.3");

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
    Router router = Router.router(vertx);
    List<RouteEntry> routes = AgentRoutes.install(vertx, router, security, resources, simulation);

    HttpServerOptions options =
        new HttpServerOptions()
            .setMaxHeaderSize(MAX_HEADER_BYTES)
            .setMaxInitialLineLength(MAX_REQUEST_LINE_BYTES)
            // A client that sends nothing for this long (a slow-loris) loses its connection.
            .setIdleTimeout((int) IDLE_TIMEOUT.toSeconds())
            .setIdleTimeoutUnit(TimeUnit.SECONDS)
            .setSsl(true)
            .setKeyCertOptions(KeyCertOptions.wrap(certificate.keyManagers()))
            .setEnabledSecureTransportProtocols(TLS_VERSIONS)
            .setCompressionSupported(true);
    ConnectionLimit limit = new ConnectionLimit(MAX_CONNECTIONS);
    HttpServer server =
        vertx
            .createHttpServer(options)
            .connectionHandler(limit)
            .requestHandler(router)
            .listen(listen.port(), listen.host())
            .await();
    // force: a new key manager must replace the TLS context even though the options look alike
    certificate.attach(
        keys ->
            server
                .updateSSLOptions(
                    new ServerSSLOptions()
                        .setKeyCertOptions(KeyCertOptions.wrap(keys))
                        .setEnabledSecureTransportProtocols(TLS_VERSIONS),
                    true)
                .toCompletionStage());
    return new RedfishServer(server, listen, routes);
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
