package io.gpuchassis.redfish.query;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Replaces hyperlinks ({@code {"@odata.id": ...}}) in a resource with the resources they point to,
 * as far as {@code $expand} asks (DSP0266 §7.3.1).
 *
 * <ul>
 *   <li>A hyperlink is "in Links" when some enclosing property is named {@code Links}, at any
 *       depth, so the {@code Links} of an array element count too. Collection members are not in
 *       {@code Links}.
 *   <li>With {@code $levels=N}, resources expanded at level {@code k < N} have their own hyperlinks
 *       expanded in turn, judged by the same scope with their own {@code Links}.
 *   <li>A hyperlink back to a resource that is already being expanded on the way down stays a
 *       hyperlink, so {@code Chassis -> ManagedBy -> ManagerForChassis -> Chassis} ends instead of
 *       repeating itself.
 *   <li>A hyperlink the resolver cannot render stays a hyperlink.
 *   <li>Annotations ({@code @Redfish.Settings}, {@code Property@...}) are not searched: they
 *       describe the resource and are not part of its hyperlink graph.
 * </ul>
 */
final class ReferenceExpander {

  private final ExpandScope scope;
  private final MemoizingResolver resolver;
  private final int maxResources;
  private final Set<String> ancestors = new HashSet<>();
  private int expanded;

  private ReferenceExpander(ExpandScope scope, MemoizingResolver resolver, int maxResources) {
    this.scope = scope;
    this.resolver = resolver;
    this.maxResources = maxResources;
  }

  /**
   * Expands the hyperlinks of {@code resource} in place.
   *
   * @throws io.gpuchassis.redfish.error.RedfishException 507 when more than {@code maxResources}
   *     would be inlined
   */
  static void expand(
      ObjectNode resource, ExpandOption option, MemoizingResolver resolver, int maxResources) {
    ReferenceExpander expander = new ReferenceExpander(option.scope(), resolver, maxResources);
    Resources.odataId(resource).ifPresent(expander.ancestors::add);
    expander.expandWithin(resource, option.levels(), false);
  }

  private void expandWithin(JsonNode container, int levels, boolean inLinks) {
    if (container instanceof ObjectNode object) {
      List<String> names = new ArrayList<>();
      object.fieldNames().forEachRemaining(names::add);
      for (String name : names) {
        if (name.indexOf('@') < 0) {
          JsonNode value = object.get(name);
          JsonNode replacement = visit(value, levels, inLinks || name.equals(Resources.LINKS));
          if (replacement != value) {
            object.set(name, replacement);
          }
        }
      }
    } else if (container instanceof ArrayNode array) {
      for (int i = 0; i < array.size(); i++) {
        JsonNode element = array.get(i);
        JsonNode replacement = visit(element, levels, inLinks);
        if (replacement != element) {
          array.set(i, replacement);
        }
      }
    }
  }

  /** What {@code node} becomes: the resource it links to, or itself with its insides expanded. */
  private JsonNode visit(JsonNode node, int levels, boolean inLinks) {
    if (!Resources.isReference(node)) {
      if (node.isContainerNode()) {
        expandWithin(node, levels, inLinks);
      }
      return node;
    }
    String id = node.get(Resources.ODATA_ID).textValue();
    if (!scope.covers(inLinks) || ancestors.contains(id)) {
      return node;
    }
    Optional<ObjectNode> target = resolver.copyOf(id);
    if (target.isEmpty()) {
      return node;
    }
    if (++expanded > maxResources) {
      throw QueryErrors.responseTooLarge(maxResources);
    }
    ObjectNode resource = target.get();
    if (levels > 1) {
      ancestors.add(id);
      expandWithin(resource, levels - 1, false);
      ancestors.remove(id);
    }
    return resource;
  }
}
