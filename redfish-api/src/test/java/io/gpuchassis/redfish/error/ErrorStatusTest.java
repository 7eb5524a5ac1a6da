package io.gpuchassis.redfish.error;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.CompositionMessages;
import io.gpuchassis.redfish.message.MessageDefinition;
import io.gpuchassis.redfish.message.ResourceEventMessages;
import io.gpuchassis.redfish.message.UpdateMessages;
import io.gpuchassis.redfish.query.QueryMessages;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class ErrorStatusTest {

  @Test
  void every_status_names_a_message_the_agent_defines() {
    Set<String> defined = new TreeSet<>();
    Stream.of(
            BaseMessages.class,
            CompositionMessages.class,
            UpdateMessages.class,
            QueryMessages.class)
        .flatMap(c -> Stream.of(c.getDeclaredFields()))
        .filter(f -> Modifier.isStatic(f.getModifiers()) && f.getType() == MessageDefinition.class)
        .forEach(f -> defined.add(key(f)));
    Set<String> unknown = new TreeSet<>(ErrorStatus.keys());
    unknown.removeAll(defined);
    assertTrue(unknown.isEmpty(), "statuses for messages no registry class defines: " + unknown);
  }

  @Test
  void one_message_one_status() {
    assertEquals(409, RedfishErrors.of(BaseMessages.RESOURCE_IN_USE.with()).status());
    assertEquals(
        404, RedfishErrors.of(BaseMessages.RESOURCE_NOT_FOUND.with("Chassis", "X")).status());
    assertEquals(428, RedfishErrors.of(BaseMessages.PRECONDITION_REQUIRED.with()).status());
    assertEquals(412, RedfishErrors.of(BaseMessages.PRECONDITION_FAILED.with()).status());
  }

  @Test
  void the_first_message_decides_and_the_others_are_kept() {
    RedfishException e =
        RedfishErrors.of(
            BaseMessages.PROPERTY_UNKNOWN.with("Foo"), BaseMessages.RESOURCE_IN_USE.with());
    assertEquals(400, e.status());
    assertEquals(2, e.messages().size());
  }

  @Test
  void an_event_message_is_not_an_error() {
    MessageDefinition event = firstDefinition(ResourceEventMessages.class);
    assertThrows(IllegalArgumentException.class, () -> ErrorStatus.of(event));
  }

  private static MessageDefinition firstDefinition(Class<?> registry) {
    for (Field f : registry.getDeclaredFields()) {
      if (Modifier.isStatic(f.getModifiers()) && f.getType() == MessageDefinition.class) {
        try {
          return (MessageDefinition) f.get(null);
        } catch (IllegalAccessException e) {
          throw new AssertionError(e);
        }
      }
    }
    throw new AssertionError("no message in " + registry);
  }

  private static String key(Field f) {
    try {
      f.setAccessible(true);
      return ((MessageDefinition) f.get(null)).key();
    } catch (IllegalAccessException e) {
      throw new AssertionError(e);
    }
  }
}
