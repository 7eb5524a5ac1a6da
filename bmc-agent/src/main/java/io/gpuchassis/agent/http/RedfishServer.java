package io.gpuchassis.agent.http;

import io.gpuchassis.agent.ServiceIdentity;
import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.config.ListenAddress;
import io.gpuchassis.agent.redfish.RedfishResources;
import io.gpuchassis.agent.sim.SimulationApi;
import io.gpuchassis.agent.sim.fault.FaultInjector;
import io.gpuchassis.agent.tls.TlsKeyLoader;
import io.gpuchassis.agent.tls.TlsMaterial;
import io.gpuchassis.redfish.http.FailureHandler;
import io.gpuchassis.redfish.route.Authenticator;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.KeyCertOptions;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.handler.BodyHandler;
import java.util.Set;

/**
 * The HTTPS server: TLS 1.2/1.3 only, one router holding the Redfish route table and, in simulated mode, the
 * simulation control API.
 */
public final class RedfishServer {

  /** Largest request body accepted; Redfish requests are small JSON documents. */
  static final long MAX_BODY_BYTES = 1024 * 1024;

  private final HttpServer server;
  private final ListenAddress listen;
  private final RedfishRoutes routes;

  private RedfishServer(HttpServer server, ListenAddress listen, RedfishRoutes routes) {
    this.server = server;
    this.listen = listen;
    this.routes = routes;
  }

  /** Builds the routes and listens; returns once the socket is bound. */
  public static RedfishServer start(
      Vertx vertx,
      ListenAddress listen,
      TlsMaterial tls,
      Authenticator authenticator,
      ServiceIdentity identity,
      ChassisModel model,
      FaultInjector faults) {
    Router router = Router.router(vertx);
    router.route().handler(BodyHandler.create(false).setBodyLimit(MAX_BODY_BYTES));

    RedfishRoutes redfish = new RedfishRoutes(router, authenticator, "/redfish");
    new RedfishResources(identity, model).register(redfish);
    redfish.seal();

    if (identity.simulated()) {
      RedfishRoutes sim = new RedfishRoutes(router, authenticator, "/sim");
      new SimulationApi(faults).register(sim);
      sim.seal();
    }
    router.route().failureHandler(new FailureHandler());

    HttpServerOptions options =
        new HttpServerOptions()
            .setSsl(true)
            .setKeyCertOptions(KeyCertOptions.wrap(TlsKeyLoader.load(tls)))
            .setEnabledSecureTransportProtocols(Set.of("TLSv1.2", "TLSv1.3"))
            .setCompressionSupported(true);
    HttpServer server =
        vertx.createHttpServer(options).requestHandler(router).listen(listen.port(), listen.host()).await();
    return new RedfishServer(server, listen, redfish);
  }

  public int port() {
    return server.actualPort();
  }

  public String address() {
    return new ListenAddress(listen.host(), port()).toString();
  }

  public RedfishRoutes routes() {
    return routes;
  }
}
