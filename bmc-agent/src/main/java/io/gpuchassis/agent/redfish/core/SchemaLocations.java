package io.gpuchassis.agent.redfish.core;

import io.gpuchassis.redfish.model.JsonSchemaFileLocation;
import io.gpuchassis.redfish.odata.SchemaLinks;
import io.gpuchassis.redfish.odata.ServedSchema;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Where the JSON schema of a resource's {@code @odata.type} is, for the Link header every GET and
 * HEAD of a resource carries: the location its {@code /redfish/v1/JsonSchemas} file advertises (the
 * agent's own URI for a schema it hosts, else DMTF's publication), so the header and the
 * JsonSchemas collection never disagree. A type the collection does not list is named by DMTF's
 * published URI.
 *
 * <p>The served schemas' locations are worked out once, when the class loads: the header is on the
 * path of every GET, and rendering a JsonSchemaFile per request showed up in its profile.
 */
public final class SchemaLocations {

  /** Schema namespace (e.g. {@code Chassis.v1_28_0}) to the location its file advertises. */
  private static final Map<String, Optional<String>> SERVED = servedLocations();

  private SchemaLocations() {}

  public static Optional<String> describedBy(String odataType) {
    Optional<String> namespace = SchemaLinks.namespace(odataType);
    Optional<String> served = namespace.map(SERVED::get).orElse(null);
    return served != null ? served : SchemaLinks.dmtf(odataType);
  }

  private static Map<String, Optional<String>> servedLocations() {
    Map<String, Optional<String>> out = new HashMap<>();
    for (ServedSchema schema : Schemas.ALL) {
      JsonSchemaFileLocation location = JsonSchemasResource.render(schema).getLocation().get(0);
      // the first file listing a namespace wins, as the collection's order says
      out.putIfAbsent(
          schema.namespace(),
          Optional.ofNullable(location.getUri())
              .or(() -> Optional.ofNullable(location.getPublicationUri())));
    }
    // The OEM resources' schema is the agent's own, at the URI its JsonSchemaFile names.
    out.put(OemSchema.NAMESPACE, Optional.of(OemSchemaFiles.JSON_URI));
    return Map.copyOf(out);
  }
}
