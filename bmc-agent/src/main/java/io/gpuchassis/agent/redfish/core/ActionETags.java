package io.gpuchassis.agent.redfish.core;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.http.RequestBodies;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.query.ETags;
import io.gpuchassis.redfish.route.Caller;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.ext.web.RoutingContext;
import java.util.Optional;

/**
 * The ETag parameters of the binding actions ({@code EndpointETag}, {@code ZoneETag}, {@code
 * ResourceBlockETag}, {@code ComputerSystemETag}): optional; when given, they must match the
 * current ETag of the resource they name.
 */
public final class ActionETags {

  private ActionETags() {}

  public static void check(
      RedfishRoutes routes, RoutingContext ctx, Caller caller, String uri, String parameter) {
    String etag = RequestBodies.object(ctx).path(parameter).asText(null);
    if (etag == null) {
      return;
    }
    Optional<ObjectNode> current = routes.render(uri, caller);
    if (current.isEmpty() || !ETags.matchesIfMatch(etag, ETags.of(current.get()))) {
      // The schemas (Zone_v1, ComputerSystem_v1) say so for these parameters: 428, not If-Match's
      // 412.
      throw RedfishErrors.of(BaseMessages.PRECONDITION_REQUIRED.with())
          .withDetail(parameter + " does not match the current ETag of " + uri + ".");
    }
  }
}
