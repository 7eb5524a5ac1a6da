package io.gpuchassis.redfish.query;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/** Applies {@code $filter} to the members of a collection, each judged on its full resource. */
final class MemberFilter {

  private MemberFilter() {}

  /**
   * The entries of {@code members} whose resource matches {@code filter}, in order. A hyperlink
   * entry is resolved to judge it; one that resolves to nothing cannot be shown to match and is
   * left out.
   */
  static List<JsonNode> filter(
      List<JsonNode> members, FilterExpression filter, MemoizingResolver resolver) {
    List<JsonNode> matching = new ArrayList<>();
    for (JsonNode member : members) {
      JsonNode resource =
          Resources.isReference(member)
              ? resolver.lookup(member.get(Resources.ODATA_ID).textValue()).orElse(null)
              : member;
      if (resource != null && FilterEvaluator.matches(filter, resource)) {
        matching.add(member);
      }
    }
    return matching;
  }
}
