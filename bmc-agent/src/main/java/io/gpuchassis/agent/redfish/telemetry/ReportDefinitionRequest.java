package io.gpuchassis.agent.redfish.telemetry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.telemetry.ReportDefinition;
import io.gpuchassis.agent.telemetry.ReportDefinition.ReportMetric;
import io.gpuchassis.agent.telemetry.Telemetry;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.MessageInstance;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The body of a MetricReportDefinition create (POST) or change (PATCH), checked as a whole: every
 * problem is reported with its Base registry message in one 400, and nothing changes unless the
 * whole body is acceptable. A change is read over the definition as it stands. Checking the
 * properties a definition reads renders their resources, so it runs off the event loop.
 */
final class ReportDefinitionRequest {

  static final Pattern ID = Pattern.compile("[A-Za-z0-9_-]{1,64}");
  static final int MAX_NAME_LENGTH = 128;

  /** Longest RecurrenceInterval: a day. */
  static final Duration MAX_INTERVAL = Duration.ofDays(1);

  private static final Set<String> WRITABLE =
      Set.of(
          "MetricReportDefinitionType",
          "MetricReportDefinitionEnabled",
          "Schedule",
          "ReportActions",
          "ReportUpdates",
          "Metrics",
          "MetricProperties");

  /** Properties of the schema this service does not let a client set. */
  private static final Set<String> NOT_WRITABLE =
      Set.of(
          "Description",
          "Status",
          "MetricReport",
          "AppendLimit",
          "Wildcards",
          "Links",
          "MetricReportHeartbeatInterval",
          "ReportTimespan",
          "SuppressRepeatedMetricValue",
          "Actions",
          "Oem");

  private static final List<String> TYPES = List.of("Periodic", "OnChange", "OnRequest");
  private static final List<String> ACTIONS =
      List.of("LogToMetricReportsCollection", "RedfishEvent");

  private final List<MessageInstance> problems = new ArrayList<>();
  private final List<String> details = new ArrayList<>();
  private String id;
  private String name;
  private Optional<ReportDefinition.Type> type = Optional.empty();
  private Optional<Duration> interval = Optional.empty();
  private boolean enabled = true;
  private boolean log = true;
  private boolean event = false;
  private List<ReportMetric> metrics = List.of();
  private boolean metricsGiven;

  private ReportDefinitionRequest() {}

  /** A create; {@code generatedId} is used when the body has no Id. */
  static ReportDefinitionRequest create(ObjectNode body, String generatedId) {
    ReportDefinitionRequest r = new ReportDefinitionRequest();
    r.id = generatedId;
    if (body.has("Id")) {
      JsonNode id = body.get("Id");
      if (!id.isTextual() || !ID.matcher(id.asText()).matches()) {
        r.problems.add(
            BaseMessages.PROPERTY_VALUE_FORMAT_ERROR.with(id.toString(), "Id").about("/Id"));
      } else {
        r.id = id.asText();
      }
    }
    r.name = r.id;
    if (body.has("Name")) {
      JsonNode name = body.get("Name");
      if (!name.isTextual()) {
        r.typeError("Name", name);
      } else if (name.asText().length() > MAX_NAME_LENGTH) {
        r.problems.add(
            BaseMessages.STRING_VALUE_TOO_LONG.with(name.asText(), MAX_NAME_LENGTH).about("/Name"));
      } else {
        r.name = name.asText();
      }
    }
    if (!body.hasNonNull("MetricReportDefinitionType")) {
      r.problems.add(
          BaseMessages.CREATE_FAILED_MISSING_REQ_PROPERTIES
              .with("MetricReportDefinitionType")
              .about("/MetricReportDefinitionType"));
    }
    if (!body.hasNonNull("Metrics") && !body.hasNonNull("MetricProperties")) {
      r.problems.add(
          BaseMessages.CREATE_FAILED_MISSING_REQ_PROPERTIES.with("Metrics").about("/Metrics"));
    }
    r.read(body, Set.of("Id", "Name"));
    return r;
  }

