package io.gpuchassis.redfish.query;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Keeps the properties a {@code $select} names (DSP0266 §7.3.2), and what must stay whatever is
 * selected.
 *
 * <ul>
 *   <li>{@code @odata.id}, {@code @odata.type}, {@code @odata.etag} and {@code @odata.context}
 *       stay, in every object the selection reaches (so an expanded resource keeps its identity
 *       too).
 *   <li>{@code A/B} keeps {@code B} inside {@code A}; through an array it applies to each element
 *       that is an object.
 *   <li>A selected property keeps its annotations: {@code Members} keeps {@code
 *       Members@odata.count}, {@code Reading} keeps {@code Reading@Redfish.AllowableValues}.
 *   <li>In a collection, {@code Members} and its count and next link always stay, and the selection
 *       applies to each member too: {@code /redfish/v1/Systems?$select=UUID&$expand=.} gives the
 *       UUID of every system, the example in DSP0266 §7.3.1.
 * </ul>
 */
final class SelectProjector {

  static final Set<String> ALWAYS_KEPT =
      Set.of("@odata.id", "@odata.type", "@odata.etag", "@odata.context");
  private static final Set<String> COLLECTION_KEPT =
      Set.of(Resources.MEMBERS, Resources.MEMBERS_COUNT, Resources.MEMBERS_NEXT_LINK);

  /**
   * One level of the selection: the names selected whole, and those selected in part (with what
   * below them).
   */
  private static final class Node {
    final Map<String, Node> children = new LinkedHashMap<>();
    boolean selected;
  }

  private final Node root = new Node();

  private SelectProjector(SelectOption select) {
    for (PropertyPath path : select.paths()) {
      Node node = root;
      for (String segment : path.segments()) {
        node = node.children.computeIfAbsent(segment, s -> new Node());
      }
      node.selected = true;
    }
  }

  /** A new tree with only what {@code select} keeps of {@code resource}. */
  static ObjectNode project(ObjectNode resource, SelectOption select) {
    SelectProjector projector = new SelectProjector(select);
    return projector.projectObject(resource, projector.root, true);
  }

  /**
   * The paths of {@code select} that name nothing in {@code response}: not in the resource and, for
   * a collection, not in any member either. A collection without members has nothing to judge by,
   * so nothing is unknown there.
   */
  static List<PropertyPath> unknownPaths(ObjectNode response, SelectOption select) {
    boolean collection = Resources.isCollection(response);
    JsonNode members = response.path(Resources.MEMBERS);
    List<PropertyPath> unknown = new ArrayList<>();
    for (PropertyPath path : select.paths()) {
      List<String> segments = path.segments();
      boolean known =
          ALWAYS_KEPT.contains(segments.get(0))
              || exists(response, segments, 0)
              || (collection && (members.isEmpty() || exists(members, segments, 0)));
      if (!known) {
        unknown.add(path);
      }
    }
    return unknown;
  }

  private static boolean exists(JsonNode node, List<String> segments, int index) {
    if (index == segments.size()) {
      return true;
    }
    if (node.isArray()) {
      for (JsonNode element : node) {
        if (exists(element, segments, index)) {
          return true;
        }
      }
      return false;
    }
    JsonNode child = node.isObject() ? node.get(segments.get(index)) : null;
    return child != null && exists(child, segments, index + 1);
  }

  private ObjectNode projectObject(ObjectNode source, Node node, boolean collectionRoot) {
    ObjectNode out = source.objectNode();
    for (Map.Entry<String, JsonNode> field : source.properties()) {
      String name = field.getKey();
      JsonNode value = field.getValue();
      Node child = node.children.get(name);
      if (ALWAYS_KEPT.contains(name)
          || (child != null && child.selected)
          || isAnnotationOfSelected(name, node)) {
        out.set(name, value);
      } else if (collectionRoot && COLLECTION_KEPT.contains(name)) {
        // Members/X selects X of each member; otherwise the members take the collection's own
        // selection.
        out.set(
            name,
            name.equals(Resources.MEMBERS)
                ? projectValue(value, child != null ? child : node)
                : value);
      } else if (child != null) {
        JsonNode projected = projectValue(value, child);
        if (projected != null) {
          out.set(name, projected);
        }
      }
    }
    return out;
  }

  /** What of {@code value} a partial selection keeps, or null for nothing. */
  private JsonNode projectValue(JsonNode value, Node node) {
    if (value instanceof ObjectNode object) {
      ObjectNode projected = projectObject(object, node, false);
      return projected.isEmpty() ? null : projected;
    }
    if (value instanceof ArrayNode array) {
      ArrayNode projected = array.arrayNode();
      for (JsonNode element : array) {
        JsonNode kept = projectValue(element, node);
        if (kept != null) {
          projected.add(kept);
        }
      }
      return projected;
    }
    return null; // the path goes on below a plain value: there is nothing to keep
  }

  /** Whether {@code name} is an annotation ({@code Property@...}) of a property selected whole. */
  private static boolean isAnnotationOfSelected(String name, Node node) {
    int at = name.indexOf('@');
    if (at <= 0) {
      return false;
    }
    Node property = node.children.get(name.substring(0, at));
    return property != null && property.selected;
  }
}
