package io.gpuchassis.agent.http;

import io.gpuchassis.agent.security.AuditMessages;
import io.gpuchassis.agent.security.SecurityLog;
import io.gpuchassis.redfish.route.Caller;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records every write request in the security log once its response is sent: who (the authenticated
 * user, or "anonymous"), from where, what (method and path) and the result (the status code).
 * Recording happens on a worker thread and never delays or fails the request.
 */
final class WriteAudit implements Handler<RoutingContext> {

  private static final Logger LOG = LoggerFactory.getLogger(WriteAudit.class);

  private final Vertx vertx;
  private final SecurityLog log;

  WriteAudit(Vertx vertx, SecurityLog log) {
    this.vertx = vertx;
    this.log = log;
  }

  @Override
  public void handle(RoutingContext ctx) {
    HttpMethod method = ctx.request().method();
    if (method.equals(HttpMethod.GET)
        || method.equals(HttpMethod.HEAD)
        || method.equals(HttpMethod.OPTIONS)) {
      ctx.next();
      return;
    }
    String path = ctx.request().path();
    String address =
        ctx.request().remoteAddress() == null ? "unknown" : ctx.request().remoteAddress().host();
    ctx.addEndHandler(
        done -> {
          String user = RedfishRoutes.caller(ctx).map(Caller::userName).orElse("anonymous");
          int status = ctx.response().getStatusCode();
          String severity = status < 400 ? "OK" : "Warning";
          List<String> args = List.of(method.name(), path, user, address, Integer.toString(status));
          String message = AuditMessages.WRITE_REQUEST.format(args);
          vertx
              .executeBlocking(
                  () -> {
                    log.record(
                        severity,
                        AuditMessages.WRITE_REQUEST.messageId(),
                        message,
                        args,
                        user,
                        address);
                    return null;
                  },
                  false)
              .onFailure(
                  e ->
                      LOG.warn(
                          "Cannot record '{}' in the security log: {}", message, e.toString()));
        });
    ctx.next();
  }
}