  /** A change of {@code current}. */
  static ReportDefinitionRequest patch(ObjectNode body, ReportDefinition current) {
    if (body.isEmpty()) {
      throw RedfishErrors.of(BaseMessages.EMPTY_JSON.with());
    }
    ReportDefinitionRequest r = new ReportDefinitionRequest();
    r.id = current.id();
    r.name = current.name();
    r.type = Optional.of(current.type());
    r.interval = current.interval();
    r.enabled = current.enabled();
    r.log = current.logToCollection();
    r.event = current.sendEvent();
    r.metrics = current.metrics();
    r.read(body, Set.of());
    return r;
  }

  /**
   * The definition asked for, once its properties are known to be readable: blocking (renders the
   * resources named).
   */
  ReportDefinition definition(Telemetry telemetry) {
    checkAgreement();
    checkMetrics(telemetry);
    if (!problems.isEmpty()) {
      var refused = RedfishErrors.of(problems);
      throw details.isEmpty() ? refused : refused.withDetail(String.join("; ", details) + ".");
    }
    return new ReportDefinition(
        id, name, type.orElseThrow(), interval, enabled, log, event, metrics);
  }

  String id() {
    return id;
  }

  /** Problems found in the body itself (types, names, values), thrown before anything blocks. */
  ReportDefinitionRequest checked() {
    if (!problems.isEmpty()) {
      throw RedfishErrors.of(problems);
    }
    return this;
  }

  private void read(ObjectNode body, Set<String> alsoAccepted) {
    for (Iterator<Map.Entry<String, JsonNode>> it = body.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      String key = field.getKey();
      JsonNode value = field.getValue();
      if (key.startsWith("@odata.") || alsoAccepted.contains(key)) {
        continue;
      }
      if (!WRITABLE.contains(key)) {
        problems.add(
            (NOT_WRITABLE.contains(key) || key.equals("Id") || key.equals("Name")
                    ? BaseMessages.PROPERTY_NOT_WRITABLE.with(key)
                    : BaseMessages.PROPERTY_UNKNOWN.with(key))
                .about("/" + key));
        continue;
      }
      switch (key) {
        case "MetricReportDefinitionType" -> {
          if (value.isTextual() && TYPES.contains(value.asText())) {
            type = Optional.of(ReportDefinition.Type.valueOf(value.asText()));
            if (type.get() != ReportDefinition.Type.Periodic && !body.has("Schedule")) {
              interval = Optional.empty();
            }
          } else {
            notInList(key, value);
          }
        }
        case "MetricReportDefinitionEnabled" -> {
          if (value.isBoolean()) {
            enabled = value.asBoolean();
          } else {
            typeError(key, value);
          }
        }
        case "Schedule" -> readSchedule(value);
        case "ReportActions" -> readActions(value);
        case "ReportUpdates" -> {
          // The collection keeps the latest report of each definition, no history.
          if (!value.isTextual() || !value.asText().equals("Overwrite")) {
            notInList(key, value);
          }
        }
        case "Metrics" -> readMetrics(value);
        default -> readProperties(value, Optional.empty(), "/MetricProperties");
      }
    }
  }

