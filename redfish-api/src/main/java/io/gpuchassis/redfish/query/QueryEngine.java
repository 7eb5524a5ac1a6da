package io.gpuchassis.redfish.query;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.message.MessageInstance;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Turns a rendered resource and the request's {@link QueryOptions} into the response body of a GET,
 * in the order DSP0266 §7.3 sets: {@code only}; then, on a collection, {@code $filter}, {@code
 * $skip}, {@code $top} and the service's own paging; then {@code $expand}; then {@code $select}.
 *
 * <p>Every collection response gets {@code Members@odata.count} (the members after {@code $filter},
 * before paging) and, when members remain after the page, {@code Members@odata.nextLink}, even
 * without any query parameter: a collection larger than {@link QueryConfig#pageSize()} is always
 * paged.
 *
 * <p>Errors, all {@link RedfishException}:
 *
 * <ul>
 *   <li>400 {@code QueryNotSupportedOnResource} for {@code only}, {@code $filter}, {@code $skip} or
 *       {@code $top} on a resource that is not a collection (one without a {@code Members} array);
 *   <li>400 {@code QueryParameterValueFormatError}, one per path, for {@code $select} paths that
 *       name nothing in the response when {@link QueryConfig#rejectUnknownSelect()} is on. With no
 *       schema at hand "nothing" means: not in the response after {@code $expand}, nor in any of
 *       its members; a collection without members accepts any path;
 *   <li>507 {@code InsufficientStorage} when {@code $expand} would inline more than {@link
 *       QueryConfig#maxExpandedResources()} resources.
 * </ul>
 *
 * <p>The engine is pure: it never modifies the resource it is given nor what the resolver returns,
 * and holds no state between requests; one instance serves all threads.
 */
public final class QueryEngine {

  private final QueryConfig config;

  public QueryEngine(QueryConfig config) {
    this.config = config;
  }

  /** An engine with {@link QueryConfig#DEFAULTS}. */
  public QueryEngine() {
    this(QueryConfig.DEFAULTS);
  }

  public QueryConfig config() {
    return config;
  }

  /** {@link QueryOptions#parse(Map, QueryConfig)} with this engine's limits. */
  public QueryOptions parse(Map<String, List<String>> parameters) {
    return QueryOptions.parse(parameters, config);
  }

  /** {@link QueryOptions#fromQueryString(String, QueryConfig)} with this engine's limits. */
  public QueryOptions parse(String rawQuery) {
    return QueryOptions.fromQueryString(rawQuery, config);
  }

  /**
   * The response body for a GET of {@code resource} with {@code options}.
   *
   * @param resource the resource as rendered without query parameters; a collection lists all its
   *     members
   * @param resolver renders the resources that members and hyperlinks point to
   * @throws RedfishException as listed in the class description
   */
  public ObjectNode apply(ObjectNode resource, QueryOptions options, ResourceResolver resolver) {
    return apply(resource, options, resolver, false);
  }

  /**
   * As {@link #apply(ObjectNode, QueryOptions, ResourceResolver)}; with {@code expandMembers} (a
   * collection whose schema auto-expands its members, such as LogEntryCollection) the members of
   * the page are then replaced by the resources they link to, before {@code $expand} and {@code
   * $select}. Only the page's members are rendered, and a collection is paged also without query
   * options.
   */
  public ObjectNode apply(
      ObjectNode resource, QueryOptions options, ResourceResolver resolver, boolean expandMembers) {
    boolean collection = Resources.isCollection(resource);
    Optional<String> collectionOnly = options.collectionOnlyParameter();
    if (collectionOnly.isPresent() && !collection) {
      throw QueryErrors.notSupportedOnResource(collectionOnly.get());
    }
    MemoizingResolver resolved = new MemoizingResolver(resolver);
    if (options.only()) {
      Optional<ObjectNode> member = OnlyMember.of(resource, resolved);
      if (member.isPresent()) {
        return member.get();
      }
    }
    ObjectNode response = resource.deepCopy();
    if (collection) {
      List<JsonNode> members = new ArrayList<>();
      response.get(Resources.MEMBERS).forEach(members::add);
      if (options.filter().isPresent()) {
        members = MemberFilter.filter(members, options.filter().get(), resolved);
      }
      MemberPager.page(response, members, options, config.pageSize());
      if (expandMembers) {
        expandMembers(response, resolved);
      }
    }
    if (options.expand().isPresent()) {
      ReferenceExpander.expand(
          response, options.expand().get(), resolved, config.maxExpandedResources());
    }
    if (options.select().isPresent()) {
      SelectOption select = options.select().get();
      if (config.rejectUnknownSelect()) {
        rejectUnknown(SelectProjector.unknownPaths(response, select));
      }
      response = SelectProjector.project(response, select);
    }
    return response;
  }

  /**
   * Each member reference replaced by its resource; one the resolver cannot render stays a
   * reference.
   */
  private static void expandMembers(ObjectNode collection, MemoizingResolver resolver) {
    com.fasterxml.jackson.databind.node.ArrayNode members =
        (com.fasterxml.jackson.databind.node.ArrayNode) collection.get(Resources.MEMBERS);
    for (int i = 0; i < members.size(); i++) {
      JsonNode member = members.get(i);
      if (Resources.isReference(member)) {
        Optional<ObjectNode> resource = resolver.lookup(member.get(Resources.ODATA_ID).textValue());
        if (resource.isPresent()) {
          members.set(i, resource.get().deepCopy());
        }
      }
    }
  }

  private static void rejectUnknown(List<PropertyPath> unknown) {
    if (unknown.isEmpty()) {
      return;
    }
    List<MessageInstance> messages =
        unknown.stream()
            .map(
                p ->
                    QueryMessages.QUERY_PARAMETER_VALUE_FORMAT_ERROR.with(
                        p.toString(), SelectOption.PARAMETER))
            .toList();
    String names = String.join(", ", unknown.stream().map(PropertyPath::toString).toList());
    throw RedfishErrors.of(messages)
        .withDetail("$select names properties this response does not have: " + names + ".");
  }
}
