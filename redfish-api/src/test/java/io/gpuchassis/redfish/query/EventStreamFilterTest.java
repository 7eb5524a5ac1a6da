package io.gpuchassis.redfish.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.event.EventFacts;
import java.util.Optional;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** The SSE stream's $filter by RegistryPrefix, MessageId and OriginResource. */
class EventStreamFilterTest {

  static final EventFacts WARNING =
      new EventFacts(
          "ResourceEvent.1.4.3.ResourceStatusChangedWarning",
          Optional.of("/redfish/v1/Fabrics/PCIe/Switches/SW1"));
  static final EventFacts TEST =
      new EventFacts("ResourceEvent.1.4.3.TestMessage", Optional.empty());
  static final EventFacts ZONE =
      new EventFacts(
          "Fabric.1.0.3.ZoneModified", Optional.of("/redfish/v1/Fabrics/PCIe/Zones/Host1"));

  @Test
  void message_id_equality_ignores_the_version() {
    Predicate<EventFacts> f =
        EventStreamFilter.parse("MessageId eq 'ResourceEvent.1.4.3.ResourceStatusChangedWarning'");
    assertTrue(f.test(WARNING));
    assertFalse(f.test(TEST));
    assertTrue(
        EventStreamFilter.parse("MessageId eq 'ResourceEvent.ResourceStatusChangedWarning'")
            .test(WARNING));
  }

  @Test
  void registry_prefix_and_origin_resource() {
    assertTrue(EventStreamFilter.parse("RegistryPrefix eq 'Fabric'").test(ZONE));
    assertFalse(EventStreamFilter.parse("RegistryPrefix eq 'Fabric'").test(WARNING));
    Predicate<EventFacts> origin =
        EventStreamFilter.parse("OriginResource eq '/redfish/v1/Fabrics/PCIe/Zones/Host1'");
    assertTrue(origin.test(ZONE));
    assertFalse(origin.test(WARNING));
    assertFalse(origin.test(TEST));
  }

  @Test
  void and_or_not_and_ne_combine() {
    Predicate<EventFacts> f =
        EventStreamFilter.parse(
            "(RegistryPrefix eq 'Fabric') or (MessageId eq 'ResourceEvent.1.4.3.TestMessage')");
    assertTrue(f.test(ZONE));
    assertTrue(f.test(TEST));
    assertFalse(f.test(WARNING));
    Predicate<EventFacts> g =
        EventStreamFilter.parse(
            "RegistryPrefix eq 'ResourceEvent' and not (MessageId eq 'ResourceEvent.TestMessage')");
    assertTrue(g.test(WARNING));
    assertFalse(g.test(TEST));
    assertTrue(EventStreamFilter.parse("RegistryPrefix ne 'Fabric'").test(TEST));
  }

  @Test
  void unknown_properties_operators_and_bad_syntax_are_400() {
    for (String bad :
        new String[] {
          "Severity eq 'OK'", "MessageId gt 'A'", "MessageId eq 3", "MessageId eq", "((("
        }) {
      RedfishException e =
          assertThrows(RedfishException.class, () -> EventStreamFilter.parse(bad), bad);
      assertEquals(400, e.status(), bad);
      assertEquals(
          QueryMessages.QUERY_PARAMETER_VALUE_FORMAT_ERROR, e.messages().get(0).definition(), bad);
    }
  }

  static final EventFacts GPU_REPORT =
      EventFacts.metricReport("/redfish/v1/TelemetryService/MetricReportDefinitions/GPUs");
  static final EventFacts LINK_REPORT =
      EventFacts.metricReport("/redfish/v1/TelemetryService/MetricReportDefinitions/LinkChanges");

  @Test
  void a_stream_gets_metric_reports_only_when_its_filter_names_the_format() {
    assertTrue(EventStreamFilter.everyEvent().test(WARNING));
    assertFalse(EventStreamFilter.everyEvent().test(GPU_REPORT), "no filter: Events alone");
    Predicate<EventFacts> fabric = EventStreamFilter.parse("RegistryPrefix ne 'ResourceEvent'");
    assertTrue(fabric.test(ZONE));
    assertFalse(fabric.test(GPU_REPORT), "a filter without EventFormatType selects Events only");
    Predicate<EventFacts> reports = EventStreamFilter.parse("EventFormatType eq 'MetricReport'");
    assertTrue(reports.test(GPU_REPORT));
    assertTrue(reports.test(LINK_REPORT));
    assertFalse(reports.test(WARNING));
    Predicate<EventFacts> both =
        EventStreamFilter.parse("EventFormatType eq 'Event' or EventFormatType eq 'MetricReport'");
    assertTrue(both.test(WARNING));
    assertTrue(both.test(GPU_REPORT));
  }

  @Test
  void metric_report_definition_selects_one_definitions_reports() {
    Predicate<EventFacts> gpus =
        EventStreamFilter.parse(
            "EventFormatType eq 'MetricReport' and MetricReportDefinition eq"
                + " '/redfish/v1/TelemetryService/MetricReportDefinitions/GPUs'");
    assertTrue(gpus.test(GPU_REPORT));
    assertFalse(gpus.test(LINK_REPORT));
    assertFalse(gpus.test(WARNING));
  }

  @Test
  void an_unknown_event_format_is_refused() {
    RedfishException e =
        assertThrows(
            RedfishException.class, () -> EventStreamFilter.parse("EventFormatType eq 'Metric'"));
    assertEquals(400, e.status());
  }
}
