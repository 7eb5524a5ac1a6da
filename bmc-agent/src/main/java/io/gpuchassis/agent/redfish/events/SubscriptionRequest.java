package io.gpuchassis.agent.redfish.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.events.RetryPolicy;
import io.gpuchassis.agent.events.SyslogTarget;
import io.gpuchassis.agent.redfish.core.EventRegistries;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.event.EventFacts;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.MessageInstance;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The body of a subscription create (POST to Subscriptions) or change (PATCH of an
 * EventDestination), checked as a whole: every problem is reported with its Base registry message
 * in one 400, and nothing is changed unless the whole body is acceptable.
 */
final class SubscriptionRequest {

  static final int MAX_DESTINATION_LENGTH = 2000;
  static final int MAX_CONTEXT_LENGTH = 256;

  /** Properties a PATCH may change. */
  static final Set<String> WRITABLE =
      Set.of(
          "Context",
          "RegistryPrefixes",
          "MessageIds",
          "OriginResources",
          "SubordinateResources",
          "DeliveryRetryPolicy",
          "SyslogFilters",
          "MetricReportDefinitions");

  /** Properties that may also be given on create. */
  static final Set<String> CREATE_ONLY =
      Set.of(
          "Destination",
          "Protocol",
          "SubscriptionType",
          "EventFormatType",
          "EventTypes",
          "ExcludeRegistryPrefixes",
          "ExcludeMessageIds",
          "IncludeOriginOfCondition");

  /** The protocols served: Redfish's HTTPS POST, and syslog. */
  static final List<String> PROTOCOLS = List.of("Redfish", "SyslogTLS", "SyslogTCP", "SyslogUDP");

  private static final Set<String> READ_ONLY = Set.of("Id", "Name", "Description", "Status");

  Optional<String> destination = Optional.empty();
  Optional<String> context = Optional.empty();
  Optional<List<String>> registryPrefixes = Optional.empty();
  Optional<List<String>> messageIds = Optional.empty();
  Optional<List<String>> originResources = Optional.empty();
  Optional<Boolean> subordinateResources = Optional.empty();
  Optional<RetryPolicy> retryPolicy = Optional.empty();
  Optional<String> protocol = Optional.empty();
  Optional<String> subscriptionType = Optional.empty();
  Optional<String> lowestSeverity = Optional.empty();
  Optional<List<String>> facilities = Optional.empty();
  Optional<String> eventFormat = Optional.empty();
  Optional<List<String>> metricReportDefinitions = Optional.empty();
  Optional<List<String>> excludeRegistryPrefixes = Optional.empty();
  Optional<List<String>> excludeMessageIds = Optional.empty();
  Optional<Boolean> includeOriginOfCondition = Optional.empty();

  private final List<MessageInstance> problems = new ArrayList<>();

  /** A create: Destination and Protocol are required. */
  static SubscriptionRequest create(ObjectNode body) {
    SubscriptionRequest r = new SubscriptionRequest();
    for (String required : List.of("Destination", "Protocol")) {
      if (!body.hasNonNull(required)) {
        r.problems.add(
            BaseMessages.CREATE_FAILED_MISSING_REQ_PROPERTIES.with(required).about("/" + required));
      }
    }
    r.read(body, true);
    r.checkSyslogAgreement();
    r.checkFormatAgreement(r.eventFormat.orElse(EventFacts.EVENT));
    return r.checked();
  }

  /** Whether this request makes a subscription to metric reports. */
  boolean metricReports() {
    return eventFormat.orElse(EventFacts.EVENT).equals(EventFacts.METRIC_REPORT);
  }

  /**
   * The filters agree with the subscription's EventFormatType {@code format}: a subscription to
   * metric reports is a Redfish one, chosen by MetricReportDefinitions; one to Events names no
   * definitions.
   */
  private void checkFormatAgreement(String format) {
    boolean reports = format.equals(EventFacts.METRIC_REPORT);
    if (reports && protocol.map(p -> p.startsWith("Syslog")).orElse(false)) {
      problems.add(
          BaseMessages.PROPERTY_VALUE_CONFLICT
              .with("EventFormatType", "Protocol")
              .about("/EventFormatType"));
    }
    if (includeOriginOfCondition.orElse(false)
        && (reports || protocol.map(p -> p.startsWith("Syslog")).orElse(false))) {
      // a metric report names no origin, and a syslog line has no room for a resource
      problems.add(
          BaseMessages.PROPERTY_VALUE_CONFLICT
              .with("IncludeOriginOfCondition", reports ? "EventFormatType" : "Protocol")
              .about("/IncludeOriginOfCondition"));
    }
    if (!reports && metricReportDefinitions.isPresent()) {
      problems.add(
          BaseMessages.PROPERTY_VALUE_CONFLICT
              .with("MetricReportDefinitions", "EventFormatType")
              .about("/MetricReportDefinitions"));
    }
    if (reports) {
      for (var filter :
          List.of(
              Map.entry("RegistryPrefixes", registryPrefixes.isPresent()),
              Map.entry("MessageIds", messageIds.isPresent()),
              Map.entry("OriginResources", originResources.isPresent()),
              Map.entry("ExcludeRegistryPrefixes", excludeRegistryPrefixes.isPresent()),
              Map.entry("ExcludeMessageIds", excludeMessageIds.isPresent()))) {
        if (filter.getValue()) {
          problems.add(
              BaseMessages.PROPERTY_VALUE_CONFLICT
                  .with(filter.getKey(), "EventFormatType")
                  .about("/" + filter.getKey()));
        }
      }
    }
  }

