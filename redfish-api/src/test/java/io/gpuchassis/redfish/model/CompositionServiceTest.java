package io.gpuchassis.redfish.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gpuchassis.redfish.json.RedfishJson;
import org.junit.jupiter.api.Test;

/**
 * CompositionService v1_2_3 serializes to Redfish property names, with the Compose action
 * advertised.
 */
class CompositionServiceTest {

  private static final ObjectMapper MAPPER = RedfishJson.mapper();

  @Test
  void compositionServiceWithPoolsReservationsAndCompose() throws Exception {
    CompositionService service =
        new CompositionService()
            .atOdataId("/redfish/v1/CompositionService")
            .atOdataType("#CompositionService.v1_2_3.CompositionService")
            .atOdataEtag("W/\"77aa\"")
            .id("CompositionService")
            .name("Composition Service")
            .serviceEnabled(true)
            .status(new Status().state(State.ENABLED).health(Health.OK))
            .allowOverprovisioning(false)
            .allowZoneAffinity(true)
            .resourceBlocks(ref("/redfish/v1/CompositionService/ResourceBlocks"))
            .resourceZones(ref("/redfish/v1/CompositionService/ResourceZones"))
            .activePool(ref("/redfish/v1/CompositionService/ActivePool"))
            .freePool(ref("/redfish/v1/CompositionService/FreePool"))
            .compositionReservations(ref("/redfish/v1/CompositionService/CompositionReservations"))
            .reservationDuration("PT3H")
            .actions(
                new CompositionServiceActions()
                    .hashCompositionServiceCompose(
                        new ActionTarget()
                            .target(
                                "/redfish/v1/CompositionService/Actions/CompositionService.Compose")
                            .atRedfishActionInfo(
                                "/redfish/v1/CompositionService/ComposeActionInfo")));

    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "@odata.id": "/redfish/v1/CompositionService",
                  "@odata.type": "#CompositionService.v1_2_3.CompositionService",
                  "@odata.etag": "W/\\"77aa\\"",
                  "Id": "CompositionService",
                  "Name": "Composition Service",
                  "ServiceEnabled": true,
                  "Status": {"State": "Enabled", "Health": "OK"},
                  "AllowOverprovisioning": false,
                  "AllowZoneAffinity": true,
                  "ResourceBlocks": {"@odata.id": "/redfish/v1/CompositionService/ResourceBlocks"},
                  "ResourceZones": {"@odata.id": "/redfish/v1/CompositionService/ResourceZones"},
                  "ActivePool": {"@odata.id": "/redfish/v1/CompositionService/ActivePool"},
                  "FreePool": {"@odata.id": "/redfish/v1/CompositionService/FreePool"},
                  "CompositionReservations": {"@odata.id": "/redfish/v1/CompositionService/CompositionReservations"},
                  "ReservationDuration": "PT3H",
                  "Actions": {
                    "#CompositionService.Compose": {
                      "target": "/redfish/v1/CompositionService/Actions/CompositionService.Compose",
                      "@Redfish.ActionInfo": "/redfish/v1/CompositionService/ComposeActionInfo"
                    }
                  }
                }
                """,
            service);

    assertAbsent(actual, "@odata.context", "Description", "Oem");
    assertAbsent(actual.get("Actions"), "Oem");
    assertAbsent(actual.get("Actions").get("#CompositionService.Compose"), "title");
    assertEquals(
        service, MAPPER.readValue(MAPPER.writeValueAsString(service), CompositionService.class));
  }

  @Test
  void minimalCompositionServiceHasOnlyTheSetProperties() throws Exception {
    JsonNode actual =
        assertSerializesTo(
            """
                {"Id": "CompositionService", "Name": "Composition Service", "ServiceEnabled": false}
                """,
            new CompositionService()
                .id("CompositionService")
                .name("Composition Service")
                .serviceEnabled(false));
    assertAbsent(
        actual,
        "Actions",
        "ActivePool",
        "FreePool",
        "ReservationDuration",
        "AllowOverprovisioning",
        "Status");
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
