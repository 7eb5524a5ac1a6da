package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.Vertx;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The TelemetryService on the simulated reference chassis over real HTTPS: the metrics it names,
 * definitions made through Redfish, and their reports kept, pushed to a subscriber of
 * EventFormatType MetricReport and streamed to an SSE reader that asked for them (and to no one
 * else), with a link the simulator drops showing up in the on-change report.
 */
class TelemetryIT {

  static final String TELEMETRY = "/redfish/v1/TelemetryService";
  static final String DEFINITIONS = TELEMETRY + "/MetricReportDefinitions";
  static final String REPORTS = TELEMETRY + "/MetricReports";
  static final String SSE = "/redfish/v1/EventService/SSE";
  static final String SUBSCRIPTIONS = "/redfish/v1/EventService/Subscriptions";
  static final String SUBMIT = "/redfish/v1/EventService/Actions/EventService.SubmitTestEvent";
  static final Duration WAIT = Duration.ofSeconds(10);

  @TempDir static Path stateDir;
  static TestAgent agent;
  static Vertx vertx;

  @BeforeAll
  static void start() throws Exception {
    agent = TestAgent.start(stateDir, LoopbackReceivers::allowed);
    vertx = Vertx.vertx();
  }

  @AfterAll
  static void stop() {
    agent.close();
    vertx.close().await();
  }

  static SseReader stream(String filter) throws Exception {
    String path =
        filter == null
            ? SSE
            : SSE
                + "?$filter="
                + URLEncoder.encode(filter, StandardCharsets.UTF_8).replace("+", "%20");
    SseReader reader = new SseReader(agent.client.stream(path, TestAgent.READER));
    assertEquals(200, reader.response.statusCode());
    return reader;
  }

  static HttpResponse<String> post(String path, String body) throws Exception {
    return agent.client.send("POST", path, TestAgent.ADMIN, body);
  }

  static int definitionCount() throws Exception {
    return json(agent.client.get(DEFINITIONS, TestAgent.READER)).get("Members@odata.count").asInt();
  }

  @Test
  void the_metrics_name_every_gpu_sensor_and_the_defaults_report_them() throws Exception {
    JsonNode root = json(agent.client.get("/redfish/v1/", TestAgent.READER));
    assertEquals(TELEMETRY, root.at("/TelemetryService/@odata.id").asText());
    JsonNode gpuTemperature =
        json(agent.client.get(TELEMETRY + "/MetricDefinitions/GPUTemperature", TestAgent.READER));
    assertEquals("Cel", gpuTemperature.get("Units").asText());
    Set<String> properties = new HashSet<>();
    gpuTemperature.get("MetricProperties").forEach(p -> properties.add(p.asText()));
    Set<String> sensors = new HashSet<>();
    for (JsonNode s :
        json(agent.client.get("/redfish/v1/Chassis/GPUChassis/Sensors", TestAgent.READER))
            .get("Members")) {
      String uri = s.get("@odata.id").asText();
      if (uri.matches(".*/GPU\\d+Temperature")) {
        sensors.add(uri + "#/Reading");
      }
    }
    assertEquals(sensors, properties, "one property per GPU temperature sensor");
    JsonNode gpus = json(agent.client.get(DEFINITIONS + "/GPUs", TestAgent.READER));
    assertEquals("Periodic", gpus.get("MetricReportDefinitionType").asText());
    assertEquals("PT30S", gpus.at("/Schedule/RecurrenceInterval").asText());
  }

