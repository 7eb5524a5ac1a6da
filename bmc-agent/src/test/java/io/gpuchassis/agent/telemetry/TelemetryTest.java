package io.gpuchassis.agent.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gpuchassis.agent.store.AgentStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The TelemetryService's collection: definitions kept across restarts, when each kind reports,
 * values read from the rendered resources, and what is kept and what is sent.
 */
class TelemetryTest {

  static final ObjectMapper JSON = new ObjectMapper();
  static final String GPU1 = "/redfish/v1/Chassis/C/Sensors/GPU1Temperature";
  static final String GPU2 = "/redfish/v1/Chassis/C/Sensors/GPU2Temperature";
  static final String PORT0 = "/redfish/v1/Fabrics/PCIe/Switches/SW1/Ports/0";
  static final String READ_AT = "2026-12-03T10:00:00Z";
  static final MetricCatalog CATALOG =
      new MetricCatalog(
          List.of(
              new MetricSpec(
                  "GPUTemperature",
                  "GPU Temperature",
                  "Numeric",
                  "Decimal",
                  Optional.of("Cel"),
                  "PhysicalSensor",
                  Optional.of("GPU"),
                  List.of(),
                  List.of(GPU1 + "#/Reading", GPU2 + "#/Reading")),
              new MetricSpec(
                  "PCIeLinkStatus",
                  "PCIe link status",
                  "Discrete",
                  "String",
                  Optional.empty(),
                  "PhysicalSensor",
                  Optional.empty(),
                  List.of("LinkUp", "NoLink"),
                  List.of(PORT0 + "#/LinkStatus"))));

  @TempDir Path dir;
  AgentStore store;
  final Map<String, JsonNode> resources = new ConcurrentHashMap<>();
  final List<MetricReportData> sent = new ArrayList<>();
  final HandTicker ticker = new HandTicker();
  Telemetry telemetry;

  /** Runs nothing by itself: remembers what was scheduled, and the test runs it. */
  static final class HandTicker implements Ticker {
    final Map<Runnable, Duration> periods = new ConcurrentHashMap<>();

    @Override
    public Runnable every(Duration first, Duration period, Runnable work) {
      periods.put(work, period);
      return () -> periods.remove(work);
    }

    @Override
    public void close() {}
  }

  @BeforeEach
  void open() throws Exception {
    store = AgentStore.open(dir);
    resources.put(GPU1, sensor(61.5));
    resources.put(GPU2, sensor(70.25));
    resources.put(PORT0, JSON.readTree("{\"LinkStatus\": \"NoLink\"}"));
    telemetry = started();
  }

  @AfterEach
  void close() {
    telemetry.close();
    store.close();
  }

  Telemetry started() {
    Telemetry t =
        new Telemetry(
            new ReportDefinitionStore(store, Clock.systemUTC()), Clock.systemUTC(), ticker);
    t.start(
        CATALOG,
        uri -> Optional.ofNullable(resources.get(uri)),
        (definition, report) -> sent.add(report));
    return t;
  }

  static JsonNode sensor(double reading) throws Exception {
    return JSON.readTree("{\"Reading\": " + reading + ", \"ReadingTime\": \"" + READ_AT + "\"}");
  }

  static ReportDefinition definition(
      String id, ReportDefinition.Type type, boolean log, boolean event, String... metricIds) {
    return new ReportDefinition(
        id,
        id,
        type,
        type == ReportDefinition.Type.Periodic
            ? Optional.of(Duration.ofSeconds(5))
            : Optional.empty(),
        true,
        log,
        event,
        java.util.Arrays.stream(metricIds)
            .map(m -> new ReportDefinition.ReportMetric(Optional.of(m), List.of()))
            .toList());
  }

  @Test
  void the_defaults_are_put_in_once_and_stay_deleted() {
    List<String> ids = telemetry.definitions().stream().map(ReportDefinition::id).toList();
    assertEquals(List.of("GPUs", "PCIeLinks", "LinkChanges"), ids, "only metrics the chassis has");
    assertTrue(telemetry.delete("GPUs"));
    telemetry.save(
        definition("Mine", ReportDefinition.Type.OnRequest, true, false, "GPUTemperature"));
    telemetry.close();
    telemetry = started();
    assertEquals(
        List.of("PCIeLinks", "LinkChanges", "Mine"),
        telemetry.definitions().stream().map(ReportDefinition::id).toList());
  }

