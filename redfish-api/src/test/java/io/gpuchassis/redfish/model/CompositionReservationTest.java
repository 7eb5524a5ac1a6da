package io.gpuchassis.redfish.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gpuchassis.redfish.json.RedfishJson;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** CompositionReservation v1_0_2 and Manifest v1_1_2 serialize to Redfish property names. */
class CompositionReservationTest {

  private static final ObjectMapper MAPPER = RedfishJson.mapper();

  @Test
  void reservationWithManifest() throws Exception {
    OffsetDateTime at = OffsetDateTime.of(2025, 8, 22, 10, 35, 16, 0, ZoneOffset.ofHours(6));
    CompositionReservation reservation =
        new CompositionReservation()
            .atOdataId("/redfish/v1/CompositionService/CompositionReservations/1")
            .atOdataType("#CompositionReservation.v1_0_2.CompositionReservation")
            .id("1")
            .name("Composition Reservation 1")
            .reservationTime(at)
            .client("host2")
            .addReservedResourceBlocksItem(
                ref("/redfish/v1/CompositionService/ResourceBlocks/GPU7"))
            .manifest(
                new Manifest()
                    .description("Attach the GPU in slot 7 to host 2")
                    .timestamp(at)
                    .expand(ManifestExpand.NONE)
                    .addStanzasItem(
                        new Stanza()
                            .stanzaType(StanzaType.COMPOSE_SYSTEM)
                            .stanzaId("Host2")
                            .putRequestItem(
                                "Links",
                                Map.of(
                                    "ResourceBlocks",
                                    List.of(
                                        Map.of(
                                            "@odata.id",
                                            "/redfish/v1/CompositionService/ResourceBlocks/Host2"),
                                        Map.of(
                                            "@odata.id",
                                            "/redfish/v1/CompositionService/ResourceBlocks/GPU7"))))));

    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "@odata.id": "/redfish/v1/CompositionService/CompositionReservations/1",
                  "@odata.type": "#CompositionReservation.v1_0_2.CompositionReservation",
                  "Id": "1",
                  "Name": "Composition Reservation 1",
                  "ReservationTime": "2025-08-22T10:35:16+06:00",
                  "Client": "host2",
                  "ReservedResourceBlocks": [{"@odata.id": "/redfish/v1/CompositionService/ResourceBlocks/GPU7"}],
                  "Manifest": {
                    "Description": "Attach the GPU in slot 7 to host 2",
                    "Timestamp": "2025-08-22T10:35:16+06:00",
                    "Expand": "None",
                    "Stanzas": [
                      {
                        "StanzaType": "ComposeSystem",
                        "StanzaId": "Host2",
                        "Request": {
                          "Links": {
                            "ResourceBlocks": [
                              {"@odata.id": "/redfish/v1/CompositionService/ResourceBlocks/Host2"},
                              {"@odata.id": "/redfish/v1/CompositionService/ResourceBlocks/GPU7"}
                            ]
                          }
                        }
                      }
                    ]
                  }
                }
                """,
            reservation);

    assertAbsent(actual, "@odata.etag", "Description", "Oem");
    assertAbsent(actual.get("Manifest").get("Stanzas").get(0), "Response", "OEMStanzaType");
    CompositionReservation read =
        MAPPER.readValue(MAPPER.writeValueAsString(reservation), CompositionReservation.class);
    assertEquals(ZoneOffset.ofHours(6), read.getReservationTime().getOffset());
    assertEquals(reservation, read);
  }

  @Test
  void manifestEnumStringsAndResponse() throws Exception {
    assertSerializesTo(
        """
                {
                  "Expand": "Relevant",
                  "Stanzas": [
                    {"StanzaType": "DecomposeSystem", "StanzaId": "1",
                     "Response": {"@odata.id": "/redfish/v1/Systems/Host2"}},
                    {"StanzaType": "OEM", "OEMStanzaType": "Contoso.Rebind"},
                    {"StanzaType": "ComposeResource"},
                    {"StanzaType": "DecomposeResource"},
                    {"StanzaType": "RegisterResourceBlock"}
                  ]
                }
                """,
        new Manifest()
            .expand(ManifestExpand.RELEVANT)
            .stanzas(
                List.of(
                    new Stanza()
                        .stanzaType(StanzaType.DECOMPOSE_SYSTEM)
                        .stanzaId("1")
                        .putResponseItem("@odata.id", "/redfish/v1/Systems/Host2"),
                    new Stanza().stanzaType(StanzaType.OEM).oeMStanzaType("Contoso.Rebind"),
                    new Stanza().stanzaType(StanzaType.COMPOSE_RESOURCE),
                    new Stanza().stanzaType(StanzaType.DECOMPOSE_RESOURCE),
                    new Stanza().stanzaType(StanzaType.REGISTER_RESOURCE_BLOCK))));
    assertEquals("All", ManifestExpand.ALL.getValue());
  }

  @Test
  void readsAComposeManifestStrictly() throws Exception {
    Manifest manifest =
        MAPPER.readValue(
            """
                {"Description": "d", "Timestamp": "2019-08-22T10:35:16+06:00", "Expand": "None",
                 "Stanzas": [{"StanzaType": "ComposeSystem", "StanzaId": "Compute1",
                              "Request": {"Name": "Composed", "Links": {"ResourceBlocks": []}}}]}
                """,
            Manifest.class);
    assertEquals(StanzaType.COMPOSE_SYSTEM, manifest.getStanzas().get(0).getStanzaType());
    assertEquals("Composed", manifest.getStanzas().get(0).getRequest().get("Name"));
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