  private void readSchedule(JsonNode value) {
    if (!value.isObject()) {
      typeError("Schedule", value);
      return;
    }
    for (Iterator<String> it = value.fieldNames(); it.hasNext(); ) {
      String field = it.next();
      if (!field.equals("RecurrenceInterval")) {
        problems.add(
            BaseMessages.PROPERTY_NOT_WRITABLE
                .with("Schedule/" + field)
                .about("/Schedule/" + field));
      }
    }
    JsonNode recurrence = value.get("RecurrenceInterval");
    if (recurrence == null) {
      return;
    }
    if (!recurrence.isTextual()) {
      typeError("RecurrenceInterval", recurrence);
      return;
    }
    try {
      Duration d = Duration.parse(recurrence.asText());
      if (d.compareTo(Telemetry.MIN_INTERVAL) < 0 || d.compareTo(MAX_INTERVAL) > 0) {
        problems.add(
            BaseMessages.PROPERTY_VALUE_OUT_OF_RANGE
                .with(recurrence.asText(), "RecurrenceInterval")
                .about("/Schedule/RecurrenceInterval"));
      } else {
        interval = Optional.of(d);
      }
    } catch (DateTimeParseException e) {
      problems.add(
          BaseMessages.PROPERTY_VALUE_FORMAT_ERROR
              .with(recurrence.asText(), "RecurrenceInterval")
              .about("/Schedule/RecurrenceInterval"));
    }
  }

  private void readActions(JsonNode value) {
    if (!value.isArray()) {
      typeError("ReportActions", value);
      return;
    }
    boolean logs = false;
    boolean events = false;
    for (int i = 0; i < value.size(); i++) {
      JsonNode a = value.get(i);
      if (!a.isTextual() || !ACTIONS.contains(a.asText())) {
        problems.add(
            BaseMessages.PROPERTY_VALUE_NOT_IN_LIST
                .with(shown(a), "ReportActions")
                .about("/ReportActions/" + i));
        return;
      }
      logs |= a.asText().equals("LogToMetricReportsCollection");
      events |= a.asText().equals("RedfishEvent");
    }
    log = logs;
    event = events;
  }

  private void readMetrics(JsonNode value) {
    if (!value.isArray() || value.isEmpty()) {
      typeError("Metrics", value);
      return;
    }
    List<ReportMetric> read = new ArrayList<>();
    for (int i = 0; i < value.size(); i++) {
      JsonNode m = value.get(i);
      String at = "/Metrics/" + i;
      if (!m.isObject()) {
        typeError("Metrics", value);
        return;
      }
      Optional<String> metricId = Optional.empty();
      List<String> properties = List.of();
      for (Iterator<Map.Entry<String, JsonNode>> it = m.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> f = it.next();
        switch (f.getKey()) {
          case "MetricId" -> {
            if (f.getValue().isTextual() && ID.matcher(f.getValue().asText()).matches()) {
              metricId = Optional.of(f.getValue().asText());
            } else {
              problems.add(
                  BaseMessages.PROPERTY_VALUE_FORMAT_ERROR
                      .with(f.getValue().toString(), "MetricId")
                      .about(at + "/MetricId"));
            }
          }
          case "MetricProperties" -> properties = texts(f.getValue(), at + "/MetricProperties");
          case "CollectionFunction", "CollectionDuration", "CollectionTimeScope" ->
              // Values are reported as read; no function is computed over time.
              problems.add(
                  BaseMessages.PROPERTY_VALUE_NOT_IN_LIST
                      .with(shown(f.getValue()), f.getKey())
                      .about(at + "/" + f.getKey()));
          default ->
              problems.add(
                  BaseMessages.PROPERTY_UNKNOWN.with(f.getKey()).about(at + "/" + f.getKey()));
        }
      }
      if (metricId.isEmpty() && properties.isEmpty()) {
        problems.add(BaseMessages.CREATE_FAILED_MISSING_REQ_PROPERTIES.with("MetricId").about(at));
      }
      read.add(new ReportMetric(metricId, properties));
    }
    addMetrics(read);
  }

  private void readProperties(JsonNode value, Optional<String> metricId, String at) {
    List<String> properties = texts(value, at);
    if (!properties.isEmpty()) {
      addMetrics(List.of(new ReportMetric(metricId, properties)));
    }
  }

  /** Metrics and MetricProperties in one body add up; either replaces what a change had. */
  private void addMetrics(List<ReportMetric> more) {
    List<ReportMetric> all = new ArrayList<>(metricsGiven ? metrics : List.of());
    all.addAll(more);
    metrics = all;
    metricsGiven = true;
  }

