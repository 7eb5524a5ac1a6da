package io.gpuchassis.redfish.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.query.ETags;
import io.vertx.ext.web.RoutingContext;

/**
 * Conditional requests (RFC 7232): a change carrying If-Match goes ahead only while the resource is
 * unchanged.
 */
public final class Preconditions {

  private Preconditions() {}

  /**
   * @throws RedfishException 412 PreconditionFailed when If-Match names no ETag of {@code current}
   */
  public static void checkIfMatch(RoutingContext ctx, JsonNode current) {
    String ifMatch = ctx.request().getHeader("If-Match");
    if (ifMatch != null && !ETags.matchesIfMatch(ifMatch, ETags.of(current))) {
      throw RedfishErrors.of(BaseMessages.PRECONDITION_FAILED.with());
    }
  }
}
