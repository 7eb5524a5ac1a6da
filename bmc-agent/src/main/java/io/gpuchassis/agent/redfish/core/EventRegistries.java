package io.gpuchassis.agent.redfish.core;

import io.gpuchassis.redfish.event.EventFacts;
import io.gpuchassis.redfish.message.CompositionMessages;
import io.gpuchassis.redfish.message.EnvironmentalMessages;
import io.gpuchassis.redfish.message.FabricMessages;
import io.gpuchassis.redfish.message.MessageDefinition;
import io.gpuchassis.redfish.message.PlatformMessages;
import io.gpuchassis.redfish.message.ResourceEventMessages;
import io.gpuchassis.redfish.message.SensorEventMessages;
import io.gpuchassis.redfish.message.TaskEventMessages;
import io.gpuchassis.redfish.message.UpdateMessages;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The message registries the agent's events come from: their prefixes are the EventService's {@code
 * RegistryPrefixes}, the only ones a subscription may filter on, and their messages let a test
 * event name a real message.
 */
public final class EventRegistries {

  public static final List<String> PREFIXES =
      List.of(
          "ResourceEvent",
          "Fabric",
          "Composition",
          "SensorEvent",
          "Environmental",
          "Platform",
          "Update",
          "TaskEvent",
          CompositionCheckMessages.PREFIX,
          "HeartbeatEvent",
          "NetworkDevice");

  private static final List<MessageDefinition> MESSAGES =
      definitions(
          ResourceEventMessages.class,
          FabricMessages.class,
          CompositionMessages.class,
          SensorEventMessages.class,
          EnvironmentalMessages.class,
          PlatformMessages.class,
          UpdateMessages.class,
          TaskEventMessages.class,
          CompositionCheckMessages.class,
          io.gpuchassis.redfish.message.HeartbeatEventMessages.class,
          io.gpuchassis.redfish.message.NetworkDeviceMessages.class);

  private EventRegistries() {}

  /** The definition of {@code messageId}, compared without its version. */
  public static Optional<MessageDefinition> find(String messageId) {
    String wanted = EventFacts.unversioned(messageId);
    return MESSAGES.stream()
        .filter(d -> EventFacts.unversioned(d.messageId()).equals(wanted))
        .findFirst();
  }

  /** Every {@code public static} message definition of {@code holders}, in declaration order. */
  static List<MessageDefinition> definitions(Class<?>... holders) {
    List<MessageDefinition> all = new ArrayList<>();
    for (Class<?> holder : holders) {
      for (Field f : holder.getFields()) {
        if (Modifier.isStatic(f.getModifiers()) && f.getType() == MessageDefinition.class) {
          try {
            all.add((MessageDefinition) f.get(null));
          } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
          }
        }
      }
    }
    return List.copyOf(all);
  }
}
