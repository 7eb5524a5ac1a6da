package io.gpuchassis.redfish.query;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.redfish.json.RedfishJson;
import io.gpuchassis.redfish.model.Expand;
import io.gpuchassis.redfish.model.ProtocolFeaturesSupported;

/**
 * What the service root advertises in {@code ProtocolFeaturesSupported} (DSP0266 §7.3: a service
 * that supports query parameters shall include it), matching what {@link QueryOptions} accepts and
 * {@link QueryEngine} does: {@code $expand} with {@code *}, {@code .}, {@code ~} and {@code
 * $levels} up to the configured maximum; {@code $select}; {@code $filter} with all comparison and
 * grouping operators; {@code only}; {@code $top} and {@code $skip}. {@code excerpt} is left out (it
 * needs the schemas' {@code Excerpt} annotations) and is advertised false. Deep operations and
 * multiple HTTP requests are the agent's to declare, not this engine's.
 */
public final class ProtocolFeatures {

  private ProtocolFeatures() {}

  /** The features with {@link QueryConfig#DEFAULTS}. */
  public static ProtocolFeaturesSupported supported() {
    return supported(QueryConfig.DEFAULTS);
  }

  /** The features of an engine with {@code config}, as the service root's model object. */
  public static ProtocolFeaturesSupported supported(QueryConfig config) {
    return new ProtocolFeaturesSupported()
        .expandQuery(
            new Expand()
                .expandAll(true)
                .levels(true)
                .links(true)
                .noLinks(true)
                .maxLevels(config.maxExpandLevels()))
        .selectQuery(true)
        .filterQuery(true)
        .onlyMemberQuery(true)
        .excerptQuery(false)
        .topSkipQuery(true)
        // several requests outstanding at once: concurrent connections, and requests pipelined on
        // one (HTTP/1.1), answered in order
        .multipleHTTPRequests(true);
  }

  /**
   * The same as JSON, plus {@code FilterQueryComparisonOperations} and {@code
   * FilterQueryCompoundOperations} (ServiceRoot v1_17_0), which the project's ServiceRoot model
   * does not carry yet.
   */
  public static ObjectNode supportedJson(QueryConfig config) {
    ObjectNode json = RedfishJson.mapper().valueToTree(supported(config));
    json.put("FilterQueryComparisonOperations", true);
    json.put("FilterQueryCompoundOperations", true);
    return json;
  }
}
