package io.gpuchassis.redfish.http;

import io.gpuchassis.redfish.error.RedfishErrors;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;

/**
 * A request that carries {@code Origin} (browsers send it with every cross-origin request and every
 * write) is served only when that origin is the service itself, scheme://host:port as the request
 * addressed it (its Host); otherwise 403 HeaderInvalid. API clients send no Origin and are not
 * concerned.
 */
public final class OriginRule implements Handler<RoutingContext> {

  @Override
  public void handle(RoutingContext ctx) {
    HttpServerRequest request = ctx.request();
    List<String> origins = request.headers().getAll("Origin");
    String scheme = request.isSSL() ? "https" : "http";
    for (String origin : origins) {
      if (!sameOrigin(origin, scheme, request.getHeader("Host"))) {
        RedfishResponses.error(ctx, RedfishErrors.foreignOrigin(origin));
        return;
      }
    }
    ctx.next();
  }

  /**
   * Whether {@code origin} names {@code scheme}://{@code host}: same scheme, host and port (a
   * default port or none).
   */
  static boolean sameOrigin(String origin, String scheme, String host) {
    if (origin == null || host == null || host.isBlank()) {
      return false;
    }
    try {
      URI from = new URI(origin.trim());
      URI self = new URI(scheme + "://" + host.trim());
      boolean bare = from.getRawPath() == null || from.getRawPath().isEmpty();
      return bare
          && from.getRawUserInfo() == null
          && from.getRawQuery() == null
          && from.getRawFragment() == null
          && scheme.equalsIgnoreCase(from.getScheme())
          && from.getHost() != null
          && self.getHost() != null
          && from.getHost().toLowerCase(Locale.ROOT).equals(self.getHost().toLowerCase(Locale.ROOT))
          && port(from) == port(self);
    } catch (URISyntaxException e) {
      return false;
    }
  }

  private static int port(URI uri) {
    if (uri.getPort() != -1) {
      return uri.getPort();
    }
    return "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
  }
}
