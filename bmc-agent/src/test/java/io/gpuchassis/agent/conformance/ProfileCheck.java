package io.gpuchassis.agent.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Reads a Redfish interoperability profile (DMTF DSP0272) against the resources of a running
 * service, as a conformance team would: every resource the profile names is found by its {@code
 * @odata.type}, and every Mandatory resource, property (nested properties and array members
 * included; a {@code ReplacedByProperty} counts) and action is looked for on every instance. Use
 * cases apply where their key property matches. Write requirements, conditional requirements and
 * values are not judged here: presence is.
 */
public final class ProfileCheck {

  /** One requirement on one resource type, met when every instance meets it. */
  public record Finding(String resource, String path, boolean met, String detail) {
    /** E.g. {@code Chassis Status.HealthRollup}. */
    public String name() {
      return path.isEmpty() ? resource : resource + " " + path;
    }
  }

  private ProfileCheck() {}

  /**
   * Every resource reachable from the service root through {@code @odata.id} links, by URI. SSE,
   * task monitors, schema files and registries' files are left out (they are not what profiles
   * describe).
   *
   * @param get a resource's body, or null when it does not answer 200
   */
  public static Map<String, JsonNode> crawl(Function<String, JsonNode> get) {
    Map<String, JsonNode> found = new LinkedHashMap<>();
    Deque<String> next = new ArrayDeque<>(List.of("/redfish/v1/"));
    while (!next.isEmpty() && found.size() < 5000) {
      String uri = next.poll();
      if (found.containsKey(uri) || skipped(uri)) {
        continue;
      }
      JsonNode body = get.apply(uri);
      if (body == null) {
        continue;
      }
      found.put(uri, body);
      for (JsonNode id : body.findValues("@odata.id")) {
        String link = id.asText();
        if (link.startsWith("/redfish/v1/") && !link.contains("#") && !found.containsKey(link)) {
          next.add(link);
        }
      }
    }
    return found;
  }

  private static boolean skipped(String uri) {
    return uri.contains("/EventService/SSE")
        || uri.contains("/JsonSchemas/")
        || uri.contains("/Registries/")
        || uri.contains("/TaskMonitors/")
        || uri.contains("$metadata");
  }

