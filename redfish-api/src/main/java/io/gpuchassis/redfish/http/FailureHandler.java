package io.gpuchassis.redfish.http;

import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.error.RedfishException;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.HttpException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The router's only failure handler. A {@link RedfishException} becomes its error response; anything else is a bug: it
 * is logged with its stack trace and the client gets a bare 500 GeneralError, never internal detail.
 */
public final class FailureHandler implements Handler<RoutingContext> {

  private static final Logger LOG = LoggerFactory.getLogger(FailureHandler.class);

  @Override
  public void handle(RoutingContext ctx) {
    Throwable failure = ctx.failure();
    if (failure instanceof RedfishException e) {
      RedfishResponses.error(ctx, e);
      return;
    }
    if (failure instanceof HttpException http && http.getStatusCode() == 413) {
      RedfishResponses.error(
          ctx,
          new RedfishException(413, io.gpuchassis.redfish.message.BaseMessages.PAYLOAD_TOO_LARGE.with()));
      return;
    }
    if (failure == null && ctx.statusCode() == 413) {
      RedfishResponses.error(
          ctx,
          new RedfishException(413, io.gpuchassis.redfish.message.BaseMessages.PAYLOAD_TOO_LARGE.with()));
      return;
    }
    if (failure == null && ctx.statusCode() == 503) {
      // The request took longer than the agent allows (a stuck handler): the client may retry.
      ctx.response().putHeader("Retry-After", "5");
      RedfishResponses.error(
          ctx,
          new RedfishException(
              503, io.gpuchassis.redfish.message.BaseMessages.SERVICE_TEMPORARILY_UNAVAILABLE.with("5")));
      return;
    }
    LOG.error("Bug: {} {} failed", ctx.request().method(), ctx.request().path(), failure);
    RedfishResponses.error(ctx, RedfishErrors.internal());
  }
}
