package io.gpuchassis.agent.redfish.core;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.security.AuditMessages;
import io.gpuchassis.redfish.json.RedfishJson;
import io.gpuchassis.redfish.message.AccountSecurityMessages;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.CompositionMessages;
import io.gpuchassis.redfish.message.EnvironmentalMessages;
import io.gpuchassis.redfish.message.FabricMessages;
import io.gpuchassis.redfish.message.MessageDefinition;
import io.gpuchassis.redfish.message.PlatformMessages;
import io.gpuchassis.redfish.message.PublishedMessage;
import io.gpuchassis.redfish.message.ResourceEventMessages;
import io.gpuchassis.redfish.message.SensorEventMessages;
import io.gpuchassis.redfish.message.TaskEventMessages;
import io.gpuchassis.redfish.message.UpdateMessages;
import io.gpuchassis.redfish.query.QueryMessages;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The registry files the agent serves at each registry's {@code Location.Uri}, since management
 * networks are usually cut off from DMTF's site. Each is generated from the message definitions the
 * agent emits (never a copy of DMTF's file): a DMTF registry's file holds the messages of that
 * registry the agent can answer or raise, with their texts, arguments, severities and resolutions
 * as the definitions carry them (tests compare them with DMTF's files).
 */
final class RegistryDocuments {

  static final String ODATA_TYPE = "#MessageRegistry.v1_7_0.MessageRegistry";

  /** Every class that defines messages of a DMTF registry the agent uses. */
  private static final List<MessageDefinition> DMTF_MESSAGES =
      EventRegistries.definitions(
          BaseMessages.class,
          QueryMessages.class,
          AccountSecurityMessages.class,
          CompositionMessages.class,
          ResourceEventMessages.class,
          FabricMessages.class,
          SensorEventMessages.class,
          EnvironmentalMessages.class,
          PlatformMessages.class,
          TaskEventMessages.class,
          UpdateMessages.class,
          io.gpuchassis.redfish.message.HeartbeatEventMessages.class,
          io.gpuchassis.redfish.message.NetworkDeviceMessages.class);

  private RegistryDocuments() {}

  /** The MessageRegistry document of {@code registry}. */
  static ObjectNode render(Registries.Registry registry) {
    return registry.dmtf() ? dmtf(registry) : own(registry);
  }

  /** The messages of {@code registry} the agent defines, by key, in declaration order. */
  static Map<String, MessageDefinition> messages(Registries.Registry registry) {
    String id = registry.prefix() + "." + registry.version();
    Map<String, MessageDefinition> messages = new LinkedHashMap<>();
    DMTF_MESSAGES.stream()
        .filter(d -> d.registry().equals(id))
        .forEach(d -> messages.putIfAbsent(d.key(), d));
    return messages;
  }

  private static ObjectNode dmtf(Registries.Registry registry) {
    ObjectNode doc =
        header(
            registry,
            registry.prefix() + " Message Registry",
            "The messages of DMTF's "
                + registry.prefix()
                + " "
                + registry.version()
                + " registry that this agent emits; the whole registry is at "
                + registry.publicationUri()
                + ".",
            "DMTF");
    ObjectNode messages = doc.putObject("Messages");
    messages(registry)
        .values()
        .forEach(
            m ->
                message(
                    messages,
                    m,
                    "The " + m.key() + " message of the " + registry.prefix() + " registry.",
                    null));
    return doc;
  }

  /** One of the agent's own registries, with the descriptions of its messages and arguments. */
  private static ObjectNode own(Registries.Registry registry) {
    boolean audit = registry.prefix().equals(AuditMessages.PREFIX);
    ObjectNode doc =
        audit
            ? header(
                registry,
                "GPU chassis agent audit message registry",
                "Messages of the agent's security log that no DMTF registry covers.",
                OWNER)
            : header(
                registry,
                "GPU chassis agent composition message registry",
                "Messages about compositions that no DMTF registry covers: how an attached GPU's"
                    + " link trained.",
                OWNER);
    ObjectNode messages = doc.putObject("Messages");
    for (PublishedMessage published :
        audit ? AuditMessages.PUBLISHED : CompositionCheckMessages.PUBLISHED) {
      message(messages, published.definition(), published.description(), published.arguments());
    }
    return doc;
  }

  private static final String OWNER = "gpu-chassis-agent project";

  private static ObjectNode header(
      Registries.Registry registry, String name, String description, String owner) {
    ObjectNode doc = RedfishJson.mapper().createObjectNode();
    doc.put("@odata.type", ODATA_TYPE);
    doc.put("Id", registry.prefix() + "." + registry.version());
    doc.put("Name", name);
    doc.put("Language", "en");
    doc.put("Description", description);
    doc.put("RegistryPrefix", registry.prefix());
    doc.put("RegistryVersion", registry.version());
    doc.put("OwningEntity", owner);
    return doc;
  }

  private static void message(
      ObjectNode messages, MessageDefinition m, String description, List<String> arguments) {
    ObjectNode entry = messages.putObject(m.key());
    entry.put("Description", description);
    entry.put("Message", m.template());
    entry.put("MessageSeverity", m.severity());
    entry.put("Severity", m.severity()); // deprecated, but still required by MessageRegistry v1_7_0
    entry.put("NumberOfArgs", m.numberOfArgs());
    if (m.numberOfArgs() > 0) {
      ArrayNode types = entry.putArray("ParamTypes");
      m.paramTypes().forEach(types::add);
    }
    if (arguments != null) {
      ArrayNode described = entry.putArray("ArgDescriptions");
      arguments.forEach(described::add);
    }
    entry.put("Resolution", m.resolution());
  }
}
