package io.gpuchassis.redfish.http;

import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import java.util.Map;

/**
 * The headers every response carries, errors and 404s included, so that a browser never treats an
 * answer of the service as something to render, frame, sniff or fetch over plain HTTP.
 */
public final class SecurityHeaders {

  /** Header name to value. */
  public static final Map<String, String> ALL =
      Map.of(
          // a year, as bmcweb sends: the service is HTTPS only
          "Strict-Transport-Security", "max-age=31536000; includeSubDomains",
          "X-Content-Type-Options", "nosniff",
          "X-Frame-Options", "DENY",
          // the service serves data, never a page: nothing may load from or frame it
          "Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'",
          "Referrer-Policy", "no-referrer");

  private SecurityHeaders() {}

  // The same, as Netty's ASCII strings: their hash codes are worked out once, not per response.
  private static final CharSequence[] NAMES =
      ALL.keySet().stream().map(HttpHeaders::createOptimized).toArray(CharSequence[]::new);
  private static final CharSequence[] VALUES =
      ALL.keySet().stream()
          .map(name -> HttpHeaders.createOptimized(ALL.get(name)))
          .toArray(CharSequence[]::new);

  /** Adds the headers to a response that has none yet (a request's, as it enters). */
  public static void apply(HttpServerResponse response) {
    MultiMap headers = response.headers();
    for (int i = 0; i < NAMES.length; i++) {
      headers.add(NAMES[i], VALUES[i]);
    }
  }
}
