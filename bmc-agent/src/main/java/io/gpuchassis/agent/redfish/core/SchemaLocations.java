package io.gpuchassis.agent.redfish.core;

import io.gpuchassis.redfish.model.JsonSchemaFileLocation;
import io.gpuchassis.redfish.odata.SchemaLinks;
import io.gpuchassis.redfish.odata.ServedSchema;
import java.util.Optional;

/**
 * Where the JSON schema of a resource's {@code @odata.type} is, for the Link header every GET and
 * HEAD of a resource carries: the location its {@code /redfish/v1/JsonSchemas} file advertises (the
 * agent's own URI for a schema it hosts, else DMTF's publication), so the header and the
 * JsonSchemas collection never disagree. A type the collection does not list is named by DMTF's
 * published URI.
 */
public final class SchemaLocations {

  private SchemaLocations() {}

  public static Optional<String> describedBy(String odataType) {
    Optional<String> namespace = SchemaLinks.namespace(odataType);
    Optional<ServedSchema> served =
        namespace.flatMap(
            n -> Schemas.ALL.stream().filter(s -> s.namespace().equals(n)).findFirst());
    if (served.isEmpty()) {
      return SchemaLinks.dmtf(odataType);
    }
    JsonSchemaFileLocation location = JsonSchemasResource.render(served.get()).getLocation().get(0);
    return Optional.ofNullable(location.getUri())
        .or(() -> Optional.ofNullable(location.getPublicationUri()));
  }
}
