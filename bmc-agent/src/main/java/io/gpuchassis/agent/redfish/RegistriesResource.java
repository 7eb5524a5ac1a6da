package io.gpuchassis.agent.redfish;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.security.AuditMessages;
import io.gpuchassis.redfish.http.RedfishResponses;
import io.gpuchassis.redfish.json.RedfishJson;
import io.gpuchassis.redfish.message.MessageDefinition;

import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.model.MessageRegistryFile;
import io.gpuchassis.redfish.model.MessageRegistryFileLocation;
import io.gpuchassis.redfish.route.RedfishRoutes;
import java.util.List;

/**
 * {@code /redfish/v1/Registries[/{Id}]}: where the message registries of {@link Registries} are published. Each file
 * points at DMTF's own copy ({@code PublicationUri}); the agent hosts none.
 */
final class RegistriesResource {

  void register(RedfishRoutes routes) {
    routes.resource(
        Uris.REGISTRIES,
        "MessageRegistryFileCollection",
        (params, caller) ->
            Collections.render(
                Schemas.MESSAGE_REGISTRY_FILE_COLLECTION,
                Uris.REGISTRIES,
                "Message Registry File Collection",
                Registries.ALL.stream().map(r -> Uris.registry(r.id())).toList()));
    routes.resource(
        Uris.REGISTRIES + "/{RegistryId}",
        "MessageRegistryFile",
        (params, caller) -> {
          String id = params.get("RegistryId");
          return render(Registries.find(id).orElseThrow(() -> RedfishErrors.notFound("MessageRegistryFile", id)));
        });
    Registries.Registry own = new Registries.Registry(AuditMessages.PREFIX, AuditMessages.VERSION, false);
    // The agent's own registry file; DMTF registries are fetched from DMTF.
    routes.get(
        own.hostedUri(), "MessageRegistryFile", ctx -> RedfishResponses.ok(ctx, auditRegistry()));
  }

  static MessageRegistryFile render(Registries.Registry registry) {
    return new MessageRegistryFile()
        .atOdataId(Uris.registry(registry.id()))
        .atOdataType(Schemas.MESSAGE_REGISTRY_FILE.odataType())
        .id(registry.id())
        .name(registry.prefix() + " Message Registry File")
        .description(
            registry.prefix() + " message registry " + registry.version()
                + (registry.dmtf() ? ", as published by DMTF" : ", the agent's own"))
        .languages(List.of("en"))
        .registry(registry.id())
        .location(
            List.of(
                registry.dmtf()
                    ? new MessageRegistryFileLocation().language("en").publicationUri(registry.publicationUri())
                    : new MessageRegistryFileLocation().language("en").uri(registry.hostedUri())));
  }

  /** The agent's own registry document (MessageRegistry.v1_7_0), built from its message definitions. */
  static ObjectNode auditRegistry() {
    ObjectNode doc = RedfishJson.mapper().createObjectNode();
    doc.put("@odata.type", "#MessageRegistry.v1_7_0.MessageRegistry");
    doc.put("Id", AuditMessages.REGISTRY);
    doc.put("Name", "GPU chassis agent audit message registry");
    doc.put("Language", "en");
    doc.put("Description", "Messages of the agent's security log that no DMTF registry covers.");
    doc.put("RegistryPrefix", AuditMessages.PREFIX);
    doc.put("RegistryVersion", AuditMessages.VERSION);
    doc.put("OwningEntity", "gpu-chassis-agent project");
    ObjectNode messages = doc.putObject("Messages");
    for (AuditMessages.Published published : AuditMessages.PUBLISHED) {
      MessageDefinition m = published.definition();
      ObjectNode entry = messages.putObject(m.key());
      entry.put("Description", published.description());
      entry.put("Message", m.template());
      entry.put("MessageSeverity", m.severity());
      entry.put("Severity", m.severity()); // deprecated, but still required by MessageRegistry v1_7_0
      entry.put("NumberOfArgs", m.numberOfArgs());
      ArrayNode types = entry.putArray("ParamTypes");
      for (int i = 0; i < m.numberOfArgs(); i++) {
        types.add(i == 4 ? "number" : "string");
      }
      ArrayNode arguments = entry.putArray("ArgDescriptions");
      published.arguments().forEach(arguments::add);
      entry.put("Resolution", m.resolution());
    }
    return doc;
  }
}
