package io.gpuchassis.redfish.route;

import io.gpuchassis.redfish.error.RedfishException;
import io.vertx.core.http.HttpMethod;
import java.util.Optional;

/**
 * A rule that can refuse an authenticated, privileged request for reasons beyond privileges, such
 * as an account that must change its password first (DSP0266 "Password change required").
 */
@FunctionalInterface
public interface AccessPolicy {

  AccessPolicy NONE = (caller, method, path) -> Optional.empty();

  /** The error to answer with, or empty to let the request through. */
  Optional<RedfishException> refuse(Caller caller, HttpMethod method, String path);
}
