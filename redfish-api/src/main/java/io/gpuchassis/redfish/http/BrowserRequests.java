package io.gpuchassis.redfish.http;

import io.vertx.core.http.HttpServerRequest;
import java.util.Locale;

/**
 * Tells a browser from an API client, as bmcweb does: a request that accepts {@code text/html} (a
 * page load) or carries {@code X-Requested-With} (a script's XMLHttpRequest) comes from a browser.
 * A browser gets no Basic challenge with a 401: it would prompt for a password, cache it, and send
 * it along with requests that other sites make it send.
 */
public final class BrowserRequests {

  private BrowserRequests() {}

  public static boolean isBrowser(HttpServerRequest request) {
    return request.getHeader("X-Requested-With") != null
        || acceptsHtml(request.getHeader("Accept"));
  }

  /**
   * Whether an {@code Accept} value names {@code text/html} with a non-zero quality (wildcards do
   * not count).
   */
  static boolean acceptsHtml(String accept) {
    if (accept == null) {
      return false;
    }
    for (String range : accept.split(",")) {
      String[] parts = range.split(";");
      if (!parts[0].trim().toLowerCase(Locale.ROOT).equals("text/html")) {
        continue;
      }
      if (quality(parts) > 0) {
        return true;
      }
    }
    return false;
  }

  private static double quality(String[] parts) {
    for (int i = 1; i < parts.length; i++) {
      String[] param = parts[i].trim().split("=", 2);
      if (param.length == 2 && param[0].trim().equalsIgnoreCase("q")) {
        try {
          return Double.parseDouble(param[1].trim());
        } catch (NumberFormatException e) {
          return 0;
        }
      }
    }
    return 1;
  }
}