  /** A syslog subscription (its Protocol), with its filter; empty for a Redfish one. */
  Optional<SyslogTarget> syslog() {
    return protocol
        .filter(p -> p.startsWith("Syslog"))
        .map(p -> new SyslogTarget(p, lowestSeverity.orElse("All"), facilities.orElse(List.of())));
  }

  /**
   * {@code current} with the SyslogFilters of this change applied; a change of a Redfish
   * subscription that names SyslogFilters is refused.
   */
  Optional<SyslogTarget> syslogChange(Optional<SyslogTarget> current) {
    if (lowestSeverity.isEmpty() && facilities.isEmpty()) {
      return current;
    }
    if (current.isEmpty()) {
      throw RedfishErrors.of(
          BaseMessages.PROPERTY_VALUE_CONFLICT
              .with("SyslogFilters", "Protocol")
              .about("/SyslogFilters"));
    }
    return Optional.of(
        new SyslogTarget(
            current.get().protocol(),
            lowestSeverity.orElse("All"),
            facilities.orElse(java.util.List.of())));
  }

  /**
   * Protocol, SubscriptionType, Destination and SyslogFilters agree: a syslog protocol with a
   * {@code syslog://} destination (and type Syslog, when given), Redfish with an http(s) one.
   */
  private void checkSyslogAgreement() {
    boolean syslog = protocol.map(p -> p.startsWith("Syslog")).orElse(false);
    destination.ifPresent(
        d -> {
          boolean syslogUri = d.regionMatches(true, 0, "syslog://", 0, 9);
          if (syslog != syslogUri) {
            problems.add(
                BaseMessages.PROPERTY_VALUE_CONFLICT
                    .with("Destination", "Protocol")
                    .about("/Destination"));
          }
        });
    subscriptionType.ifPresent(
        t -> {
          if (syslog != t.equals("Syslog")) {
            problems.add(
                BaseMessages.PROPERTY_VALUE_CONFLICT
                    .with("SubscriptionType", "Protocol")
                    .about("/SubscriptionType"));
          }
        });
    if (!syslog && (lowestSeverity.isPresent() || facilities.isPresent())) {
      problems.add(
          BaseMessages.PROPERTY_VALUE_CONFLICT
              .with("SyslogFilters", "Protocol")
              .about("/SyslogFilters"));
    }
  }

  /** A change of an existing subscription, whose EventFormatType is {@code format}. */
  static SubscriptionRequest patch(ObjectNode body, String format) {
    if (body.isEmpty()) {
      throw RedfishErrors.of(BaseMessages.EMPTY_JSON.with());
    }
    SubscriptionRequest r = new SubscriptionRequest();
    r.read(body, false);
    r.checkFormatAgreement(format);
    return r.checked();
  }

  private SubscriptionRequest checked() {
    if (!problems.isEmpty()) {
      throw RedfishErrors.of(problems);
    }
    return this;
  }

