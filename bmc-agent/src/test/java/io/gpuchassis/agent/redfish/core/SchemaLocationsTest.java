package io.gpuchassis.agent.redfish.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.redfish.model.JsonSchemaFileLocation;
import io.gpuchassis.redfish.odata.SchemaLinks;
import io.gpuchassis.redfish.odata.ServedSchema;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The Link header's schema location agrees with the JsonSchemas collection for every type. */
class SchemaLocationsTest {

  @Test
  void every_served_type_is_described_by_the_location_its_schema_file_advertises() {
    for (ServedSchema schema : Schemas.ALL) {
      JsonSchemaFileLocation location = JsonSchemasResource.render(schema).getLocation().get(0);
      Optional<String> advertised =
          Optional.ofNullable(location.getUri())
              .or(() -> Optional.ofNullable(location.getPublicationUri()));
      assertTrue(advertised.isPresent(), schema.toString());
      assertEquals(advertised, SchemaLocations.describedBy(schema.odataType()), schema.toString());
    }
  }

  @Test
  void a_type_the_collection_does_not_list_is_named_by_dmtf() {
    String type = "#Volume.v1_9_0.Volume";
    assertEquals(SchemaLinks.dmtf(type), SchemaLocations.describedBy(type));
    assertTrue(
        SchemaLocations.describedBy(type).orElseThrow().startsWith(SchemaLinks.DMTF_SCHEMAS));
  }
}