  /** The findings of {@code profile} on {@code crawled}, in the profile's order. */
  public static List<Finding> check(JsonNode profile, Map<String, JsonNode> crawled) {
    Map<String, List<Map.Entry<String, JsonNode>>> byType = new LinkedHashMap<>();
    crawled.forEach(
        (uri, body) ->
            (capabilities(body) ? Optional.<String>empty() : typeName(body))
                .ifPresent(
                    t ->
                        byType
                            .computeIfAbsent(t, k -> new ArrayList<>())
                            .add(Map.entry(uri, body))));
    List<Finding> findings = new ArrayList<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = profile.path("Resources").fields();
        it.hasNext(); ) {
      Map.Entry<String, JsonNode> resource = it.next();
      String name = resource.getKey();
      JsonNode requirement = resource.getValue();
      List<Map.Entry<String, JsonNode>> instances = byType.getOrDefault(name, List.of());
      if (mandatory(requirement) && instances.isEmpty()) {
        findings.add(new Finding(name, "", false, "no resource of this type is served"));
        continue;
      }
      if (instances.isEmpty()) {
        continue;
      }
      findings.addAll(properties(name, "", requirement.path("PropertyRequirements"), instances));
      for (JsonNode useCase : requirement.path("UseCases")) {
        List<Map.Entry<String, JsonNode>> applying =
            instances.stream().filter(i -> applies(useCase, i.getValue())).toList();
        if (!applying.isEmpty()) {
          findings.addAll(properties(name, "", useCase.path("PropertyRequirements"), applying));
        }
      }
      for (Iterator<Map.Entry<String, JsonNode>> actions =
              requirement.path("ActionRequirements").fields();
          actions.hasNext(); ) {
        Map.Entry<String, JsonNode> action = actions.next();
        if (!mandatory(action.getValue())) {
          continue;
        }
        List<String> missing = new ArrayList<>();
        for (Map.Entry<String, JsonNode> i : instances) {
          if (!hasAction(i.getValue(), action.getKey())) {
            missing.add(i.getKey());
          }
        }
        findings.add(
            new Finding(
                name,
                "Actions." + action.getKey(),
                missing.isEmpty(),
                missing.isEmpty() ? "" : "missing on " + missing));
      }
    }
    return findings;
  }

  private static List<Finding> properties(
      String resource,
      String prefix,
      JsonNode requirements,
      List<Map.Entry<String, JsonNode>> instances) {
    List<Finding> findings = new ArrayList<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = requirements.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> property = it.next();
      String name = property.getKey();
      JsonNode requirement = property.getValue();
      String path = prefix.isEmpty() ? name : prefix + "." + name;
      List<Map.Entry<String, JsonNode>> values = new ArrayList<>();
      List<String> missing = new ArrayList<>();
      for (Map.Entry<String, JsonNode> i : instances) {
        JsonNode value = present(i.getValue(), name, requirement);
        if (value == null) {
          missing.add(i.getKey());
        } else if (value.isArray()) {
          value.forEach(v -> values.add(Map.entry(i.getKey(), v)));
        } else {
          values.add(Map.entry(i.getKey(), value));
        }
      }
      if (mandatory(requirement)) {
        findings.add(
            new Finding(
                resource,
                path,
                missing.isEmpty(),
                missing.isEmpty() ? "" : "missing on " + abbreviate(missing)));
      }
      if (requirement.has("PropertyRequirements") && !values.isEmpty()) {
        List<Map.Entry<String, JsonNode>> objects =
            values.stream().filter(v -> v.getValue().isObject()).toList();
        findings.addAll(
            properties(resource, path, requirement.path("PropertyRequirements"), objects));
      }
    }
    return findings;
  }

  /**
   * The property's value, or its replacement's; null when neither is there. A property that reads
   * null is there (Redfish's way of saying a value is unknown or withheld, as a password is).
   */
  private static JsonNode present(JsonNode body, String name, JsonNode requirement) {
    JsonNode value = body.get(name);
    if (value != null) {
      return value;
    }
    for (JsonNode replacement :
        requirement.path("ReplacedByProperty").isArray()
            ? requirement.path("ReplacedByProperty")
            : List.of(requirement.path("ReplacedByProperty"))) {
      JsonNode other = body.get(replacement.asText());
      if (other != null) {
        return other;
      }
    }
    return null;
  }

  private static boolean applies(JsonNode useCase, JsonNode body) {
    String key = useCase.path("UseCaseKeyProperty").asText("");
    if (key.isEmpty()) {
      return true;
    }
    JsonNode value = body.get(key);
    if (value == null) {
      return false;
    }
    List<String> have = new ArrayList<>();
    if (value.isArray()) {
      value.forEach(v -> have.add(v.asText()));
    } else {
      have.add(value.asText());
    }
    for (JsonNode wanted : useCase.path("UseCaseKeyValues")) {
      if (have.contains(wanted.asText())) {
        return true;
      }
    }
    return false;
  }

  /**
   * A capabilities object (DSP2050: what a POST to a collection takes, its properties annotated
   * {@code @Redfish.RequiredOnCreate} and the like) describes a request, not a resource.
   */
  private static boolean capabilities(JsonNode body) {
    for (Iterator<String> names = body.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (name.endsWith("@Redfish.RequiredOnCreate")
          || name.endsWith("@Redfish.OptionalOnCreate")
          || name.endsWith("@Redfish.SetOnlyOnCreate")) {
        return true;
      }
    }
    return false;
  }

  private static boolean hasAction(JsonNode body, String action) {
    for (Iterator<String> names = body.path("Actions").fieldNames(); names.hasNext(); ) {
      if (names.next().endsWith("." + action)) {
        return true;
      }
    }
    return false;
  }

  private static boolean mandatory(JsonNode requirement) {
    // a resource or property with no ReadRequirement is Mandatory (DSP0272)
    return requirement.path("ReadRequirement").asText("Mandatory").equals("Mandatory");
  }

  /** {@code #Chassis.v1_28_0.Chassis} → {@code Chassis}. */
  private static Optional<String> typeName(JsonNode body) {
    String type = body.path("@odata.type").asText("");
    if (!type.startsWith("#") || type.indexOf('.') < 0) {
      return Optional.empty();
    }
    return Optional.of(type.substring(1, type.indexOf('.')));
  }

  private static String abbreviate(List<String> uris) {
    return uris.size() <= 3
        ? uris.toString()
        : uris.subList(0, 3) + " and " + (uris.size() - 3) + " more";
  }
}
