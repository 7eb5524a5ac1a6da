package io.gpuchassis.agent.redfish.core;

import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.http.RedfishResponses;
import io.gpuchassis.redfish.model.JsonSchemaFile;
import io.gpuchassis.redfish.model.JsonSchemaFileLocation;
import io.gpuchassis.redfish.odata.SchemaReference;
import io.gpuchassis.redfish.route.Privilege;
import io.gpuchassis.redfish.route.PrivilegeRule;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.core.buffer.Buffer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * Hosts the agent's OEM schema ({@link OemSchema}): the CSDL at {@code
 * /redfish/v1/Schemas/GpuChassisAgent_v1.xml}, which {@code $metadata} references, and the JSON
 * schema below its JsonSchemaFile, {@code
 * /redfish/v1/JsonSchemas/GpuChassisAgent.v1_0_0/GpuChassisAgent.v1_0_0.json}. The agent hosts them
 * because no one else publishes them and management networks are often cut off from the internet.
 * Both need Login, as the schema repository does; only {@code $metadata} itself is open (DSP0266).
 */
public final class OemSchemaFiles {

  static final String CSDL_URI = Uris.schemaFile(OemSchema.CSDL_FILE);
  static final String JSON_URI = Uris.jsonSchemaFile(OemSchema.NAMESPACE, OemSchema.JSON_FILE);

  private static final PrivilegeRule LOGIN = PrivilegeRule.allOf(Privilege.Login);

  private final Buffer csdl = read(OemSchema.CSDL_FILE);
  private final Buffer json = read(OemSchema.JSON_FILE);

  public void register(RedfishRoutes routes) {
    routes.get(
        CSDL_URI,
        LOGIN,
        ctx -> RedfishResponses.send(ctx, 200, "application/xml;charset=utf-8", csdl));
    routes.get(
        JSON_URI,
        LOGIN,
        ctx -> RedfishResponses.send(ctx, 200, "application/json;charset=utf-8", json));
  }

  /** What {@code $metadata} says of the OEM schema: where its CSDL is, and both its namespaces. */
  static SchemaReference reference() {
    return new SchemaReference(CSDL_URI, List.of(OemSchema.KEY, OemSchema.NAMESPACE));
  }

  /**
   * The JsonSchemaFile of the OEM schema: the agent's own copy ({@code Uri}), there is no public
   * one.
   */
  static JsonSchemaFile jsonSchemaFile() {
    return new JsonSchemaFile()
        .atOdataId(Uris.jsonSchema(OemSchema.NAMESPACE))
        .atOdataType(Schemas.JSON_SCHEMA_FILE.odataType())
        .id(OemSchema.NAMESPACE)
        .name(OemSchema.KEY + " Schema File")
        .description(
            "The agent's OEM extensions: the objects under Oem."
                + OemSchema.KEY
                + " and its OEM actions.")
        .languages(List.of("en"))
        // The namespace: it defines one type per extended resource, not one main type.
        .schema("#" + OemSchema.NAMESPACE)
        .location(List.of(new JsonSchemaFileLocation().language("en").uri(JSON_URI)));
  }

  private static Buffer read(String file) {
    try (InputStream in = OemSchemaFiles.class.getResourceAsStream(OemSchema.RESOURCE_DIR + file)) {
      if (in == null) {
        throw new IllegalStateException(
            "the OEM schema file " + file + " is missing from the class path");
      }
      return Buffer.buffer(in.readAllBytes());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
