package io.gpuchassis.agent.redfish.core;

import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.model.JsonSchemaFile;
import io.gpuchassis.redfish.model.JsonSchemaFileLocation;
import io.gpuchassis.redfish.odata.ServedSchema;
import io.gpuchassis.redfish.route.RedfishRoutes;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code /redfish/v1/JsonSchemas[/{Id}]}: one file per schema in {@link Schemas#ALL}, named by its
 * namespace ({@code Chassis.v1_28_0}, or {@code ChassisCollection} for unversioned schemas). Each
 * DMTF file points at DMTF's published JSON schema; the last member is the agent's OEM schema
 * ({@code GpuChassisAgent.v1_0_0}), which the agent hosts itself ({@link OemSchemaFiles}).
 */
public final class JsonSchemasResource {

  private static final String DMTF_SCHEMAS = "http://redfish.dmtf.org/schemas/v1/";

  public void register(RedfishRoutes routes) {
    routes.resource(
        Uris.JSON_SCHEMAS,
        "JsonSchemaFileCollection",
        (params, caller) ->
            Collections.render(
                Schemas.JSON_SCHEMA_FILE_COLLECTION,
                Uris.JSON_SCHEMAS,
                "JSON Schema File Collection",
                Stream.concat(
                        Schemas.ALL.stream().map(ServedSchema::namespace),
                        Stream.of(OemSchema.NAMESPACE))
                    .map(Uris::jsonSchema)
                    .toList()));
    routes.resource(
        Uris.JSON_SCHEMA_TEMPLATE,
        "JsonSchemaFile",
        (params, caller) -> {
          String id = params.get("SchemaId");
          if (id.equals(OemSchema.NAMESPACE)) {
            return OemSchemaFiles.jsonSchemaFile();
          }
          return render(
              Schemas.ALL.stream()
                  .filter(s -> s.namespace().equals(id))
                  .findFirst()
                  .orElseThrow(() -> RedfishErrors.notFound("JsonSchemaFile", id)));
        });
  }

  static JsonSchemaFile render(ServedSchema schema) {
    return new JsonSchemaFile()
        .atOdataId(Uris.jsonSchema(schema.namespace()))
        .atOdataType(Schemas.JSON_SCHEMA_FILE.odataType())
        .id(schema.namespace())
        .name(schema.name() + " Schema File")
        .languages(List.of("en"))
        .schema(schema.odataType())
        .location(
            List.of(
                new JsonSchemaFileLocation()
                    .language("en")
                    .publicationUri(DMTF_SCHEMAS + schema.namespace() + ".json")));
  }
}
