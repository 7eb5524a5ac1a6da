package io.gpuchassis.agent.web;

import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

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
      String digest =
          HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes), 0, 16);
      files.put(path, new File(Buffer.buffer(bytes), contentType, "\"" + digest + "\""));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
