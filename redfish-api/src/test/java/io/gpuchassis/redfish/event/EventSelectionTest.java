package io.gpuchassis.redfish.event;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A subscription's RegistryPrefixes, MessageIds and OriginResources decide which events it
 * receives.
 */
class EventSelectionTest {

  static final EventFacts WARNING_ON_SLOT1 =
      new EventFacts(
          "ResourceEvent.1.4.3.ResourceStatusChangedWarning",
          Optional.of("/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot1"));
  static final EventFacts ZONE_CHANGED =
      new EventFacts(
          "Fabric.1.0.3.ZoneModified", Optional.of("/redfish/v1/Fabrics/PCIe/Zones/Host1"));
  static final EventFacts NO_ORIGIN =
      new EventFacts("ResourceEvent.1.4.3.TestMessage", Optional.empty());

  @Test
  void no_filter_selects_everything() {
    assertTrue(EventSelection.EVERYTHING.matches(WARNING_ON_SLOT1));
    assertTrue(EventSelection.EVERYTHING.matches(NO_ORIGIN));
  }

  @Test
  void registry_prefix_selects_its_registry_only() {
    EventSelection fabric = new EventSelection(List.of("Fabric"), List.of(), List.of(), false);
    assertTrue(fabric.matches(ZONE_CHANGED));
    assertFalse(fabric.matches(WARNING_ON_SLOT1));
  }

  @Test
  void message_ids_ignore_the_registry_version() {
    EventSelection warnings =
        new EventSelection(
            List.of(), List.of("ResourceEvent.ResourceStatusChangedWarning"), List.of(), false);
    assertTrue(warnings.matches(WARNING_ON_SLOT1));
    assertFalse(warnings.matches(NO_ORIGIN));
    EventSelection versioned =
        new EventSelection(
            List.of(), List.of("ResourceEvent.1.0.ResourceStatusChangedWarning"), List.of(), false);
    assertTrue(versioned.matches(WARNING_ON_SLOT1));
  }

  @Test
  void a_listed_registry_or_a_listed_message_is_enough() {
    EventSelection either =
        new EventSelection(
            List.of("Fabric"), List.of("ResourceEvent.TestMessage"), List.of(), false);
    assertTrue(either.matches(ZONE_CHANGED));
    assertTrue(either.matches(NO_ORIGIN));
    assertFalse(either.matches(WARNING_ON_SLOT1));
  }

  @Test
  void origin_resources_match_exactly_unless_subordinates_are_asked_for() {
    EventSelection chassis =
        new EventSelection(List.of(), List.of(), List.of("/redfish/v1/Chassis/GPUChassis/"), false);
    assertFalse(chassis.matches(WARNING_ON_SLOT1));
    assertFalse(
        chassis.matches(NO_ORIGIN), "an event without origin cannot match an origin filter");
    EventSelection below =
        new EventSelection(List.of(), List.of(), List.of("/redfish/v1/Chassis/GPUChassis"), true);
    assertTrue(below.matches(WARNING_ON_SLOT1));
    assertFalse(below.matches(ZONE_CHANGED));
    EventSelection exact =
        new EventSelection(
            List.of(), List.of(), List.of("/redfish/v1/Fabrics/PCIe/Zones/Host1"), false);
    assertTrue(exact.matches(ZONE_CHANGED));
    EventSelection prefixOnly =
        new EventSelection(
            List.of(), List.of(), List.of("/redfish/v1/Fabrics/PCIe/Zones/Host"), true);
    assertFalse(prefixOnly.matches(ZONE_CHANGED), "Host is not a parent of Host1");
  }

  @Test
  void a_subscription_gets_one_format_and_reports_by_definition() {
    EventFacts gpus =
        EventFacts.metricReport("/redfish/v1/TelemetryService/MetricReportDefinitions/GPUs");
    EventFacts links =
        EventFacts.metricReport("/redfish/v1/TelemetryService/MetricReportDefinitions/Links/");
    assertFalse(EventSelection.EVERYTHING.matches(gpus), "an Event subscription gets no report");
    EventSelection every = EventSelection.metricReports(List.of());
    assertTrue(every.matches(gpus));
    assertTrue(every.matches(links));
    assertFalse(every.matches(WARNING_ON_SLOT1), "a report subscription gets no Event");
    EventSelection onlyLinks =
        EventSelection.metricReports(
            List.of("/redfish/v1/TelemetryService/MetricReportDefinitions/Links"));
    assertTrue(onlyLinks.matches(links));
    assertFalse(onlyLinks.matches(gpus));
  }

  @Test
  void excluded_registries_and_messages_are_left_out_whatever_else_selects_them() {
    EventSelection quiet =
        EventSelection.EVERYTHING.excluding(
            List.of("Fabric"), List.of("ResourceEvent.1.0.0.ResourceStatusChangedWarning"));
    assertFalse(quiet.matches(WARNING_ON_SLOT1), "excluded whatever its version");
    assertFalse(
        quiet.matches(new EventFacts("Fabric.1.0.3.ZoneModified", java.util.Optional.empty())));
    assertTrue(
        quiet.matches(
            new EventFacts("ResourceEvent.1.4.3.TestMessage", java.util.Optional.empty())));
  }
}
