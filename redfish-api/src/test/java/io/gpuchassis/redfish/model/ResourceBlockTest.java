package io.gpuchassis.redfish.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gpuchassis.redfish.json.RedfishJson;
import java.util.List;
import org.junit.jupiter.api.Test;

/** ResourceBlock v1_4_3 serializes to Redfish property names: a GPU block, composed and free. */
class ResourceBlockTest {

  private static final ObjectMapper MAPPER = RedfishJson.mapper();

  @Test
  void composedGpuBlock() throws Exception {
    ResourceBlock block =
        new ResourceBlock()
            .atOdataId("/redfish/v1/CompositionService/ResourceBlocks/GPU7")
            .atOdataType("#ResourceBlock.v1_4_3.ResourceBlock")
            .atOdataEtag("W/\"91b0\"")
            .id("GPU7")
            .name("GPU in slot 7")
            .resourceBlockType(List.of(ResourceBlockType.PROCESSOR))
            .status(new Status().state(State.ENABLED).health(Health.OK))
            .compositionStatus(
                new CompositionStatus()
                    .compositionState(CompositionState.COMPOSED)
                    .reserved(false)
                    .sharingCapable(false)
                    .maxCompositions(1)
                    .numberOfCompositions(1))
            .pool(PoolType.ACTIVE)
            .client("host2")
            .addProcessorsItem(ref("/redfish/v1/Chassis/Enclosure/Processors/GPU7"))
            .links(
                new ResourceBlockLinks()
                    .addChassisItem(ref("/redfish/v1/Chassis/Enclosure"))
                    .addComputerSystemsItem(ref("/redfish/v1/Systems/Host2"))
                    .addZonesItem(ref("/redfish/v1/CompositionService/ResourceZones/1")));

    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "@odata.id": "/redfish/v1/CompositionService/ResourceBlocks/GPU7",
                  "@odata.type": "#ResourceBlock.v1_4_3.ResourceBlock",
                  "@odata.etag": "W/\\"91b0\\"",
                  "Id": "GPU7",
                  "Name": "GPU in slot 7",
                  "ResourceBlockType": ["Processor"],
                  "Status": {"State": "Enabled", "Health": "OK"},
                  "CompositionStatus": {
                    "CompositionState": "Composed",
                    "Reserved": false,
                    "SharingCapable": false,
                    "MaxCompositions": 1,
                    "NumberOfCompositions": 1
                  },
                  "Pool": "Active",
                  "Client": "host2",
                  "Processors": [{"@odata.id": "/redfish/v1/Chassis/Enclosure/Processors/GPU7"}],
                  "Links": {
                    "Chassis": [{"@odata.id": "/redfish/v1/Chassis/Enclosure"}],
                    "ComputerSystems": [{"@odata.id": "/redfish/v1/Systems/Host2"}],
                    "Zones": [{"@odata.id": "/redfish/v1/CompositionService/ResourceZones/1"}]
                  }
                }
                """,
            block);

    assertAbsent(actual, "@odata.context", "Description", "ComputerSystems", "Oem");
    assertAbsent(actual.get("CompositionStatus"), "SharingEnabled");
    assertEquals(block, MAPPER.readValue(MAPPER.writeValueAsString(block), ResourceBlock.class));
  }

  @Test
  void freeBlockWithAnEmptyComputerSystemsLink() throws Exception {
    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "@odata.id": "/redfish/v1/CompositionService/ResourceBlocks/GPU3",
                  "@odata.type": "#ResourceBlock.v1_4_3.ResourceBlock",
                  "Id": "GPU3",
                  "Name": "GPU in slot 3",
                  "ResourceBlockType": ["Expansion"],
                  "CompositionStatus": {"CompositionState": "Unused", "Reserved": false},
                  "Pool": "Free",
                  "Links": {"ComputerSystems": []}
                }
                """,
            new ResourceBlock()
                .atOdataId("/redfish/v1/CompositionService/ResourceBlocks/GPU3")
                .atOdataType("#ResourceBlock.v1_4_3.ResourceBlock")
                .id("GPU3")
                .name("GPU in slot 3")
                .addResourceBlockTypeItem(ResourceBlockType.EXPANSION)
                .compositionStatus(
                    new CompositionStatus()
                        .compositionState(CompositionState.UNUSED)
                        .reserved(false))
                .pool(PoolType.FREE)
                .links(new ResourceBlockLinks().computerSystems(List.of())));
    assertAbsent(actual, "Client", "Processors", "Status", "@odata.etag");
    assertAbsent(actual.get("Links"), "Chassis", "Zones");
  }

  @Test
  void enumStrings() throws Exception {
    assertSerializesTo(
        """
                {"ResourceBlockType": ["Compute", "Memory", "Network", "Storage", "ComputerSystem", "IndependentResource"],
                 "CompositionStatus": {"CompositionState": "ComposedAndAvailable", "SharingEnabled": true},
                 "Pool": "Unassigned"}
                """,
        new ResourceBlock()
            .resourceBlockType(
                List.of(
                    ResourceBlockType.COMPUTE,
                    ResourceBlockType.MEMORY,
                    ResourceBlockType.NETWORK,
                    ResourceBlockType.STORAGE,
                    ResourceBlockType.COMPUTER_SYSTEM,
                    ResourceBlockType.INDEPENDENT_RESOURCE))
            .compositionStatus(
                new CompositionStatus()
                    .compositionState(CompositionState.COMPOSED_AND_AVAILABLE)
                    .sharingEnabled(true))
            .pool(PoolType.UNASSIGNED));
    assertEquals("Composing", CompositionState.COMPOSING.getValue());
    assertEquals("Failed", CompositionState.FAILED.getValue());
    assertEquals("Unavailable", CompositionState.UNAVAILABLE.getValue());
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
