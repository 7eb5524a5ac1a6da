package io.gpuchassis.redfish.query;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;

/**
 * The {@code only} query parameter: a collection of exactly one member answers with that member
 * (DSP0266 §7.3).
 */
final class OnlyMember {

  private OnlyMember() {}

  /**
   * The single member of {@code collection}, rendered; empty when the collection has zero or
   * several members, or when its one member cannot be rendered (the collection is then returned "as
   * expected", as the specification says for the other counts).
   */
  static Optional<ObjectNode> of(ObjectNode collection, MemoizingResolver resolver) {
    JsonNode members = collection.path(Resources.MEMBERS);
    if (members.size() != 1) {
      return Optional.empty();
    }
    JsonNode member = members.get(0);
    if (Resources.isReference(member)) {
      return resolver.copyOf(member.get(Resources.ODATA_ID).textValue());
    }
    return member instanceof ObjectNode object ? Optional.of(object.deepCopy()) : Optional.empty();
  }
}
