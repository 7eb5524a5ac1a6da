package io.gpuchassis.redfish.query;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A parsed {@code $select}: the properties to keep, each a {@link PropertyPath} such as {@code
 * Status/Health} (DSP0266 §7.3.2).
 */
public record SelectOption(List<PropertyPath> paths) {

  static final String PARAMETER = "$select";

  public SelectOption {
    paths = List.copyOf(paths);
    if (paths.isEmpty()) {
      throw new IllegalArgumentException("a selection needs at least one property");
    }
  }

  /** The selection {@code value} spells: property paths separated by commas. */
  static SelectOption parse(String value) {
    List<PropertyPath> paths = new ArrayList<>();
    for (String item : value.split(",", -1)) {
      String trimmed = item.trim();
      PropertyPath path =
          PropertyPath.parse(trimmed)
              .orElseThrow(
                  () ->
                      QueryErrors.valueFormat(
                          value,
                          PARAMETER,
                          trimmed.isEmpty()
                              ? "$select has an empty property name."
                              : "'"
                                  + trimmed
                                  + "' is not a property name or a path such as Status/Health."));
      if (!paths.contains(path)) {
        paths.add(path);
      }
    }
    return new SelectOption(paths);
  }

  String toQueryValue() {
    return paths.stream().map(PropertyPath::toString).collect(Collectors.joining(","));
  }
}
