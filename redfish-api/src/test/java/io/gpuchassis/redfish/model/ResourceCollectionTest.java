package io.gpuchassis.redfish.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gpuchassis.redfish.json.RedfishJson;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

class ResourceCollectionTest {

  private static final ObjectMapper MAPPER = RedfishJson.mapper();

  @Test
  void collectionWithCount() throws Exception {
    ResourceCollection chassis =
        new ResourceCollection()
            .atOdataId("/redfish/v1/Chassis")
            .atOdataType("#ChassisCollection.ChassisCollection")
            .name("Chassis Collection")
            .addMembersItem(new OdataIdRef().atOdataId("/redfish/v1/Chassis/Enclosure"))
            .addMembersItem(new OdataIdRef().atOdataId("/redfish/v1/Chassis/Tray1"))
            .membersAtOdataCount(2);

    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "@odata.id": "/redfish/v1/Chassis",
                  "@odata.type": "#ChassisCollection.ChassisCollection",
                  "Name": "Chassis Collection",
                  "Members": [
                    {"@odata.id": "/redfish/v1/Chassis/Enclosure"},
                    {"@odata.id": "/redfish/v1/Chassis/Tray1"}
                  ],
                  "Members@odata.count": 2
                }
                """,
            chassis);
    assertFalse(actual.has("Members@odata.nextLink"));
    assertFalse(actual.has("Description"));
  }

  @Test
  void pagedCollectionHasNextLink() throws Exception {
    ResourceCollection page =
        new ResourceCollection()
            .atOdataId("/redfish/v1/Managers")
            .atOdataType("#ManagerCollection.ManagerCollection")
            .name("Manager Collection")
            .addMembersItem(new OdataIdRef().atOdataId("/redfish/v1/Managers/BMC"))
            .membersAtOdataCount(3)
            .membersAtOdataNextLink("/redfish/v1/Managers?$skip=1");

    assertSerializesTo(
        """
                {
                  "@odata.id": "/redfish/v1/Managers",
                  "@odata.type": "#ManagerCollection.ManagerCollection",
                  "Name": "Manager Collection",
                  "Members": [{"@odata.id": "/redfish/v1/Managers/BMC"}],
                  "Members@odata.count": 3,
                  "Members@odata.nextLink": "/redfish/v1/Managers?$skip=1"
                }
                """,
        page);
  }

  @Test
  void emptyCollectionMustSetAnEmptyMembersList() throws Exception {
    // containerDefaultToNull: Members is null until set, and null is omitted, so an empty
    // collection
    // has to set an empty list explicitly to send the required "Members": [].
    ResourceCollection empty =
        new ResourceCollection()
            .atOdataId("/redfish/v1/Chassis")
            .atOdataType("#ChassisCollection.ChassisCollection")
            .name("Chassis Collection")
            .membersAtOdataCount(0);
    assertFalse(MAPPER.valueToTree(empty).has("Members"));

    assertSerializesTo(
        """
                {
                  "@odata.id": "/redfish/v1/Chassis",
                  "@odata.type": "#ChassisCollection.ChassisCollection",
                  "Name": "Chassis Collection",
                  "Members": [],
                  "Members@odata.count": 0
                }
                """,
        empty.members(new ArrayList<>()));
  }

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
