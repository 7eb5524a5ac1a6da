package io.gpuchassis.redfish.query;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Resolves each URI at most once per request: {@code $filter} and then {@code $expand} of the same
 * members, or one resource linked from many places, render it once.
 */
final class MemoizingResolver {

  private final ResourceResolver resolver;
  private final Map<String, Optional<ObjectNode>> resolved = new HashMap<>();

  MemoizingResolver(ResourceResolver resolver) {
    this.resolver = resolver;
  }

  /** The resource at {@code odataId}, shared: callers only read it. */
  Optional<ObjectNode> lookup(String odataId) {
    return resolved.computeIfAbsent(
        odataId,
        id -> {
          Optional<ObjectNode> found = resolver.resolve(id);
          return found == null ? Optional.empty() : found;
        });
  }

  /** A copy of the resource at {@code odataId} that the caller may change. */
  Optional<ObjectNode> copyOf(String odataId) {
    return lookup(odataId).map(ObjectNode::deepCopy);
  }
}
