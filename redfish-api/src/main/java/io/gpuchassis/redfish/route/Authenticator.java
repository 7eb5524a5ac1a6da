package io.gpuchassis.redfish.route;

import io.vertx.core.Future;
import io.vertx.core.http.HttpServerRequest;
import java.util.Optional;

/**
 * Resolves the caller from a request's credentials (HTTP Basic, session token). Implementations
 * must not block the event loop: expensive work (password hashing) goes to a worker and the result
 * comes back as a future.
 */
public interface Authenticator {

  /**
   * The caller, or empty when the request carries no valid credential. The future fails only on an
   * internal error.
   */
  Future<Optional<Caller>> authenticate(HttpServerRequest request);
}
