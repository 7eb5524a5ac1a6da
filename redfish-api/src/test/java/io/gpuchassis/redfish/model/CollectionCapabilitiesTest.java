package io.gpuchassis.redfish.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gpuchassis.redfish.json.RedfishJson;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A collection carries CollectionCapabilities v1_4_1 as its {@code @Redfish.CollectionCapabilities}
 * annotation.
 */
class CollectionCapabilitiesTest {

  private static final ObjectMapper MAPPER = RedfishJson.mapper();

  @Test
  void systemsCollectionAdvertisesComposition() throws Exception {
    ResourceCollection systems =
        new ResourceCollection()
            .atOdataId("/redfish/v1/Systems")
            .atOdataType("#ComputerSystemCollection.ComputerSystemCollection")
            .name("Computer System Collection")
            .addMembersItem(ref("/redfish/v1/Systems/Host2"))
            .membersAtOdataCount(1)
            .atRedfishCollectionCapabilities(
                new CollectionCapabilities()
                    .atOdataType("#CollectionCapabilities.v1_4_1.CollectionCapabilities")
                    .addCapabilitiesItem(
                        new Capability()
                            .capabilitiesObject(ref("/redfish/v1/Systems/Capabilities"))
                            .useCase(UseCase.COMPUTER_SYSTEM_COMPOSITION)
                            .links(
                                new CollectionCapabilitiesLinks()
                                    .targetCollection(ref("/redfish/v1/Systems"))
                                    .addRelatedItemItem(
                                        ref("/redfish/v1/CompositionService/ResourceZones/1")))));

    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "@odata.id": "/redfish/v1/Systems",
                  "@odata.type": "#ComputerSystemCollection.ComputerSystemCollection",
                  "Name": "Computer System Collection",
                  "Members": [{"@odata.id": "/redfish/v1/Systems/Host2"}],
                  "Members@odata.count": 1,
                  "@Redfish.CollectionCapabilities": {
                    "@odata.type": "#CollectionCapabilities.v1_4_1.CollectionCapabilities",
                    "Capabilities": [
                      {
                        "CapabilitiesObject": {"@odata.id": "/redfish/v1/Systems/Capabilities"},
                        "UseCase": "ComputerSystemComposition",
                        "Links": {
                          "TargetCollection": {"@odata.id": "/redfish/v1/Systems"},
                          "RelatedItem": [{"@odata.id": "/redfish/v1/CompositionService/ResourceZones/1"}]
                        }
                      }
                    ]
                  }
                }
                """,
            systems);

    assertAbsent(actual.get("@Redfish.CollectionCapabilities"), "MaxMembers");
    assertEquals(
        systems, MAPPER.readValue(MAPPER.writeValueAsString(systems), ResourceCollection.class));
  }

  @Test
  void resourceBlocksCollectionAdvertisesRegistration() throws Exception {
    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "@odata.id": "/redfish/v1/CompositionService/ResourceBlocks",
                  "@odata.type": "#ResourceBlockCollection.ResourceBlockCollection",
                  "Name": "Resource Block Collection",
                  "Members": [],
                  "Members@odata.count": 0,
                  "@Redfish.CollectionCapabilities": {
                    "Capabilities": [
                      {
                        "CapabilitiesObject": {"@odata.id": "/redfish/v1/CompositionService/ResourceBlocks/Capabilities"},
                        "UseCase": "RegisterResourceBlock",
                        "Links": {"TargetCollection": {"@odata.id": "/redfish/v1/CompositionService/ResourceBlocks"}}
                      }
                    ],
                    "MaxMembers": 24
                  }
                }
                """,
            new ResourceCollection()
                .atOdataId("/redfish/v1/CompositionService/ResourceBlocks")
                .atOdataType("#ResourceBlockCollection.ResourceBlockCollection")
                .name("Resource Block Collection")
                .members(List.of())
                .membersAtOdataCount(0)
                .atRedfishCollectionCapabilities(
                    new CollectionCapabilities()
                        .addCapabilitiesItem(
                            new Capability()
                                .capabilitiesObject(
                                    ref(
                                        "/redfish/v1/CompositionService/ResourceBlocks/Capabilities"))
                                .useCase(UseCase.REGISTER_RESOURCE_BLOCK)
                                .links(
                                    new CollectionCapabilitiesLinks()
                                        .targetCollection(
                                            ref("/redfish/v1/CompositionService/ResourceBlocks"))))
                        .maxMembers(24)));
    JsonNode capabilities = actual.get("@Redfish.CollectionCapabilities");
    assertAbsent(capabilities, "@odata.type");
    assertAbsent(capabilities.get("Capabilities").get(0).get("Links"), "RelatedItem");
  }

  @Test
  void plainCollectionHasNoCapabilities() throws Exception {
    JsonNode actual =
        assertSerializesTo(
            """
                {"Name": "Chassis Collection", "Members@odata.count": 0}
                """,
            new ResourceCollection().name("Chassis Collection").membersAtOdataCount(0));
    assertAbsent(actual, "@Redfish.CollectionCapabilities", "Members");
  }

  @Test
  void useCaseStrings() throws Exception {
    assertEquals(
        "ComputerSystemConstrainedComposition",
        UseCase.COMPUTER_SYSTEM_CONSTRAINED_COMPOSITION.getValue());
    assertEquals("ResourceBlockComposition", UseCase.RESOURCE_BLOCK_COMPOSITION.getValue());
    assertEquals(
        "ResourceBlockConstrainedComposition",
        UseCase.RESOURCE_BLOCK_CONSTRAINED_COMPOSITION.getValue());
    assertEquals("VolumeCreation", UseCase.VOLUME_CREATION.getValue());
    assertEquals(
        UseCase.REGISTER_RESOURCE_BLOCK,
        MAPPER.readValue("\"RegisterResourceBlock\"", UseCase.class));
  }

  private static OdataIdRef ref(String uri) {
    return new OdataIdRef().atOdataId(uri);
  }

  private static void assertAbsent(JsonNode node, String... names) {
    for (String name : names) {
      assertFalse(node.has(name), name + " must be absent");
    }
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
