package io.gpuchassis.redfish.http;

import io.gpuchassis.redfish.error.RedfishErrors;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;

/**
 * The router's last route: a path outside every route table (not under {@code /redfish}) is
 * answered 404 ResourceNotFound as a Redfish error, never with the web framework's HTML page.
 * Nothing lives there, so there is nothing to hide behind a 401.
 */
public final class NotFoundHandler implements Handler<RoutingContext> {

  @Override
  public void handle(RoutingContext ctx) {
    RedfishResponses.error(ctx, RedfishErrors.notFound("Resource", ctx.request().path()));
  }
}
