package io.gpuchassis.redfish.route;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The last representation of each cacheable resource, by path, with the version it was rendered at:
 * a request whose version equals the entry's is answered from it; any other version renders again
 * and replaces the entry. So an entry can never outlive a change its version covers, and a path
 * holds one entry at most.
 *
 * <p>Bounded by {@link #MAX_ENTRIES} paths: when full, the cache is emptied and fills again from
 * the resources being read (paths of deleted or never-existing resources cannot pile up). A
 * resource that does not render (404) is never stored.
 */
final class RepresentationCache {

  /**
   * At most this many resources are held (each a few kilobytes: the agent has a few hundred
   * cacheable resources on the largest chassis).
   */
  static final int MAX_ENTRIES = 1024;

  private record Entry(Object version, Representation representation) {}

  private final Map<String, Entry> entries = new ConcurrentHashMap<>();

  /**
   * The representation of {@code path} at {@code version}, rendered by {@code render} if absent.
   */
  Representation get(String path, Object version, Supplier<Representation> render) {
    Entry entry = entries.get(path);
    if (entry != null && entry.version().equals(version)) {
      return entry.representation();
    }
    Representation fresh = render.get();
    if (entries.size() >= MAX_ENTRIES) {
      entries.clear();
    }
    entries.put(path, new Entry(version, fresh));
    return fresh;
  }

  int size() {
    return entries.size();
  }
}
