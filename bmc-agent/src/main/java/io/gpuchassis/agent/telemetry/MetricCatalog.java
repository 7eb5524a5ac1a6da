package io.gpuchassis.agent.telemetry;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The metrics this chassis has (its MetricDefinitions), by id, in the order they were named. */
public final class MetricCatalog {

  private final Map<String, MetricSpec> byId = new LinkedHashMap<>();

  public MetricCatalog(List<MetricSpec> metrics) {
    metrics.forEach(m -> byId.put(m.id(), m));
  }

  public List<MetricSpec> all() {
    return List.copyOf(byId.values());
  }

  public Optional<MetricSpec> byId(String id) {
    return Optional.ofNullable(byId.get(id));
  }
}
