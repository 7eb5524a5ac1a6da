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
    next.handle(request);
  }
}
