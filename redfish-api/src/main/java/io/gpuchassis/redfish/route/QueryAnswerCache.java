package io.gpuchassis.redfish.route;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The answers to GETs with query options ({@code $expand} above all) of cached resources, each with
 * the resources it was made from and their versions: an answer is given again only while every one
 * of them still has the version it had, so it changes as soon as any of its members does. An answer
 * that read anything without a version (a resource rendered per request, a link to nothing, a
 * member the caller may not see) is never stored.
 *
 * <p>Keyed by path, query string and the caller's privileges (which decide what an expansion may
 * show). Bounded by {@link #MAX_ENTRIES}: when full it is emptied and fills again.
 */
final class QueryAnswerCache {

  /** At most this many answers are held (an expanded collection is tens of kilobytes). */
  static final int MAX_ENTRIES = 256;

  /** What an answer was made of: a resource found by its route and the version it rendered at. */
  record Source(ResourceVersion version, Map<String, String> params, Object at) {
    boolean current() {
      return at.equals(version.of(params));
    }
  }

  record Key(String path, String query, Set<Privilege> privileges) {}

  private record Entry(List<Source> sources, Representation answer) {}

  private final Map<Key, Entry> entries = new ConcurrentHashMap<>();

  /** The stored answer, if every resource it was made from still has the same version. */
  Representation get(Key key) {
    Entry entry = entries.get(key);
    if (entry == null) {
      return null;
    }
    for (Source source : entry.sources()) {
      if (!source.current()) {
        return null;
      }
    }
    return entry.answer();
  }

  /**
   * Stores {@code answer}, made from {@code sources} whose versions were taken before it was made.
   */
  void put(Key key, List<Source> sources, Representation answer) {
    if (entries.size() >= MAX_ENTRIES) {
      entries.clear();
    }
    entries.put(key, new Entry(List.copyOf(sources), answer));
  }
}
