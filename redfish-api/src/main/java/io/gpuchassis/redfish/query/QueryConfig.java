package io.gpuchassis.redfish.query;

/**
 * The limits the query engine works within.
 *
 * @param maxExpandLevels the largest {@code $levels} of {@code $expand} accepted; advertised as
 *     {@code ExpandQuery.MaxLevels}
 * @param pageSize the most members a collection response carries; larger collections are paged with
 *     {@code Members@odata.nextLink} whether or not the client asked for {@code $top}
 * @param maxExpandedResources the most resources one {@code $expand} may inline before the request
 *     fails with 507 (DSP0266 §7.3.1: "If a service cannot return the payload due to its size, it
 *     shall return 507")
 * @param rejectUnknownSelect whether a {@code $select} path that names nothing in the response is a
 *     400; see {@link QueryEngine} for what "names nothing" means without a schema at hand
 */
public record QueryConfig(
    int maxExpandLevels, int pageSize, int maxExpandedResources, boolean rejectUnknownSelect) {

  /**
   * Six levels, pages of 1000 members, at most 10,000 inlined resources, unknown {@code $select}
   * paths rejected.
   */
  public static final QueryConfig DEFAULTS = new QueryConfig(6, 1000, 10_000, true);

  public QueryConfig {
    requirePositive(maxExpandLevels, "maxExpandLevels");
    requirePositive(pageSize, "pageSize");
    requirePositive(maxExpandedResources, "maxExpandedResources");
  }

  public QueryConfig withMaxExpandLevels(int levels) {
    return new QueryConfig(levels, pageSize, maxExpandedResources, rejectUnknownSelect);
  }

  public QueryConfig withPageSize(int size) {
    return new QueryConfig(maxExpandLevels, size, maxExpandedResources, rejectUnknownSelect);
  }

  public QueryConfig withMaxExpandedResources(int count) {
    return new QueryConfig(maxExpandLevels, pageSize, count, rejectUnknownSelect);
  }

  public QueryConfig withRejectUnknownSelect(boolean reject) {
    return new QueryConfig(maxExpandLevels, pageSize, maxExpandedResources, reject);
  }

  private static void requirePositive(int value, String name) {
    if (value < 1) {
      throw new IllegalArgumentException(name + " must be at least 1, got " + value);
    }
  }
}
