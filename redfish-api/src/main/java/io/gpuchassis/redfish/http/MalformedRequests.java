package io.gpuchassis.redfish.http;

import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.error.RedfishException;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpServerRequest;

/**
 * Answers what the HTTP decoder could not read (a request line or headers beyond the limits, broken
 * syntax) with a Redfish error and the {@link SecurityHeaders}, then closes the connection: nothing
 * after such a request can be trusted to start where the decoder thinks it does. Installed as the
 * server's invalid-request handler.
 */
public final class MalformedRequests implements Handler<HttpServerRequest> {

  @Override
  public void handle(HttpServerRequest request) {
    SecurityHeaders.apply(request.response());
    RedfishResponses.error(request, errorFor(request.decoderResult().cause()));
    request.connection().close();
  }

  static RedfishException errorFor(Throwable cause) {
    if (cause instanceof TooLongHttpLineException) {
      return RedfishErrors.clientError(414, "The request line is longer than the service accepts.");
    }
    if (cause instanceof TooLongHttpHeaderException) {
      return RedfishErrors.clientError(
          431, "The request headers are larger than the service accepts.");
    }
    return RedfishErrors.clientError(400, "The request is not valid HTTP/1.1.");
  }
}
