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
}
