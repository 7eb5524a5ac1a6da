package io.gpuchassis.redfish.http;

import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.error.RedfishException;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import java.util.List;
import java.util.Optional;

/**
 * RFC 9112 section 3.2: an HTTP/1.1 request without Host, or any request with more than one or an
 * unreadable one, is answered 400. The service's own origin (for the Origin check) is read from
 * Host, so it must be one clear value.
 */
public final class HostHeader {

  private HostHeader() {}

  /**
   * Why the request's Host is unacceptable, or empty when it is fine (HTTP/1.0 may leave it out).
   */
  public static Optional<RedfishException> problem(HttpServerRequest request) {
    List<String> hosts = request.headers().getAll("Host");
    if (hosts.size() > 1) {
      return Optional.of(RedfishErrors.headerInvalid(400, "Host", String.join(", ", hosts)));
    }
    if (hosts.isEmpty()) {
      return request.version() == HttpVersion.HTTP_1_0
          ? Optional.empty()
          : Optional.of(RedfishErrors.headerMissing("Host"));
    }
    if (hosts.get(0).isBlank() || request.authority() == null) {
      return Optional.of(RedfishErrors.headerInvalid(400, "Host", hosts.get(0)));
    }
    return Optional.empty();
  }
}
