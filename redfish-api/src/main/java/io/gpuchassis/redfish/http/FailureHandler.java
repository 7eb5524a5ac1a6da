package io.gpuchassis.redfish.http;

import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.message.BaseMessages;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpClosedException;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.HttpException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The router's only failure handler. A {@link RedfishException} becomes its error response; a
 * client error status the HTTP layer chose (400 for a bad path, 413 for a body beyond the limit,
 * 417 for an unmet expectation) becomes a Redfish error with the matching Base message; a
 * connection the client closed is let go. Only the rest is a bug: it is logged with its stack trace
 * and the client gets a bare 500 GeneralError, never internal detail. Nothing a client can send is
 * logged as a bug.
 */
public final class FailureHandler implements Handler<RoutingContext> {

  /** Seconds a client is asked to wait after a request that took too long (503). */
  static final String RETRY_AFTER_SECONDS = "5";

  private static final Logger LOG = LoggerFactory.getLogger(FailureHandler.class);

  @Override
  public void handle(RoutingContext ctx) {
    Throwable failure = ctx.failure();
    if (failure instanceof RedfishException e) {
      RedfishResponses.error(ctx, e);
      return;
    }
    if (clientWentAway(ctx, failure)) {
      LOG.debug(
          "{} {}: the client closed the connection", ctx.request().method(), ctx.request().path());
      return;
    }
    int status = failure instanceof HttpException http ? http.getStatusCode() : ctx.statusCode();
    if (status == 503) {
      // The request took longer than the agent allows (a stuck handler): the client may retry.
      ctx.response().putHeader("Retry-After", RETRY_AFTER_SECONDS);
      RedfishResponses.error(
          ctx,
          RedfishErrors.of(BaseMessages.SERVICE_TEMPORARILY_UNAVAILABLE.with(RETRY_AFTER_SECONDS)));
      return;
    }
    if (status >= 400 && status < 500) {
      LOG.debug(
          "{} {} refused with {}: {}",
          ctx.request().method(),
          ctx.request().path(),
          status,
          failure == null ? "-" : failure.getMessage());
      RedfishResponses.error(ctx, clientError(ctx, status, failure));
      return;
    }
    LOG.error("Bug: {} {} failed", ctx.request().method(), ctx.request().path(), failure);
    RedfishResponses.error(ctx, RedfishErrors.internal());
  }

  private static RedfishException clientError(RoutingContext ctx, int status, Throwable failure) {
    return switch (status) {
      case 404 -> RedfishErrors.notFound("Resource", String.valueOf(ctx.request().path()));
      case 405 -> RedfishErrors.of(BaseMessages.OPERATION_NOT_ALLOWED.with());
      case 413 -> RedfishErrors.of(BaseMessages.PAYLOAD_TOO_LARGE.with());
      case 415 -> RedfishErrors.unsupportedMediaType(ctx.request().getHeader("Content-Type"));
      case 417 ->
          RedfishErrors.headerInvalid(
              417, "Expect", String.valueOf(ctx.request().getHeader("Expect")));
      default -> RedfishErrors.clientError(status, "The request cannot be served as sent.");
    };
  }

  private static boolean clientWentAway(RoutingContext ctx, Throwable failure) {
    return ctx.response().closed() || failure instanceof HttpClosedException;
  }
}
