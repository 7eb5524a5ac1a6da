package io.gpuchassis.redfish.query;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A property inside a resource, named the way {@code $select} and {@code $filter} name it: property
 * names joined with {@code /} ({@code Status/Health}). A segment is a Redfish property name or an
 * annotation ({@code @odata.id}, {@code Members@odata.count}).
 */
public record PropertyPath(List<String> segments) {

  // Property names (DSP0266 §9.6) are letters and digits; annotations add '@', '.', '#' and OData's
  // '_'.
  private static final Pattern SEGMENT = Pattern.compile("[A-Za-z_@#][A-Za-z0-9_@#.]*");
  private static final int MAX_SEGMENT_LENGTH = 128;

  public PropertyPath {
    segments = List.copyOf(segments);
    if (segments.isEmpty()) {
      throw new IllegalArgumentException("a property path needs at least one segment");
    }
    for (String s : segments) {
      if (!isValidSegment(s)) {
        throw new IllegalArgumentException("not a property name: '" + s + "'");
      }
    }
  }

  /** The path written as {@code A/B/C}, or empty when {@code text} is not one. */
  public static Optional<PropertyPath> parse(String text) {
    List<String> parts = List.of(text.split("/", -1));
    for (String part : parts) {
      if (!isValidSegment(part)) {
        return Optional.empty();
      }
    }
    return Optional.of(new PropertyPath(parts));
  }

  static boolean isValidSegment(String segment) {
    return segment.length() <= MAX_SEGMENT_LENGTH && SEGMENT.matcher(segment).matches();
  }

  /**
   * The value at this path in {@code node}, walking objects only, or a {@link MissingNode} when
   * some segment is absent or crosses something that is not an object.
   */
  public JsonNode find(JsonNode node) {
    JsonNode current = node;
    for (String segment : segments) {
      if (current == null || !current.isObject()) {
        return MissingNode.getInstance();
      }
      current = current.get(segment);
    }
    return current == null ? MissingNode.getInstance() : current;
  }

  @Override
  public String toString() {
    return String.join("/", segments);
  }
}
