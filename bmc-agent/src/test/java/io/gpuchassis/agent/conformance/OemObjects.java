package io.gpuchassis.agent.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Finds the OEM extensions in a Redfish body: every object under an {@code Oem} property ({@code
 * Oem.Vendor}, which DSP0266 asks to carry {@code @odata.type}), and every OEM action ({@code
 * Actions.Oem."#Vendor.Name"}). The contents of an OEM object are its schema's business and are not
 * searched further.
 */
public final class OemObjects {

  /** One OEM object or action: where it is (a JSON pointer), its key and its value. */
  public record Found(String pointer, String key, JsonNode value, boolean action) {}

  private OemObjects() {}

  public static List<Found> in(JsonNode body) {
    List<Found> found = new ArrayList<>();
    walk(body, "", null, found);
    return found;
  }

  private static void walk(JsonNode node, String pointer, String parentKey, List<Found> found) {
    if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        walk(node.get(i), pointer + "/" + i, parentKey, found);
      }
      return;
    }
    for (Map.Entry<String, JsonNode> field : node.properties()) {
      String at = pointer + "/" + escape(field.getKey());
      if (field.getKey().equals("Oem") && field.getValue().isObject()) {
        boolean actions = "Actions".equals(parentKey);
        for (Map.Entry<String, JsonNode> entry : field.getValue().properties()) {
          // "Oem@odata.count"-style annotations are not extensions
          if (!entry.getKey().contains("@")) {
            found.add(
                new Found(
                    at + "/" + escape(entry.getKey()), entry.getKey(), entry.getValue(), actions));
          }
        }
      } else if (field.getValue().isContainerNode()) {
        walk(field.getValue(), at, field.getKey(), found);
      }
    }
  }

  private static String escape(String key) {
    return key.replace("~", "~0").replace("/", "~1");
  }
}