  private void read(ObjectNode body, boolean creating) {
    for (Iterator<Map.Entry<String, JsonNode>> it = body.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      String name = field.getKey();
      JsonNode value = field.getValue();
      if (name.startsWith("@odata.")) {
        continue;
      }
      if (!WRITABLE.contains(name) && !(creating && CREATE_ONLY.contains(name))) {
        boolean known = READ_ONLY.contains(name) || CREATE_ONLY.contains(name);
        problems.add(
            (known
                    ? BaseMessages.PROPERTY_NOT_WRITABLE.with(name)
                    : BaseMessages.PROPERTY_UNKNOWN.with(name))
                .about("/" + name));
        continue;
      }
      switch (name) {
        case "Destination" -> text(name, value).ifPresent(this::readDestination);
        case "Protocol" ->
            text(name, value)
                .filter(p -> oneOf(name, p, PROTOCOLS))
                .ifPresent(p -> protocol = Optional.of(p));
        case "SubscriptionType" ->
            text(name, value)
                .filter(t -> oneOf(name, t, List.of("RedfishEvent", "Syslog")))
                .ifPresent(t -> subscriptionType = Optional.of(t));
        case "SyslogFilters" -> readSyslogFilters(value);
        case "EventFormatType" ->
            text(name, value)
                .filter(t -> oneOf(name, t, List.of(EventFacts.EVENT, EventFacts.METRIC_REPORT)))
                .ifPresent(t -> eventFormat = Optional.of(t));
        case "MetricReportDefinitions" ->
            links(name, value).ifPresent(this::readMetricReportDefinitions);
        case "EventTypes" ->
            texts(name, value); // deprecated; still sent by older clients, and ignored
        case "Context" -> text(name, value).ifPresent(this::readContext);
        case "RegistryPrefixes" ->
            texts(name, value)
                .filter(p -> knownPrefixes(name, p))
                .ifPresent(p -> registryPrefixes = Optional.of(p));
        case "MessageIds" ->
            texts(name, value)
                .filter(ids -> knownMessageIds(name, ids))
                .ifPresent(ids -> messageIds = Optional.of(ids));
        case "ExcludeRegistryPrefixes" ->
            texts(name, value)
                .filter(p -> knownPrefixes(name, p))
                .ifPresent(p -> excludeRegistryPrefixes = Optional.of(p));
        case "ExcludeMessageIds" ->
            texts(name, value)
                .filter(ids -> knownMessageIds(name, ids))
                .ifPresent(ids -> excludeMessageIds = Optional.of(ids));
        case "OriginResources" ->
            links(name, value).ifPresent(o -> originResources = Optional.of(o));
        case "SubordinateResources" ->
            bool(name, value).ifPresent(b -> subordinateResources = Optional.of(b));
        case "IncludeOriginOfCondition" ->
            bool(name, value).ifPresent(b -> includeOriginOfCondition = Optional.of(b));
        default -> text(name, value).ifPresent(this::readRetryPolicy);
      }
    }
  }

  private Optional<Boolean> bool(String name, JsonNode value) {
    if (value.isBoolean()) {
      return Optional.of(value.asBoolean());
    }
    typeError(name, value);
    return Optional.empty();
  }

  private void readDestination(String d) {
    if (d.length() > MAX_DESTINATION_LENGTH) {
      problems.add(
          BaseMessages.STRING_VALUE_TOO_LONG.with(d, MAX_DESTINATION_LENGTH).about("/Destination"));
      return;
    }
    try {
      URI uri = new URI(d);
      String scheme = uri.getScheme();
      if (scheme == null
          || !(scheme.equalsIgnoreCase("http")
              || scheme.equalsIgnoreCase("https")
              || scheme.equalsIgnoreCase("syslog"))
          || uri.getHost() == null
          || uri.getUserInfo() != null) {
        throw new URISyntaxException(d, "not an http, https or syslog URL with a host");
      }
      destination = Optional.of(d);
    } catch (URISyntaxException e) {
      problems.add(
          BaseMessages.PROPERTY_VALUE_FORMAT_ERROR.with(d, "Destination").about("/Destination"));
    }
  }

  /** At most one filter: {@code [{"LowestSeverity": "Warning", "LogFacilities": ["Local0"]}]}. */
  private void readSyslogFilters(JsonNode value) {
    if (!value.isArray() || value.size() > 1) {
      problems.add(
          BaseMessages.PROPERTY_VALUE_FORMAT_ERROR
              .with(value.toString(), "SyslogFilters")
              .about("/SyslogFilters"));
      return;
    }
    if (value.isEmpty()) {
      lowestSeverity = Optional.of("All");
      facilities = Optional.of(List.of());
      return;
    }
    JsonNode filter = value.get(0);
    if (!filter.isObject()) {
      typeError("SyslogFilters", value);
      return;
    }
    for (Iterator<String> it = filter.fieldNames(); it.hasNext(); ) {
      String field = it.next();
      if (!field.equals("LowestSeverity") && !field.equals("LogFacilities")) {
        problems.add(BaseMessages.PROPERTY_UNKNOWN.with(field).about("/SyslogFilters/0/" + field));
      }
    }
    JsonNode severity = filter.get("LowestSeverity");
    if (severity != null) {
      text("LowestSeverity", severity)
          .filter(v -> oneOf("LowestSeverity", v, SEVERITIES))
          .ifPresent(v -> lowestSeverity = Optional.of(v));
    } else {
      lowestSeverity = Optional.of("All");
    }
    JsonNode chosen = filter.get("LogFacilities");
    if (chosen != null) {
      texts("LogFacilities", chosen)
          .filter(list -> list.stream().allMatch(f -> oneOf("LogFacilities", f, FACILITIES)))
          .ifPresent(list -> facilities = Optional.of(list));
    } else {
      facilities = Optional.of(List.of());
    }
  }

