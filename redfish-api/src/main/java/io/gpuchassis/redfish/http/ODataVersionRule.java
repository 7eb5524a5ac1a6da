package io.gpuchassis.redfish.http;

import io.gpuchassis.redfish.error.RedfishErrors;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;

/**
 * DSP0266: a request that names an OData version the service does not support ({@code
 * OData-Version} other than 4.0) is refused with 412 Precondition Failed rather than served under
 * rules the client did not ask for.
 */
public final class ODataVersionRule implements Handler<RoutingContext> {

  static final String SUPPORTED = "4.0";

  @Override
  public void handle(RoutingContext ctx) {
    String version = ctx.request().getHeader("OData-Version");
    if (version == null || version.trim().equals(SUPPORTED)) {
      ctx.next();
      return;
    }
    RedfishResponses.error(
        ctx,
        RedfishErrors.headerInvalid(412, "OData-Version", version)
            .withDetail("This service speaks OData " + SUPPORTED + " only."));
  }
}
