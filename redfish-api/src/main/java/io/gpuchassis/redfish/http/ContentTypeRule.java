package io.gpuchassis.redfish.http;

import io.gpuchassis.redfish.error.RedfishErrors;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;
import java.util.Optional;
import java.util.Set;

/**
 * A write (POST, PATCH, PUT, DELETE) that carries a body or names a media type must be {@code
 * application/json} (charset UTF-8 if one is named), or {@code multipart/form-data} in a POST to
 * one of the multipart push URIs, or {@code application/octet-stream} in a POST to one of the raw
 * push URIs; anything else is answered 415 before its body is read. A web page can make a browser
 * send a form or {@code text/plain} to any site without asking it first, but not JSON: this is what
 * makes cross-site request forgery fail.
 */
public final class ContentTypeRule implements Handler<RoutingContext> {

  private static final Set<HttpMethod> WRITES =
      Set.of(HttpMethod.POST, HttpMethod.PATCH, HttpMethod.PUT, HttpMethod.DELETE);

  private final Set<String> multipartPaths;
  private final Set<String> octetStreamPaths;

  /**
   * @param multipartPaths the URIs that take a multipart/form-data POST (UpdateService's
   *     MultipartHttpPushUri)
   * @param octetStreamPaths the URIs that take an application/octet-stream POST (UpdateService's
   *     HttpPushUri)
   */
  public ContentTypeRule(Set<String> multipartPaths, Set<String> octetStreamPaths) {
    this.multipartPaths = Set.copyOf(multipartPaths);
    this.octetStreamPaths = Set.copyOf(octetStreamPaths);
  }

  @Override
  public void handle(RoutingContext ctx) {
    HttpServerRequest request = ctx.request();
    String contentType = request.getHeader("Content-Type");
    if (!WRITES.contains(request.method()) || (contentType == null && !hasBody(request))) {
      ctx.next();
      return;
    }
    Optional<MediaType> type = MediaType.parse(contentType);
    boolean json = type.map(MediaType::isJson).orElse(false);
    String path = withoutTrailingSlash(ctx.normalizedPath());
    boolean post = request.method() == HttpMethod.POST;
    boolean push =
        post
            && ((type.map(MediaType::isMultipartForm).orElse(false)
                    && multipartPaths.contains(path))
                || (type.map(MediaType::isOctetStream).orElse(false)
                    && octetStreamPaths.contains(path)));
    if (json || push) {
      ctx.next();
    } else {
      RedfishResponses.error(ctx, RedfishErrors.unsupportedMediaType(contentType));
    }
  }

  private static boolean hasBody(HttpServerRequest request) {
    String length = request.getHeader("Content-Length");
    return request.getHeader("Transfer-Encoding") != null
        || (length != null && !length.trim().equals("0"));
  }

  private static String withoutTrailingSlash(String path) {
    return path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
  }
}