  static final List<String> SEVERITIES =
      Arrays.stream(io.gpuchassis.agent.events.SyslogSeverity.values()).map(Enum::name).toList();
  static final List<String> FACILITIES =
      Arrays.stream(io.gpuchassis.agent.events.SyslogFacility.values()).map(Enum::name).toList();

  private void readMetricReportDefinitions(List<String> uris) {
    for (int i = 0; i < uris.size(); i++) {
      String uri = EventFacts.normalizeUri(uris.get(i));
      String id = uri.substring(uri.lastIndexOf('/') + 1);
      if (!uri.equals(Uris.metricReportDefinition(id)) || id.isEmpty()) {
        problems.add(
            BaseMessages.PROPERTY_VALUE_FORMAT_ERROR
                .with(uris.get(i), "MetricReportDefinitions")
                .about("/MetricReportDefinitions/" + i));
        return;
      }
    }
    metricReportDefinitions = Optional.of(uris);
  }

  private void readContext(String c) {
    if (c.length() > MAX_CONTEXT_LENGTH) {
      problems.add(
          BaseMessages.STRING_VALUE_TOO_LONG.with(c, MAX_CONTEXT_LENGTH).about("/Context"));
    } else {
      context = Optional.of(c);
    }
  }

  /** Whether every prefix names a registry whose events the service raises; else a problem each. */
  private boolean knownPrefixes(String name, List<String> prefixes) {
    boolean ok = true;
    for (int i = 0; i < prefixes.size(); i++) {
      if (!EventRegistries.PREFIXES.contains(prefixes.get(i))) {
        problems.add(
            BaseMessages.PROPERTY_VALUE_NOT_IN_LIST
                .with(prefixes.get(i), name)
                .about("/" + name + "/" + i));
        ok = false;
      }
    }
    return ok;
  }

  /** Whether every id names a message of such a registry; else a problem each. */
  private boolean knownMessageIds(String name, List<String> ids) {
    boolean ok = true;
    for (int i = 0; i < ids.size(); i++) {
      String id = ids.get(i);
      String prefix = id.contains(".") ? id.substring(0, id.indexOf('.')) : "";
      if (!EventRegistries.PREFIXES.contains(prefix) || id.endsWith(".")) {
        problems.add(
            BaseMessages.PROPERTY_VALUE_NOT_IN_LIST.with(id, name).about("/" + name + "/" + i));
        ok = false;
      }
    }
    return ok;
  }

  private void readRetryPolicy(String p) {
    List<String> allowed = Arrays.stream(RetryPolicy.values()).map(Enum::name).toList();
    if (oneOf("DeliveryRetryPolicy", p, allowed)) {
      retryPolicy = Optional.of(RetryPolicy.valueOf(p));
    }
  }

  private boolean oneOf(String name, String value, List<String> allowed) {
    if (allowed.contains(value)) {
      return true;
    }
    problems.add(BaseMessages.PROPERTY_VALUE_NOT_IN_LIST.with(value, name).about("/" + name));
    return false;
  }

  private Optional<String> text(String name, JsonNode value) {
    if (value.isTextual()) {
      return Optional.of(value.asText());
    }
    typeError(name, value);
    return Optional.empty();
  }

  private Optional<List<String>> texts(String name, JsonNode value) {
    List<String> items = new ArrayList<>();
    if (value.isArray()) {
      for (JsonNode item : value) {
        if (!item.isTextual()) {
          typeError(name, value);
          return Optional.empty();
        }
        items.add(item.asText());
      }
      return Optional.of(items);
    }
    typeError(name, value);
    return Optional.empty();
  }

  /** An array of links, {@code [{"@odata.id": "/redfish/v1/..."}]}: the URIs. */
  private Optional<List<String>> links(String name, JsonNode value) {
    List<String> uris = new ArrayList<>();
    if (!value.isArray()) {
      typeError(name, value);
      return Optional.empty();
    }
    for (int i = 0; i < value.size(); i++) {
      JsonNode id = value.get(i).get("@odata.id");
      if (id == null || !id.isTextual() || !id.asText().startsWith(Uris.PREFIX)) {
        problems.add(
            BaseMessages.PROPERTY_VALUE_FORMAT_ERROR
                .with(value.get(i).toString(), name)
                .about("/" + name + "/" + i));
        return Optional.empty();
      }
      uris.add(id.asText());
    }
    return Optional.of(uris);
  }

  private void typeError(String name, JsonNode value) {
    problems.add(
        BaseMessages.PROPERTY_VALUE_TYPE_ERROR.with(value.toString(), name).about("/" + name));
  }
}