  @Test
  void each_kind_is_scheduled_as_it_says() {
    ticker.periods.clear();
    telemetry.save(definition("P", ReportDefinition.Type.Periodic, true, false, "GPUTemperature"));
    assertEquals(List.of(Duration.ofSeconds(5)), List.copyOf(ticker.periods.values()));
    ticker.periods.clear();
    telemetry.save(definition("C", ReportDefinition.Type.OnChange, true, false, "PCIeLinkStatus"));
    assertEquals(List.of(Telemetry.MIN_INTERVAL), List.copyOf(ticker.periods.values()));
    ticker.periods.clear();
    telemetry.save(definition("R", ReportDefinition.Type.OnRequest, true, false, "GPUTemperature"));
    telemetry.save(
        definition("P", ReportDefinition.Type.Periodic, true, false, "GPUTemperature")
            .withEnabled(false));
    assertTrue(ticker.periods.isEmpty(), "on request and disabled: nothing runs by itself");
  }

  @Test
  void a_report_has_the_values_a_get_renders_with_their_reading_time() {
    telemetry.save(definition("P", ReportDefinition.Type.Periodic, true, true, "GPUTemperature"));
    resources.remove(GPU2); // a GPU taken out: its value is left out, not reported as null
    telemetry.collect("P");
    MetricReportData report = telemetry.report("P").orElseThrow();
    assertEquals(1, report.values().size());
    MetricReportData.Reading r = report.values().get(0);
    assertEquals(Optional.of("GPUTemperature"), r.metricId());
    assertEquals(GPU1 + "#/Reading", r.property());
    assertEquals("61.5", r.value());
    assertEquals(Instant.parse(READ_AT), r.timestamp());
    assertEquals(List.of(report), sent, "RedfishEvent: the same report is sent");
  }

  @Test
  void on_change_reports_every_value_first_then_only_what_changed() throws Exception {
    telemetry.save(
        definition(
            "C", ReportDefinition.Type.OnChange, true, true, "GPUTemperature", "PCIeLinkStatus"));
    telemetry.collect("C");
    assertEquals(3, sent.get(0).values().size());
    telemetry.collect("C");
    assertEquals(1, sent.size(), "nothing changed: no report");
    resources.put(PORT0, JSON.readTree("{\"LinkStatus\": \"LinkUp\"}"));
    telemetry.collect("C");
    assertEquals(2, sent.size());
    MetricReportData changed = sent.get(1);
    assertEquals(1, changed.values().size());
    assertEquals("LinkUp", changed.values().get(0).value());
    assertEquals(changed, telemetry.report("C").orElseThrow(), "the latest is kept");
  }

  @Test
  void on_request_reads_when_the_report_is_read() throws Exception {
    telemetry.save(definition("R", ReportDefinition.Type.OnRequest, true, false, "GPUTemperature"));
    assertEquals("61.5", telemetry.report("R").orElseThrow().values().get(0).value());
    resources.put(GPU1, sensor(66.0));
    MetricReportData again = telemetry.report("R").orElseThrow();
    assertEquals("66.0", again.values().get(0).value(), "read again, not the first report kept");
    assertTrue(sent.isEmpty(), "without RedfishEvent nothing is sent");
  }

  @Test
  void a_definition_that_does_not_log_keeps_no_report_but_sends_it() {
    telemetry.save(definition("E", ReportDefinition.Type.Periodic, false, true, "GPUTemperature"));
    telemetry.collect("E");
    assertEquals(1, sent.size());
    assertTrue(telemetry.report("E").isEmpty());
    assertFalse(telemetry.reportIds().contains("E"));
  }

  @Test
  void a_property_must_name_a_value_of_a_resource_outside_the_telemetry_service() {
    assertTrue(telemetry.problemWith(GPU1 + "#/Reading").isEmpty());
    assertTrue(telemetry.problemWith(GPU1).isPresent(), "no pointer");
    assertTrue(telemetry.problemWith(GPU1 + "#/Nope").isPresent(), "no such property");
    assertTrue(telemetry.problemWith("/redfish/v1/Nope#/Reading").isPresent(), "no resource");
    resources.put("/redfish/v1/TelemetryService", JSON.createObjectNode().put("Id", "T"));
    assertTrue(telemetry.problemWith("/redfish/v1/TelemetryService#/Id").isPresent());
    assertTrue(telemetry.problemWith("https://elsewhere/x#/Reading").isPresent());
  }
}
