package io.gpuchassis.agent.telemetry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.store.AgentStore;
import io.gpuchassis.agent.store.Settings;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * MetricReportDefinitions in SQLite, so they survive a restart; the first start puts in the
 * chassis' defaults, which an operator may change or delete like any other. Blocking.
 */
public final class ReportDefinitionStore {

  private static final String SEEDED = "telemetry.defaultsSeeded";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final AgentStore store;
  private final Clock clock;

  public ReportDefinitionStore(AgentStore store, Clock clock) {
    this.store = store;
    this.clock = clock;
  }

  /** Every definition, oldest first; {@code defaults} are saved first on the very first start. */
  public List<ReportDefinition> all(List<ReportDefinition> defaults) {
    Settings settings = new Settings(store);
    if (settings.get(SEEDED).isEmpty()) {
      defaults.forEach(this::save);
      settings.put(SEEDED, "true");
    }
    return store.inTransaction(
        c -> {
          List<ReportDefinition> all = new ArrayList<>();
          try (Statement s = c.createStatement();
              ResultSet rs =
                  s.executeQuery(
                      "SELECT definition FROM metric_report_definitions ORDER BY created, id")) {
            while (rs.next()) {
              all.add(read(rs.getString(1)));
            }
          }
          return all;
        });
  }

  /** Inserts the definition, or replaces the one with its id (keeping its place in the order). */
  public void save(ReportDefinition d) {
    String text = write(d);
    store.inTransaction(
        c -> {
          try (PreparedStatement p =
              c.prepareStatement(
                  "INSERT INTO metric_report_definitions(id, definition, created) VALUES (?, ?, ?)"
                      + " ON CONFLICT(id) DO UPDATE SET definition = excluded.definition")) {
            p.setString(1, d.id());
            p.setString(2, text);
            p.setString(3, clock.instant().toString());
            p.executeUpdate();
          }
          return null;
        });
  }

  public boolean delete(String id) {
    return store.inTransaction(
        c -> {
          try (PreparedStatement p =
              c.prepareStatement("DELETE FROM metric_report_definitions WHERE id = ?")) {
            p.setString(1, id);
            return p.executeUpdate() > 0;
          }
        });
  }

  static String write(ReportDefinition d) {
    ObjectNode o = JSON.createObjectNode();
    o.put("id", d.id());
    o.put("name", d.name());
    o.put("type", d.type().name());
    d.interval().ifPresent(i -> o.put("interval", i.toString()));
    o.put("enabled", d.enabled());
    o.put("log", d.logToCollection());
    o.put("event", d.sendEvent());
    ArrayNode metrics = o.putArray("metrics");
    for (ReportDefinition.ReportMetric m : d.metrics()) {
      ObjectNode entry = metrics.addObject();
      m.metricId().ifPresent(id -> entry.put("metricId", id));
      ArrayNode properties = entry.putArray("properties");
      m.properties().forEach(properties::add);
    }
    return o.toString();
  }

  static ReportDefinition read(String text) {
    try {
      JsonNode o = JSON.readTree(text);
      List<ReportDefinition.ReportMetric> metrics = new ArrayList<>();
      for (JsonNode m : o.path("metrics")) {
        List<String> properties = new ArrayList<>();
        m.path("properties").forEach(p -> properties.add(p.asText()));
        metrics.add(
            new ReportDefinition.ReportMetric(
                m.has("metricId") ? Optional.of(m.get("metricId").asText()) : Optional.empty(),
                properties));
      }
      return new ReportDefinition(
          o.get("id").asText(),
          o.get("name").asText(),
          ReportDefinition.Type.valueOf(o.get("type").asText()),
          o.has("interval")
              ? Optional.of(Duration.parse(o.get("interval").asText()))
              : Optional.empty(),
          o.get("enabled").asBoolean(),
          o.get("log").asBoolean(),
          o.get("event").asBoolean(),
          metrics);
    } catch (java.io.IOException e) {
      throw new IllegalStateException("unreadable metric report definition: " + text, e);
    }
  }
}
