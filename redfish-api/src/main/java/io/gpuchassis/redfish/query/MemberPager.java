package io.gpuchassis.redfish.query;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * Puts one page of members into a collection: {@code $skip}, then {@code $top}, then the service's
 * page size (DSP0266 §7.2.1). {@code Members@odata.count} is the number of members before paging
 * (after {@code $filter}); {@code Members@odata.nextLink} is there when members remain after the
 * page, and repeats the request's options with {@code $skip} moved past the page, so following it
 * walks the collection in pages of the same size.
 */
final class MemberPager {

  private MemberPager() {}

  static void page(
      ObjectNode collection, List<JsonNode> members, QueryOptions options, int pageSize) {
    int total = members.size();
    int from = Math.min(options.skip().orElse(0), total);
    int size = Math.min(options.top().orElse(Integer.MAX_VALUE), pageSize);
    int to = from + Math.min(size, total - from);

    ArrayNode page = collection.putArray(Resources.MEMBERS);
    members.subList(from, to).forEach(page::add);
    collection.put(Resources.MEMBERS_COUNT, total);
    collection.remove(Resources.MEMBERS_NEXT_LINK);
    if (to < total) {
      String base = Resources.odataId(collection).orElse("");
      collection.put(
          Resources.MEMBERS_NEXT_LINK, base + "?" + options.withSkip(to).toQueryString());
    }
  }
}
