package io.gpuchassis.redfish.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gpuchassis.redfish.json.RedfishJson;
import java.util.List;
import org.junit.jupiter.api.Test;

/** MessageRegistryFile v1_1_5 and JsonSchemaFile v1_1_5 serialize to Redfish property names. */
class RegistryFilesTest {

  private static final ObjectMapper MAPPER = RedfishJson.mapper();

  @Test
  void messageRegistryFile() throws Exception {
    MessageRegistryFile file =
        new MessageRegistryFile()
            .atOdataId("/redfish/v1/Registries/Base.1.22")
            .atOdataType("#MessageRegistryFile.v1_1_5.MessageRegistryFile")
            .id("Base.1.22")
            .name("Base Message Registry File")
            .description("Base Message Registry File locations")
            .languages(List.of("en"))
            .registry("Base.1.22")
            .addLocationItem(
                new MessageRegistryFileLocation()
                    .language("en")
                    .uri("/redfish/v1/Registries/Base.1.22/Base.1.22.0.json")
                    .publicationUri("https://redfish.dmtf.org/registries/Base.1.22.0.json"));

    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "@odata.id": "/redfish/v1/Registries/Base.1.22",
                  "@odata.type": "#MessageRegistryFile.v1_1_5.MessageRegistryFile",
                  "Id": "Base.1.22",
                  "Name": "Base Message Registry File",
                  "Description": "Base Message Registry File locations",
                  "Languages": ["en"],
                  "Registry": "Base.1.22",
                  "Location": [
                    {
                      "Language": "en",
                      "Uri": "/redfish/v1/Registries/Base.1.22/Base.1.22.0.json",
                      "PublicationUri": "https://redfish.dmtf.org/registries/Base.1.22.0.json"
                    }
                  ]
                }
                """,
            file);

    assertFalse(actual.has("Oem"));
    JsonNode location = actual.get("Location").get(0);
    assertFalse(location.has("ArchiveUri"), "ArchiveUri must be absent");
    assertFalse(location.has("ArchiveFile"), "ArchiveFile must be absent");

    assertEquals(
        file, MAPPER.readValue(MAPPER.writeValueAsString(file), MessageRegistryFile.class));
  }

  @Test
  void jsonSchemaFileWithArchive() throws Exception {
    JsonSchemaFile file =
        new JsonSchemaFile()
            .atOdataId("/redfish/v1/JsonSchemas/Chassis.v1_28_0")
            .atOdataType("#JsonSchemaFile.v1_1_5.JsonSchemaFile")
            .id("Chassis.v1_28_0")
            .name("Chassis Schema File")
            .addLanguagesItem("en")
            .schema("#Chassis.v1_28_0.Chassis")
            .addLocationItem(
                new JsonSchemaFileLocation()
                    .language("en")
                    .publicationUri("https://redfish.dmtf.org/schemas/v1/Chassis.v1_28_0.json")
                    .archiveUri("/redfish/v1/JsonSchemas/DSP8010_2025.4.zip")
                    .archiveFile("Chassis.v1_28_0.json"));

    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "@odata.id": "/redfish/v1/JsonSchemas/Chassis.v1_28_0",
                  "@odata.type": "#JsonSchemaFile.v1_1_5.JsonSchemaFile",
                  "Id": "Chassis.v1_28_0",
                  "Name": "Chassis Schema File",
                  "Languages": ["en"],
                  "Schema": "#Chassis.v1_28_0.Chassis",
                  "Location": [
                    {
                      "Language": "en",
                      "PublicationUri": "https://redfish.dmtf.org/schemas/v1/Chassis.v1_28_0.json",
                      "ArchiveUri": "/redfish/v1/JsonSchemas/DSP8010_2025.4.zip",
                      "ArchiveFile": "Chassis.v1_28_0.json"
                    }
                  ]
                }
                """,
            file);

    assertFalse(actual.has("Description"));
    assertFalse(actual.get("Location").get(0).has("Uri"), "Uri must be absent");
  }

  /**
   * Serializes {@code model} to text and compares the parsed result with {@code expectedJson} as
   * trees.
   */
  private static JsonNode assertSerializesTo(String expectedJson, Object model)
      throws JsonProcessingException {
    JsonNode expected = MAPPER.readTree(expectedJson);
    JsonNode actual = MAPPER.readTree(MAPPER.writeValueAsString(model));
    assertEquals(
        expected,
        actual,
        () -> "expected " + expected.toPrettyString() + "\nbut was " + actual.toPrettyString());
    return actual;
  }
}
