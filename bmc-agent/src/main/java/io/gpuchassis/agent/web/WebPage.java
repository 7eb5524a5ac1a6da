package io.gpuchassis.agent.web;

import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * The chassis' web page (docs/WEB.md): three static files from the jar (no build step, nothing
 * fetched from elsewhere) that log in with a Redfish session and read and change the chassis
 * through the Redfish API alone, with the user's own privileges. {@code /} redirects to it. The
 * files hold no data, so they are served to anyone, with a Content-Security-Policy that lets the
 * page load only its own script and style and talk only to this service.
 */
public final class WebPage {

  /** Where the page lives. */
  public static final String PATH = "/ui";

  /** The page's own files and nothing else; no inline script or style, no frame. */
  static final String CONTENT_SECURITY_POLICY =
      "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self';"
          + " img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

  private record File(Buffer body, String contentType, String etag) {}

  private final Map<String, File> files = new LinkedHashMap<>();

  public WebPage() {
    add(PATH + "/", "index.html", "text/html; charset=utf-8");
    add(PATH + "/app.js", "app.js", "text/javascript; charset=utf-8");
    add(PATH + "/app.css", "app.css", "text/css; charset=utf-8");
  }

  /** The files in {@code routes} (a table for {@link #PATH}); {@code /} redirects to the page. */
  public void register(Router router, RedfishRoutes routes) {
    for (HttpMethod method : new HttpMethod[] {HttpMethod.GET, HttpMethod.HEAD}) {
      router
          .route(method, "/")
          .handler(
              ctx -> ctx.response().setStatusCode(302).putHeader("Location", PATH + "/").end());
    }
    for (var f : files.entrySet()) {
      routes.staticFile(f.getKey(), ctx -> serve(ctx, f.getValue()));
    }
  }

  private static void serve(RoutingContext ctx, File file) {
    var response = ctx.response();
    response
        .putHeader("Content-Type", file.contentType())
        .putHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        .putHeader("Cache-Control", "no-cache")
        .putHeader("ETag", file.etag());
    if (file.etag().equals(ctx.request().getHeader("If-None-Match"))) {
      response.setStatusCode(304).end();
    } else if (ctx.request().method() == HttpMethod.HEAD) {
      response.putHeader("Content-Length", Integer.toString(file.body().length())).end();
    } else {
      response.end(file.body());
    }
  }

  private void add(String path, String resource, String contentType) {
    try (InputStream in = WebPage.class.getResourceAsStream("/web/" + resource)) {
      if (in == null) {
        throw new IllegalStateException("the jar has no web/" + resource);
      }
      byte[] bytes = in.readAllBytes();
      files.put(path, new File(Buffer.buffer(bytes), contentType, etag(bytes)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Tells one version of a file from the next, which is all a cache asks of it: CRC-32 and the
   * length, not a cryptographic digest, since the files are public and chosen by no client. zlib's
   * CRC is native; SHA-256 of the three files ran interpreted at every start (about 20 ms in a
   * fresh JVM with C2 alone, against half a millisecond).
   */
  static String etag(byte[] bytes) {
    CRC32 crc = new CRC32();
    crc.update(bytes);
    return "\"" + Long.toHexString(crc.getValue()) + "-" + Integer.toHexString(bytes.length) + "\"";
  }
}
