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
 * Endpoint v1_8_2 serializes to Redfish property names: one endpoint per GPU slot and per host
 * port.
 */
class EndpointTest {

  private static final ObjectMapper MAPPER = RedfishJson.mapper();

  @Test
  void gpuTargetEndpoint() throws Exception {
    Endpoint endpoint =
        new Endpoint()
            .atOdataId("/redfish/v1/Fabrics/PCIe/Endpoints/Slot7")
            .atOdataType("#Endpoint.v1_8_2.Endpoint")
            .atOdataEtag("W/\"5e1f\"")
            .id("Slot7")
            .name("GPU in slot 7")
            .description("PCIe target endpoint of the GPU in slot 7")
            .endpointProtocol(Protocol.PCIE)
            .addConnectedEntitiesItem(
                new ConnectedEntity()
                    .entityType(EntityType.PROCESSOR)
                    .entityRole(EntityRole.TARGET)
                    .entityLink(ref("/redfish/v1/Chassis/Enclosure/Processors/GPU7")))
            .status(new Status().state(State.ENABLED).health(Health.OK))
            .links(
                new EndpointLinks()
                    .addConnectedPortsItem(ref("/redfish/v1/Fabrics/PCIe/Switches/SW0/Ports/DS7"))
                    .addZonesItem(ref("/redfish/v1/Fabrics/PCIe/Zones/Host2")));

    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "@odata.id": "/redfish/v1/Fabrics/PCIe/Endpoints/Slot7",
                  "@odata.type": "#Endpoint.v1_8_2.Endpoint",
                  "@odata.etag": "W/\\"5e1f\\"",
                  "Id": "Slot7",
                  "Name": "GPU in slot 7",
                  "Description": "PCIe target endpoint of the GPU in slot 7",
                  "EndpointProtocol": "PCIe",
                  "ConnectedEntities": [
                    {
                      "EntityType": "Processor",
                      "EntityRole": "Target",
                      "EntityLink": {"@odata.id": "/redfish/v1/Chassis/Enclosure/Processors/GPU7"}
                    }
                  ],
                  "Status": {"State": "Enabled", "Health": "OK"},
                  "Links": {
                    "ConnectedPorts": [{"@odata.id": "/redfish/v1/Fabrics/PCIe/Switches/SW0/Ports/DS7"}],
                    "Zones": [{"@odata.id": "/redfish/v1/Fabrics/PCIe/Zones/Host2"}]
                  }
                }
                """,
            endpoint);

    assertAbsent(actual, "@odata.context", "Oem");
    assertAbsent(actual.get("Links"), "Ports", "LocalPorts");
    assertEquals(endpoint, MAPPER.readValue(MAPPER.writeValueAsString(endpoint), Endpoint.class));
  }

  @Test
  void hostInitiatorEndpointOmitsUnsetProperties() throws Exception {
    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "@odata.id": "/redfish/v1/Fabrics/PCIe/Endpoints/Host2",
                  "@odata.type": "#Endpoint.v1_8_2.Endpoint",
                  "Id": "Host2",
                  "Name": "Host port 2",
                  "EndpointProtocol": "PCIe",
                  "ConnectedEntities": [{"EntityType": "RootComplex", "EntityRole": "Initiator"}],
                  "Links": {"LocalPorts": [{"@odata.id": "/redfish/v1/Fabrics/PCIe/Switches/SW0/Ports/US2"}]}
                }
                """,
            new Endpoint()
                .atOdataId("/redfish/v1/Fabrics/PCIe/Endpoints/Host2")
                .atOdataType("#Endpoint.v1_8_2.Endpoint")
                .id("Host2")
                .name("Host port 2")
                .endpointProtocol(Protocol.PCIE)
                .addConnectedEntitiesItem(
                    new ConnectedEntity()
                        .entityType(EntityType.ROOT_COMPLEX)
                        .entityRole(EntityRole.INITIATOR))
                .links(
                    new EndpointLinks()
                        .addLocalPortsItem(
                            ref("/redfish/v1/Fabrics/PCIe/Switches/SW0/Ports/US2"))));

    assertAbsent(actual, "@odata.etag", "Description", "Status", "Oem");
    assertAbsent(actual.get("ConnectedEntities").get(0), "EntityLink");
    assertAbsent(actual.get("Links"), "Ports", "ConnectedPorts", "Zones");
  }

  @Test
  void entityEnumStrings() throws Exception {
    assertSerializesTo(
        """
                {"ConnectedEntities": [
                  {"EntityType": "DisplayController", "EntityRole": "Both"},
                  {"EntityType": "AccelerationFunction"},
                  {"EntityType": "CXLDevice"},
                  {"EntityType": "Switch"}
                ]}
                """,
        new Endpoint()
            .connectedEntities(
                List.of(
                    new ConnectedEntity()
                        .entityType(EntityType.DISPLAY_CONTROLLER)
                        .entityRole(EntityRole.BOTH),
                    new ConnectedEntity().entityType(EntityType.ACCELERATION_FUNCTION),
                    new ConnectedEntity().entityType(EntityType.CXL_DEVICE),
                    new ConnectedEntity().entityType(EntityType.SWITCH))));
    assertEquals("StorageInitiator", EntityType.STORAGE_INITIATOR.getValue());
    assertEquals("CXL", Protocol.CXL.getValue());
  }

  @Test
  void readsTheDeprecatedPortsLinkStrictly() throws Exception {
    // DMTF mockups still use Links.Ports (deprecated in v1_7_0 for ConnectedPorts and LocalPorts).
    Endpoint read =
        MAPPER.readValue(
            """
                {"Id": "T1", "Name": "Endpoint", "EndpointProtocol": "CXL",
                 "Links": {"Ports": [{"@odata.id": "/redfish/v1/Chassis/C/FabricAdapters/1/Ports/1"}],
                           "Zones": [{"@odata.id": "/redfish/v1/Fabrics/CXL/Zones/1"}]}}
                """,
            Endpoint.class);
    assertEquals(
        "/redfish/v1/Chassis/C/FabricAdapters/1/Ports/1",
        read.getLinks().getPorts().get(0).getAtOdataId());
    assertEquals(Protocol.CXL, read.getEndpointProtocol());
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