  @Test
  void a_report_reaches_the_subscriber_and_the_stream_that_asked_and_no_one_else()
      throws Exception {
    String definition = DEFINITIONS + "/Fast";
    try (EventReceiver reports = EventReceiver.start(vertx, Duration.ZERO);
        EventReceiver events = EventReceiver.start(vertx, Duration.ZERO);
        SseReader reportStream =
            stream(
                "EventFormatType eq 'MetricReport' and MetricReportDefinition eq '"
                    + definition
                    + "'");
        SseReader eventStream = stream(null)) {
      HttpResponse<String> subscribed =
          post(
              SUBSCRIPTIONS,
              "{\"Destination\": \""
                  + reports.url()
                  + "\", \"Protocol\": \"Redfish\", \"Context\": \"telemetry-1\","
                  + " \"EventFormatType\": \"MetricReport\","
                  + " \"MetricReportDefinitions\": [{\"@odata.id\": \""
                  + definition
                  + "\"}]}");
      assertEquals(201, subscribed.statusCode(), subscribed.body());
      assertEquals("MetricReport", json(subscribed).get("EventFormatType").asText());
      assertEquals(
          201,
          post(
                  SUBSCRIPTIONS,
                  "{\"Destination\": \"" + events.url() + "\", \"Protocol\": \"Redfish\"}")
              .statusCode());
      HttpResponse<String> created =
          post(
              DEFINITIONS,
              "{\"Id\": \"Fast\", \"MetricReportDefinitionType\": \"Periodic\","
                  + " \"Schedule\": {\"RecurrenceInterval\": \"PT1S\"},"
                  + " \"ReportActions\": [\"RedfishEvent\", \"LogToMetricReportsCollection\"],"
                  + " \"Metrics\": [{\"MetricId\": \"GPUTemperature\"}]}");
      assertEquals(201, created.statusCode(), created.body());
      assertEquals(definition, created.headers().firstValue("Location").orElseThrow());

      JsonNode pushed = reports.next(WAIT);
      assertNotNull(pushed, "the subscriber got a report");
      assertEquals("#MetricReport.v1_5_2.MetricReport", pushed.get("@odata.type").asText());
      assertEquals("telemetry-1", pushed.get("Context").asText());
      assertEquals(definition, pushed.at("/MetricReportDefinition/@odata.id").asText());
      JsonNode value = pushed.at("/MetricValues/0");
      assertEquals("GPUTemperature", value.get("MetricId").asText());
      double celsius = Double.parseDouble(value.get("MetricValue").asText());
      assertTrue(celsius > 20 && celsius < 100, "a GPU temperature: " + celsius);

      SseReader.Received streamed = reportStream.next(WAIT);
      assertNotNull(streamed, "the stream that asked got a report");
      assertEquals(definition, streamed.data().at("/MetricReportDefinition/@odata.id").asText());
      assertTrue(streamed.data().path("Context").isMissingNode(), "a stream has no Context");

      JsonNode kept = json(agent.client.get(REPORTS + "/Fast", TestAgent.READER));
      assertEquals(definition, kept.at("/MetricReportDefinition/@odata.id").asText());

      // Reports and events travel the same bus in order: an event published now reaches the
      // others after any report they would have been sent, so their first message must be it.
      HttpResponse<String> submitted =
          post(SUBMIT, "{\"MessageId\": \"ResourceEvent.1.4.3.ResourceChanged\"}");
      assertEquals(204, submitted.statusCode(), submitted.body());
      JsonNode first = events.next(WAIT);
      assertNotNull(first);
      assertEquals("#Event.v1_13_0.Event", first.get("@odata.type").asText(), first.toString());
      SseReader.Received firstOnStream = eventStream.next(WAIT);
      assertNotNull(firstOnStream);
      assertEquals(
          "#Event.v1_13_0.Event",
          firstOnStream.data().get("@odata.type").asText(),
          "a stream without EventFormatType gets no report");
    } finally {
      agent.client.send("DELETE", definition, TestAgent.ADMIN, null);
    }
  }

  @Test
  void a_dropped_link_is_in_the_on_change_report() throws Exception {
    String port = "/redfish/v1/Fabrics/PCIe/Switches/SW1/Ports/5";
    assertEquals(
        "LinkUp", json(agent.client.get(port, TestAgent.READER)).get("LinkStatus").asText());
    try (SseReader changes =
        stream(
            "EventFormatType eq 'MetricReport' and MetricReportDefinition eq '"
                + DEFINITIONS
                + "/LinkChanges'")) {
      var fault = agent.agent.faults().orElseThrow().inject("link-down", port);
      try {
        JsonNode seen = null;
        for (SseReader.Received r = changes.next(WAIT); r != null; r = changes.next(WAIT)) {
          for (JsonNode v : r.data().get("MetricValues")) {
            if (v.get("MetricProperty").asText().equals(port + "#/LinkStatus")
                && v.get("MetricValue").asText().equals("LinkDown")) {
              seen = v;
            }
          }
          if (seen != null) {
            break;
          }
        }
        assertNotNull(seen, "the on-change report names the link that dropped");
        assertEquals("PCIeLinkStatus", seen.get("MetricId").asText());
      } finally {
        agent.agent.faults().orElseThrow().clear(fault.id());
      }
    }
  }

  @Test
  void an_on_request_report_is_read_when_asked_for() throws Exception {
    String sensor = "/redfish/v1/Chassis/GPUChassis/Sensors/InletTemp";
    HttpResponse<String> created =
        post(
            DEFINITIONS,
            "{\"Id\": \"Inlet\", \"MetricReportDefinitionType\": \"OnRequest\","
                + " \"MetricProperties\": [\""
                + sensor
                + "#/Reading\"]}");
    assertEquals(201, created.statusCode(), created.body());
    try {
      JsonNode first = json(agent.client.get(REPORTS + "/Inlet", TestAgent.READER));
      JsonNode second = json(agent.client.get(REPORTS + "/Inlet", TestAgent.READER));
      assertEquals(sensor + "#/Reading", first.at("/MetricValues/0/MetricProperty").asText());
      assertTrue(
          java.time.Instant.parse(second.get("Timestamp").asText())
              .isAfter(java.time.Instant.parse(first.get("Timestamp").asText())),
          "each read collects anew");
    } finally {
      agent.client.send("DELETE", DEFINITIONS + "/Inlet", TestAgent.ADMIN, null);
    }
  }

