package io.gpuchassis.agent.redfish;

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
  }

  static MessageRegistryFile render(Registries.Registry registry) {
    return new MessageRegistryFile()
        .atOdataId(Uris.registry(registry.id()))
        .atOdataType(Schemas.MESSAGE_REGISTRY_FILE.odataType())
        .id(registry.id())
        .name(registry.prefix() + " Message Registry File")
        .description(registry.prefix() + " message registry " + registry.version() + ", as published by DMTF")
        .languages(List.of("en"))
        .registry(registry.id())
        .location(
            List.of(new MessageRegistryFileLocation().language("en").publicationUri(registry.publicationUri())));
  }
}