  private List<String> texts(JsonNode value, String at) {
    List<String> items = new ArrayList<>();
    if (!value.isArray() || value.isEmpty()) {
      problems.add(
          BaseMessages.PROPERTY_VALUE_TYPE_ERROR
              .with(value.toString(), at.substring(at.lastIndexOf('/') + 1))
              .about(at));
      return List.of();
    }
    for (JsonNode item : value) {
      if (!item.isTextual()) {
        problems.add(
            BaseMessages.PROPERTY_VALUE_TYPE_ERROR
                .with(value.toString(), at.substring(at.lastIndexOf('/') + 1))
                .about(at));
        return List.of();
      }
      items.add(item.asText());
    }
    return items;
  }

  /** Schedule goes with Periodic alone; an OnRequest report must be kept to be read. */
  private void checkAgreement() {
    if (type.isEmpty()) {
      return;
    }
    ReportDefinition.Type t = type.get();
    if (t == ReportDefinition.Type.Periodic && interval.isEmpty()) {
      problems.add(
          BaseMessages.PROPERTY_MISSING.with("Schedule/RecurrenceInterval").about("/Schedule"));
    }
    if (t != ReportDefinition.Type.Periodic && interval.isPresent()) {
      problems.add(
          BaseMessages.PROPERTY_VALUE_CONFLICT
              .with("Schedule", "MetricReportDefinitionType")
              .about("/Schedule"));
    }
    if (t == ReportDefinition.Type.OnRequest && !log) {
      problems.add(
          BaseMessages.PROPERTY_VALUE_CONFLICT
              .with("ReportActions", "MetricReportDefinitionType")
              .about("/ReportActions"));
    }
  }

  /** Every metric is in the catalog or names properties this service can read, not too many. */
  private void checkMetrics(Telemetry telemetry) {
    int total = 0;
    for (int i = 0; i < metrics.size(); i++) {
      ReportMetric m = metrics.get(i);
      if (m.properties().isEmpty()) {
        String metricId = m.metricId().orElse("");
        var spec = telemetry.catalog().byId(metricId);
        if (spec.isEmpty()) {
          problems.add(
              BaseMessages.PROPERTY_VALUE_NOT_IN_LIST
                  .with(metricId, "MetricId")
                  .about("/Metrics/" + i + "/MetricId"));
        } else {
          total += spec.get().properties().size();
        }
        continue;
      }
      total += m.properties().size();
      for (int j = 0; j < m.properties().size() && total <= Telemetry.MAX_PROPERTIES; j++) {
        String property = m.properties().get(j);
        Optional<String> problem = telemetry.problemWith(property);
        if (problem.isPresent()) {
          details.add(property + ": " + problem.get());
          problems.add(
              BaseMessages.PROPERTY_VALUE_INCORRECT
                  .with("MetricProperties", property)
                  .about("/Metrics/" + i + "/MetricProperties/" + j));
        }
      }
    }
    if (total > Telemetry.MAX_PROPERTIES) {
      problems.add(
          BaseMessages.PROPERTY_VALUE_OUT_OF_RANGE
              .with(Integer.toString(total), "Metrics")
              .about("/Metrics"));
    }
  }

  private void notInList(String key, JsonNode value) {
    problems.add(BaseMessages.PROPERTY_VALUE_NOT_IN_LIST.with(shown(value), key).about("/" + key));
  }

  /** A value as a message shows it: a string without its quotes, anything else as JSON. */
  private static String shown(JsonNode value) {
    return value.isTextual() ? value.asText() : value.toString();
  }

  private void typeError(String key, JsonNode value) {
    problems.add(
        BaseMessages.PROPERTY_VALUE_TYPE_ERROR.with(value.toString(), key).about("/" + key));
  }
}
