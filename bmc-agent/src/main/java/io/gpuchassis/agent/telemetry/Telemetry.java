package io.gpuchassis.agent.telemetry;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Collects the metric reports: each enabled Periodic definition on its schedule, each OnChange one
 * every {@link #MIN_INTERVAL} (a report when a value changed, with the values that did), each
 * OnRequest one when its report is read. Values are read from the Redfish resources the properties
 * name, as a GET would render them. Collection runs on one thread of its own; the latest report of
 * each definition that logs is kept in memory (ReportUpdates Overwrite), and reports of definitions
 * that send events go to the {@link ReportSink}.
 */
public final class Telemetry implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(Telemetry.class);

  /** The shortest RecurrenceInterval, and how often OnChange definitions look for changes. */
  public static final Duration MIN_INTERVAL = Duration.ofSeconds(1);

  /** The most definitions (and so reports) kept: TelemetryService MaxReports. */
  public static final int MAX_DEFINITIONS = 32;

  /** The most properties one definition may read, its metrics' properties counted together. */
  public static final int MAX_PROPERTIES = 512;

  /**
   * Reads a resource as a GET by a caller with Login would render it; empty when there is none. The
   * tree may be shared with the service: the collection only reads it.
   */
  @FunctionalInterface
  public interface ResourceReader {
    Optional<JsonNode> read(String uri);
  }

  /** Where the reports of definitions with ReportActions RedfishEvent go. */
  @FunctionalInterface
  public interface ReportSink {
    void send(ReportDefinition definition, MetricReportData report);
  }

  /** One property a definition reads, and the metric it is reported under. */
  public record Source(Optional<String> metricId, String property) {}

  private final ReportDefinitionStore store;
  private final Clock clock;
  private final Ticker ticker;
  private final Map<String, ReportDefinition> definitions = new LinkedHashMap<>();
  private final Map<String, Runnable> schedules = new HashMap<>();
  private final Map<String, MetricReportData> latest = new HashMap<>();
  private final Map<String, Map<String, String>> lastValues = new HashMap<>();
  private MetricCatalog catalog = new MetricCatalog(List.of());
  private ResourceReader reader = uri -> Optional.empty();
  private ReportSink sink = (d, r) -> {};

  public Telemetry(ReportDefinitionStore store, Clock clock) {
    this(store, clock, Ticker.thread());
  }

  Telemetry(ReportDefinitionStore store, Clock clock, Ticker ticker) {
    this.store = store;
    this.clock = clock;
    this.ticker = ticker;
  }

  /**
   * Loads the definitions (on the first start, the chassis' defaults) and starts collecting. Blocks
   * (database).
   */
  public synchronized void start(MetricCatalog metrics, ResourceReader resources, ReportSink out) {
    this.catalog = metrics;
    this.reader = resources;
    this.sink = out;
    for (ReportDefinition d : store.all(defaults(metrics))) {
      definitions.put(d.id(), d);
      schedule(d);
    }
  }

  public synchronized MetricCatalog catalog() {
    return catalog;
  }

  public synchronized List<ReportDefinition> definitions() {
    return List.copyOf(definitions.values());
  }

  public synchronized Optional<ReportDefinition> definition(String id) {
    return Optional.ofNullable(definitions.get(id));
  }

  /** Whether another definition may be created. */
  public synchronized boolean full() {
    return definitions.size() >= MAX_DEFINITIONS;
  }

  /**
   * Creates the definition, or replaces the one with its id; its collection starts again (an
   * OnChange one reports every value first). Blocks (database).
   */
  public synchronized void save(ReportDefinition d) {
    if (!definitions.containsKey(d.id()) && full()) {
      throw new IllegalStateException("already " + MAX_DEFINITIONS + " metric report definitions");
    }
    store.save(d);
    definitions.put(d.id(), d);
    unschedule(d.id());
    lastValues.remove(d.id());
    if (!d.logToCollection()) {
      latest.remove(d.id());
    }
    schedule(d);
  }

  /** Removes the definition and its report. Blocks (database). */
  public synchronized boolean delete(String id) {
    if (definitions.remove(id) == null) {
      return false;
    }
    store.delete(id);
    unschedule(id);
    latest.remove(id);
    lastValues.remove(id);
    return true;
  }

  /**
   * The report of definition {@code id} kept in the MetricReports collection: the latest, or for an
   * OnRequest definition one collected now. Empty when the definition does not log its reports or
   * has made none yet.
   */
  public Optional<MetricReportData> report(String id) {
    ReportDefinition d;
    synchronized (this) {
      d = definitions.get(id);
      if (d == null || !d.logToCollection()) {
        return Optional.empty();
      }
      if (d.type() != ReportDefinition.Type.OnRequest || !d.enabled()) {
        return Optional.ofNullable(latest.get(id));
      }
    }
    MetricReportData report = record(d, read(d), clock.instant());
    return Optional.of(report);
  }

  /** The ids of the definitions whose report the collection holds. */
  public synchronized List<String> reportIds() {
    return definitions.values().stream()
        .filter(ReportDefinition::logToCollection)
        .filter(d -> latest.containsKey(d.id()) || d.type() == ReportDefinition.Type.OnRequest)
        .map(ReportDefinition::id)
        .toList();
  }

  /** The properties {@code d} reads: its metrics' own, or their catalog entries'. */
  public List<Source> sources(ReportDefinition d) {
    MetricCatalog metrics = catalog();
    List<Source> all = new ArrayList<>();
    for (ReportDefinition.ReportMetric m : d.metrics()) {
      List<String> properties =
          !m.properties().isEmpty()
              ? m.properties()
              : m.metricId().flatMap(metrics::byId).map(MetricSpec::properties).orElse(List.of());
      properties.forEach(p -> all.add(new Source(m.metricId(), p)));
    }
    return all;
  }

  /**
   * Why {@code property} cannot be read, or empty when it can: it must name a resource of this
   * service outside the TelemetryService, with a JSON pointer to a value there.
   */
  public Optional<String> problemWith(String property) {
    int hash = property.indexOf('#');
    if (hash < 0 || !property.startsWith("/redfish/v1/") || hash + 1 >= property.length()) {
      return Optional.of("a property is a resource URI with a JSON pointer: /redfish/v1/...#/Name");
    }
    String uri = property.substring(0, hash);
    if (uri.startsWith("/redfish/v1/TelemetryService")) {
      return Optional.of("the TelemetryService's own resources are not metrics");
    }
    Optional<JsonNode> resource = resources().read(uri);
    if (resource.isEmpty()) {
      return Optional.of("there is no resource at " + uri);
    }
    if (resource.get().at(property.substring(hash + 1)).isMissingNode()) {
      return Optional.of(uri + " has no " + property.substring(hash + 1));
    }
    return Optional.empty();
  }

  private synchronized ResourceReader resources() {
    return reader;
  }

  private void schedule(ReportDefinition d) {
    if (!d.enabled() || d.type() == ReportDefinition.Type.OnRequest) {
      return;
    }
    Duration period =
        d.type() == ReportDefinition.Type.Periodic ? d.interval().orElseThrow() : MIN_INTERVAL;
    String id = d.id();
    // An OnChange definition looks at once: its first report has every value.
    Duration first = d.type() == ReportDefinition.Type.OnChange ? Duration.ZERO : period;
    schedules.put(id, ticker.every(first, period, () -> collect(id)));
  }

  private void unschedule(String id) {
    Runnable stop = schedules.remove(id);
    if (stop != null) {
      stop.run();
    }
  }

  /** One scheduled collection of definition {@code id}. */
  void collect(String id) {
    try {
      collectOnce(id);
    } catch (RuntimeException e) {
      // One failed collection must not end the schedule.
      LOG.error("metric report {} could not be collected", id, e);
    }
  }

  private void collectOnce(String id) {
    ReportDefinition d = definition(id).orElse(null);
    if (d == null) {
      return;
    }
    Instant now = clock.instant();
    List<MetricReportData.Reading> values = read(d);
    if (d.type() == ReportDefinition.Type.OnChange) {
      values = changed(d, values);
      if (values.isEmpty()) {
        return;
      }
    }
    MetricReportData report = record(d, values, now);
    if (d.sendEvent()) {
      sink.send(d, report);
    }
  }

  /** The values that differ from the last look (all of them the first time), remembered. */
  private synchronized List<MetricReportData.Reading> changed(
      ReportDefinition d, List<MetricReportData.Reading> values) {
    Map<String, String> before = lastValues.get(d.id());
    Map<String, String> now = new HashMap<>();
    List<MetricReportData.Reading> changed = new ArrayList<>();
    for (MetricReportData.Reading r : values) {
      now.put(r.property(), r.value());
      if (before == null || !r.value().equals(before.get(r.property()))) {
        changed.add(r);
      }
    }
    if (definitions.get(d.id()) == d) {
      lastValues.put(d.id(), now);
    }
    return changed;
  }

  /** The report, kept as the latest when its definition still logs. */
  private synchronized MetricReportData record(
      ReportDefinition d, List<MetricReportData.Reading> values, Instant now) {
    MetricReportData report = new MetricReportData(d.id(), now, values);
    if (d.logToCollection() && definitions.get(d.id()) == d) {
      latest.put(d.id(), report);
    }
    return report;
  }

  /**
   * Reads every property of {@code d}, each resource once; values that are not there are left out.
   */
  List<MetricReportData.Reading> read(ReportDefinition d) {
    ResourceReader resources = resources();
    Map<String, Optional<JsonNode>> read = new HashMap<>();
    Instant now = clock.instant();
    List<MetricReportData.Reading> values = new ArrayList<>();
    for (Source s : sources(d)) {
      int hash = s.property().indexOf('#');
      if (hash < 0) {
        continue;
      }
      String uri = s.property().substring(0, hash);
      String pointer = s.property().substring(hash + 1);
      Optional<JsonNode> resource = read.computeIfAbsent(uri, resources::read);
      if (resource.isEmpty()) {
        continue;
      }
      JsonNode value = resource.get().at(pointer);
      if (!value.isValueNode() || value.isNull()) {
        continue;
      }
      values.add(
          new MetricReportData.Reading(
              s.metricId(),
              s.property(),
              value.asText(),
              readingTime(resource.get(), pointer, now)));
    }
    return values;
  }

  /** A sensor's ReadingTime beside the value read, or {@code otherwise}. */
  private static Instant readingTime(JsonNode resource, String pointer, Instant otherwise) {
    int slash = pointer.lastIndexOf('/');
    JsonNode time = resource.at(pointer.substring(0, Math.max(0, slash))).path("ReadingTime");
    if (time.isTextual()) {
      try {
        return Instant.parse(time.textValue());
      } catch (DateTimeParseException e) {
        return otherwise;
      }
    }
    return otherwise;
  }

  /** The definitions a chassis starts with; each names only metrics the chassis has. */
  static List<ReportDefinition> defaults(MetricCatalog metrics) {
    List<ReportDefinition> all = new ArrayList<>();
    addDefault(
        all,
        metrics,
        "GPUs",
        "GPU temperature and power",
        ReportDefinition.Type.Periodic,
        Duration.ofSeconds(30),
        List.of("GPUTemperature", "GPUPower"));
    addDefault(
        all,
        metrics,
        "PCIeLinks",
        "PCIe links and their error counters",
        ReportDefinition.Type.Periodic,
        Duration.ofSeconds(60),
        List.of(
            "PCIeLinkStatus",
            "PCIeLinkSpeed",
            "PCIeLinkWidth",
            "PCIeCorrectableErrors",
            "PCIeNonFatalErrors",
            "PCIeBadTLPs",
            "PCIeBadDLLPs"));
    addDefault(
        all,
        metrics,
        "Environment",
        "Air temperatures, fans and supplies",
        ReportDefinition.Type.Periodic,
        Duration.ofSeconds(60),
        List.of("IntakeTemperature", "ExhaustTemperature", "FanSpeed", "PowerSupplyPower"));
    addDefault(
        all,
        metrics,
        "LinkChanges",
        "PCIe link changes",
        ReportDefinition.Type.OnChange,
        null,
        List.of("PCIeLinkStatus", "PCIeLinkSpeed", "PCIeLinkWidth"));
    return all;
  }

  private static void addDefault(
      List<ReportDefinition> all,
      MetricCatalog metrics,
      String id,
      String name,
      ReportDefinition.Type type,
      Duration interval,
      List<String> metricIds) {
    List<ReportDefinition.ReportMetric> present =
        metricIds.stream()
            .filter(m -> metrics.byId(m).isPresent())
            .map(m -> new ReportDefinition.ReportMetric(Optional.of(m), List.of()))
            .toList();
    if (!present.isEmpty()) {
      all.add(
          new ReportDefinition(
              id, name, type, Optional.ofNullable(interval), true, true, true, present));
    }
  }

  @Override
  public synchronized void close() {
    ticker.close();
  }
}