  @Test
  void bad_definitions_are_refused_with_the_property_named_and_change_nothing() throws Exception {
    int before = definitionCount();
    HttpResponse<String> noSuchSensor =
        post(
            DEFINITIONS,
            "{\"MetricReportDefinitionType\": \"OnChange\", \"Metrics\": [{\"MetricProperties\":"
                + " [\"/redfish/v1/Chassis/GPUChassis/Sensors/Nope#/Reading\"]}]}");
    assertEquals(400, noSuchSensor.statusCode());
    JsonNode info = json(noSuchSensor).at("/error/@Message.ExtendedInfo/0");
    assertTrue(info.get("MessageId").asText().endsWith(".PropertyValueIncorrect"), info.toString());
    assertEquals("/Metrics/0/MetricProperties/0", info.at("/RelatedProperties/0").asText());

    HttpResponse<String> tooFast =
        post(
            DEFINITIONS,
            "{\"MetricReportDefinitionType\": \"Periodic\", \"Schedule\": {\"RecurrenceInterval\":"
                + " \"PT0.1S\"}, \"Metrics\": [{\"MetricId\": \"GPUPower\"}]}");
    assertEquals(400, tooFast.statusCode());
    assertTrue(tooFast.body().contains("PropertyValueOutOfRange"), tooFast.body());

    HttpResponse<String> unknownMetric =
        post(
            DEFINITIONS,
            "{\"MetricReportDefinitionType\": \"OnRequest\", \"Metrics\": [{\"MetricId\":"
                + " \"NoSuchMetric\"}]}");
    assertEquals(400, unknownMetric.statusCode());
    assertTrue(unknownMetric.body().contains("PropertyValueNotInList"), unknownMetric.body());

    HttpResponse<String> byReader =
        agent.client.send(
            "POST",
            DEFINITIONS,
            TestAgent.READER,
            "{\"MetricReportDefinitionType\": \"OnRequest\", \"Metrics\": [{\"MetricId\":"
                + " \"GPUPower\"}]}");
    assertEquals(403, byReader.statusCode());
    assertEquals(
        403,
        agent.client.status(
            "PATCH",
            DEFINITIONS + "/GPUs",
            TestAgent.READER,
            "{\"MetricReportDefinitionEnabled\": false}"));
    assertEquals(before, definitionCount(), "nothing was created");
    assertEquals(
        true,
        json(agent.client.get(DEFINITIONS + "/GPUs", TestAgent.READER))
            .get("MetricReportDefinitionEnabled")
            .asBoolean());
  }

  @Test
  void a_definition_is_changed_by_patch() throws Exception {
    HttpResponse<String> changed =
        agent.client.send(
            "PATCH",
            DEFINITIONS + "/PCIeLinks",
            TestAgent.ADMIN,
            "{\"Schedule\": {\"RecurrenceInterval\": \"PT2M\"}, \"MetricReportDefinitionEnabled\":"
                + " false}");
    assertEquals(200, changed.statusCode(), changed.body());
    JsonNode now = json(agent.client.get(DEFINITIONS + "/PCIeLinks", TestAgent.READER));
    assertEquals("PT2M", now.at("/Schedule/RecurrenceInterval").asText());
    assertEquals("Disabled", now.at("/Status/State").asText());
    HttpResponse<String> conflict =
        agent.client.send(
            "PATCH",
            DEFINITIONS + "/PCIeLinks",
            TestAgent.ADMIN,
            "{\"MetricReportDefinitionType\": \"OnChange\", \"Schedule\":"
                + " {\"RecurrenceInterval\": \"PT1M\"}}");
    assertEquals(400, conflict.statusCode(), "an OnChange definition has no schedule");
    assertTrue(conflict.body().contains("PropertyValueConflict"), conflict.body());
    assertEquals(
        "PT2M",
        json(agent.client.get(DEFINITIONS + "/PCIeLinks", TestAgent.READER))
            .at("/Schedule/RecurrenceInterval")
            .asText(),
        "a refused change changes nothing");
    HttpResponse<String> onChange =
        agent.client.send(
            "PATCH",
            DEFINITIONS + "/PCIeLinks",
            TestAgent.ADMIN,
            "{\"MetricReportDefinitionType\": \"OnChange\"}");
    assertEquals(200, onChange.statusCode(), onChange.body());
    assertTrue(json(onChange).path("Schedule").isMissingNode(), "its schedule went with Periodic");
  }
}
