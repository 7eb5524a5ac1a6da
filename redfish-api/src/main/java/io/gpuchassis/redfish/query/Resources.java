package io.gpuchassis.redfish.query;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/** How the engine recognises the shapes it works on in a rendered resource. */
final class Resources {

  static final String ODATA_ID = "@odata.id";
  static final String MEMBERS = "Members";
  static final String MEMBERS_COUNT = "Members@odata.count";
  static final String MEMBERS_NEXT_LINK = "Members@odata.nextLink";
  static final String LINKS = "Links";

  private Resources() {}

  /** A resource collection: an object with a {@code Members} array. */
  static boolean isCollection(JsonNode node) {
    return node.isObject() && node.path(MEMBERS).isArray();
  }

  /**
   * A hyperlink to another resource: an object whose only property is {@code @odata.id}, a string.
   */
  static boolean isReference(JsonNode node) {
    return node.isObject() && node.size() == 1 && node.path(ODATA_ID).isTextual();
  }

  static Optional<String> odataId(JsonNode node) {
    JsonNode id = node.path(ODATA_ID);
    return id.isTextual() ? Optional.of(id.textValue()) : Optional.empty();
  }
}
