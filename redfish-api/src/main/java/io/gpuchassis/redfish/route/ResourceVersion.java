package io.gpuchassis.redfish.route;

import java.util.Map;

/**
 * What a cacheable resource's body is a function of: a value that is equal for two requests only
 * when the resource's renderer would answer both with the same body (for example the generation of
 * the immutable state snapshot it reads, with whatever else it reads). A renderer registered with a
 * version must depend on nothing the version does not cover, and not on the caller: it is called
 * without one. The version is taken before the renderer runs, so a body is never filed under a
 * newer version than the state it was rendered from.
 */
@FunctionalInterface
public interface ResourceVersion {

  /**
   * @param params the URI template's variables
   * @return the current version (compared with {@code equals}), or null to render this request
   *     without the cache
   */
  Object of(Map<String, String> params);
}
