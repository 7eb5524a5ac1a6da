/**
 * Redfish query parameters for GET (DSP0266 §7.3): {@code only}, {@code $filter}, {@code $skip},
 * {@code $top}, {@code $expand} and {@code $select}, applied to resources already rendered as JSON
 * trees; plus service-side paging of collections, entity tags, and the {@code
 * ProtocolFeaturesSupported} the service advertises for all of it.
 *
 * <p>The entry points are {@link io.gpuchassis.redfish.query.QueryOptions#parse(java.util.Map)}
 * (request parameters to validated options, or a {@link
 * io.gpuchassis.redfish.error.RedfishException} with the Base message the specification names) and
 * {@link io.gpuchassis.redfish.query.QueryEngine#apply} (resource plus options to the response
 * body). Nothing here knows the chassis: other resources are reached only through a {@link
 * io.gpuchassis.redfish.query.ResourceResolver}.
 */
package io.gpuchassis.redfish.query;
