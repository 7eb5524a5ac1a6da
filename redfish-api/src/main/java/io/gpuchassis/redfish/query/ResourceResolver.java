package io.gpuchassis.redfish.query;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;

/**
 * Renders the resource at a URI, as a GET of it would, for {@code $expand}, {@code $filter} and
 * {@code only}; the agent implements it over its routes. Empty when there is no such resource (or
 * the caller may not see it): the hyperlink then stays a hyperlink. The engine does not modify the
 * returned tree.
 */
@FunctionalInterface
public interface ResourceResolver {

  /** The resource whose {@code @odata.id} is {@code odataId}, or empty. */
  Optional<ObjectNode> resolve(String odataId);

  /**
   * A resolver that finds nothing: hyperlinks stay hyperlinks, and unexpanded members cannot be
   * filtered.
   */
  static ResourceResolver none() {
    return id -> Optional.empty();
  }
}
