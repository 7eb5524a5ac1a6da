package io.gpuchassis.redfish.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gpuchassis.redfish.json.RedfishJson;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Zone v1_6_3 serializes to Redfish property names: a host-port zone of endpoints and a resource
 * zone.
 */
class ZoneTest {

  private static final ObjectMapper MAPPER = RedfishJson.mapper();

  @Test
  void hostPortZoneOfEndpointsWithActions() throws Exception {
    Zone zone =
        new Zone()
            .atOdataId("/redfish/v1/Fabrics/PCIe/Zones/Host2")
            .atOdataType("#Zone.v1_6_3.Zone")
            .atOdataEtag("W/\"0c7d\"")
            .id("Host2")
            .name("Host port 2 zone")
            .zoneType(ZoneType.ZONE_OF_ENDPOINTS)
            .status(new Status().state(State.ENABLED).health(Health.OK))
            .links(
                new ZoneLinks()
                    .addEndpointsItem(ref("/redfish/v1/Fabrics/PCIe/Endpoints/Host2"))
                    .addEndpointsItem(ref("/redfish/v1/Fabrics/PCIe/Endpoints/Slot7"))
                    .addInvolvedSwitchesItem(ref("/redfish/v1/Fabrics/PCIe/Switches/SW0")))
            .actions(
                new ZoneActions()
                    .hashZoneAddEndpoint(
                        new ActionTarget()
                            .target("/redfish/v1/Fabrics/PCIe/Zones/Host2/Actions/Zone.AddEndpoint")
                            .atRedfishActionInfo(
                                "/redfish/v1/Fabrics/PCIe/Zones/Host2/AddEndpointActionInfo"))
                    .hashZoneRemoveEndpoint(
                        new ActionTarget()
                            .target(
                                "/redfish/v1/Fabrics/PCIe/Zones/Host2/Actions/Zone.RemoveEndpoint")
                            .title("Remove an endpoint from the zone")));

    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "@odata.id": "/redfish/v1/Fabrics/PCIe/Zones/Host2",
                  "@odata.type": "#Zone.v1_6_3.Zone",
                  "@odata.etag": "W/\\"0c7d\\"",
                  "Id": "Host2",
                  "Name": "Host port 2 zone",
                  "ZoneType": "ZoneOfEndpoints",
                  "Status": {"State": "Enabled", "Health": "OK"},
                  "Links": {
                    "Endpoints": [
                      {"@odata.id": "/redfish/v1/Fabrics/PCIe/Endpoints/Host2"},
                      {"@odata.id": "/redfish/v1/Fabrics/PCIe/Endpoints/Slot7"}
                    ],
                    "InvolvedSwitches": [{"@odata.id": "/redfish/v1/Fabrics/PCIe/Switches/SW0"}]
                  },
                  "Actions": {
                    "#Zone.AddEndpoint": {
                      "target": "/redfish/v1/Fabrics/PCIe/Zones/Host2/Actions/Zone.AddEndpoint",
                      "@Redfish.ActionInfo": "/redfish/v1/Fabrics/PCIe/Zones/Host2/AddEndpointActionInfo"
                    },
                    "#Zone.RemoveEndpoint": {
                      "target": "/redfish/v1/Fabrics/PCIe/Zones/Host2/Actions/Zone.RemoveEndpoint",
                      "title": "Remove an endpoint from the zone"
                    }
                  }
                }
                """,
            zone);

    assertAbsent(actual, "Description", "Oem", "@odata.context", "@Redfish.CollectionCapabilities");
    assertAbsent(actual.get("Links"), "ResourceBlocks", "ContainedByZones", "ContainsZones");
    assertAbsent(actual.get("Actions"), "Oem");
    assertAbsent(actual.get("Actions").get("#Zone.AddEndpoint"), "title");
    assertAbsent(actual.get("Actions").get("#Zone.RemoveEndpoint"), "@Redfish.ActionInfo");
    assertEquals(zone, MAPPER.readValue(MAPPER.writeValueAsString(zone), Zone.class));
  }

  @Test
  void resourceZoneOfResourceBlocks() throws Exception {
    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "@odata.id": "/redfish/v1/CompositionService/ResourceZones/1",
                  "@odata.type": "#Zone.v1_6_3.Zone",
                  "Id": "1",
                  "Name": "Resource Zone 1",
                  "ZoneType": "ZoneOfResourceBlocks",
                  "Links": {
                    "ResourceBlocks": [
                      {"@odata.id": "/redfish/v1/CompositionService/ResourceBlocks/GPU7"},
                      {"@odata.id": "/redfish/v1/CompositionService/ResourceBlocks/Host2"}
                    ],
                    "ContainedByZones": [{"@odata.id": "/redfish/v1/Fabrics/PCIe/Zones/Host2"}]
                  }
                }
                """,
            new Zone()
                .atOdataId("/redfish/v1/CompositionService/ResourceZones/1")
                .atOdataType("#Zone.v1_6_3.Zone")
                .id("1")
                .name("Resource Zone 1")
                .zoneType(ZoneType.ZONE_OF_RESOURCE_BLOCKS)
                .links(
                    new ZoneLinks()
                        .resourceBlocks(
                            List.of(
                                ref("/redfish/v1/CompositionService/ResourceBlocks/GPU7"),
                                ref("/redfish/v1/CompositionService/ResourceBlocks/Host2")))
                        .addContainedByZonesItem(ref("/redfish/v1/Fabrics/PCIe/Zones/Host2"))));
    assertAbsent(actual, "Actions", "Status", "@odata.etag");
    assertAbsent(actual.get("Links"), "Endpoints", "InvolvedSwitches");
  }

  @Test
  void zoneTypeStrings() throws Exception {
    assertSerializesTo(
        """
                {"ZoneType": "Default", "Links": {"ContainsZones": []}}
                """,
        new Zone().zoneType(ZoneType.DEFAULT).links(new ZoneLinks().containsZones(List.of())));
    assertEquals("ZoneOfZones", ZoneType.ZONE_OF_ZONES.getValue());
  }

  @Test
  void readsAPatchOfTheEndpointsStrictly() throws Exception {
    Zone patch =
        MAPPER.readValue(
            """
                {"Links": {"Endpoints": [{"@odata.id": "/redfish/v1/Fabrics/PCIe/Endpoints/Host2"},
                                         {"@odata.id": "/redfish/v1/Fabrics/PCIe/Endpoints/Slot3"}]}}
                """,
            Zone.class);
    assertEquals(2, patch.getLinks().getEndpoints().size());
    assertEquals(
        "/redfish/v1/Fabrics/PCIe/Endpoints/Slot3",
        patch.getLinks().getEndpoints().get(1).getAtOdataId());
    assertNull(patch.getZoneType());
    assertNull(patch.getActions());
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
