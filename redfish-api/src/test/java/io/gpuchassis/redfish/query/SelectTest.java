package io.gpuchassis.redfish.query;

import static io.gpuchassis.redfish.query.RedfishAssertions.assertRedfishError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.redfish.error.RedfishException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** $select: selected properties, nested paths, what always stays, collections (DSP0266 §7.3.2). */
class SelectTest {

  private final FakeService service = FakeService.standard();
  private final QueryEngine engine = new QueryEngine();

  private ObjectNode get(String odataId, String query) {
    return engine.apply(service.get(odataId), engine.parse(query), service);
  }

  @Test
  void keeps_the_selected_properties_and_the_odata_identity() {
    ObjectNode out = get("/redfish/v1/Chassis/Enclosure", "$select=Name,PowerState");
    assertEquals(
        Json.obj(
            """
            {'@odata.id': '/redfish/v1/Chassis/Enclosure', '@odata.type': '#Chassis.v1_28_0.Chassis',
             '@odata.etag': '"abc"', 'Name': 'GPU enclosure', 'PowerState': 'On'}
            """),
        out);
  }

  @Test
  void keeps_the_order_of_the_resource_not_of_the_selection() {
    ObjectNode out = get("/redfish/v1/Chassis/Enclosure", "$select=PowerState,Id");
    assertEquals(
        List.of("@odata.id", "@odata.type", "@odata.etag", "Id", "PowerState"), names(out));
  }

  @Test
  void a_nested_path_keeps_only_that_part_of_the_object() {
    ObjectNode out = get("/redfish/v1/Chassis/Tray1", "$select=Status/Health");
    assertEquals(Json.obj("{'Health': 'Warning'}"), out.get("Status"));
  }

  @Test
  void a_whole_object_and_a_path_into_it_keep_the_whole_object() {
    ObjectNode out = get("/redfish/v1/Chassis/Tray1", "$select=Status/Health,Status");
    assertEquals(Json.obj("{'State': 'Enabled', 'Health': 'Warning'}"), out.get("Status"));
  }

  @Test
  void a_path_through_an_array_applies_to_each_element() {
    ObjectNode out = get("/redfish/v1/Chassis/Enclosure/PCIeSlots", "$select=Slots/Lanes");
    assertEquals(Json.node("[{'Lanes': 16}]"), out.get("Slots"));
  }

  @Test
  void a_selected_property_keeps_its_annotations() {
    ObjectNode resource =
        Json.obj(
            "{'@odata.id': '/x', 'ResetType': 'On', 'ResetType@Redfish.AllowableValues': ['On', 'ForceOff'],"
                + " 'Other@Redfish.AllowableValues': ['x'], 'Other': 'y'}");
    ObjectNode out = engine.apply(resource, engine.parse("$select=ResetType"), service);
    assertEquals(
        List.of("@odata.id", "ResetType", "ResetType@Redfish.AllowableValues"), names(out));
  }

  @Test
  void odata_context_stays_too() {
    ObjectNode resource =
        Json.obj("{'@odata.context': '/redfish/v1/$metadata#X.X', 'A': 1, 'B': 2}");
    ObjectNode out = engine.apply(resource, engine.parse("$select=B"), service);
    assertEquals(Json.obj("{'@odata.context': '/redfish/v1/$metadata#X.X', 'B': 2}"), out);
  }

  @Test
  void a_collection_keeps_members_count_and_next_link() {
    ObjectNode out = get("/redfish/v1/Chassis", "$select=Name");
    assertEquals(
        List.of("@odata.id", "@odata.type", "Name", "Members", "Members@odata.count"), names(out));
    assertEquals("/redfish/v1/Chassis/Enclosure", out.at("/Members/0/@odata.id").textValue());
  }

  @Test
  void on_a_collection_the_selection_applies_to_expanded_members_as_in_the_specification_example() {
    ObjectNode out = get("/redfish/v1/Chassis", "$select=PowerState&$expand=.");
    assertEquals(
        Json.node(
            """
            [{'@odata.id': '/redfish/v1/Chassis/Enclosure', '@odata.type': '#Chassis.v1_28_0.Chassis',
              '@odata.etag': '"abc"', 'PowerState': 'On'},
             {'@odata.id': '/redfish/v1/Chassis/Tray1', '@odata.type': '#Chassis.v1_28_0.Chassis', 'PowerState': 'Off'}]
            """),
        out.get("Members"));
  }

  @Test
  void members_slash_property_selects_that_property_of_each_member() {
    ObjectNode out = get("/redfish/v1/Chassis", "$select=Members/Id&$expand=.");
    assertEquals("Enclosure", out.at("/Members/0/Id").textValue());
    assertEquals(
        List.of("@odata.id", "@odata.type", "@odata.etag", "Id"),
        names((ObjectNode) out.at("/Members/0")));
  }

  @Test
  void selecting_members_keeps_them_whole() {
    ObjectNode out = get("/redfish/v1/Chassis", "$select=Members&$expand=.");
    assertEquals(service.get("/redfish/v1/Chassis/Tray1"), out.at("/Members/1"));
  }

  @Test
  void expanded_resources_keep_their_identity_inside_a_selection() {
    ObjectNode out = get("/redfish/v1/Chassis/Enclosure", "$select=PCIeSlots/Name&$expand=.");
    assertEquals(
        Json.obj(
            "{'@odata.id': '/redfish/v1/Chassis/Enclosure/PCIeSlots', '@odata.type': '#PCIeSlots.v1_6_1.PCIeSlots',"
                + " 'Name': 'PCIe slots'}"),
        out.get("PCIeSlots"));
  }

  @Test
  void an_unknown_property_is_a_400_naming_it() {
    RedfishException e =
        assertRedfishError(
            400,
            "QueryParameterValueFormatError",
            () -> get("/redfish/v1/Chassis/Enclosure", "$select=Name,Bogus"),
            "Bogus",
            "$select");
    assertEquals(
        "$select names properties this response does not have: Bogus.", e.detail().orElseThrow());
  }

  @Test
  void each_unknown_path_gets_its_own_message() {
    RedfishException e =
        assertRedfishError(
            400,
            "QueryParameterValueFormatError",
            () -> get("/redfish/v1/Chassis/Enclosure", "$select=Bogus,Status/Nope"));
    assertEquals(2, e.messages().size());
    assertEquals(List.of("Status/Nope", "$select"), e.messages().get(1).args());
  }

  @Test
  void a_path_below_a_plain_value_is_unknown() {
    assertRedfishError(
        400,
        "QueryParameterValueFormatError",
        () -> get("/redfish/v1/Chassis/Enclosure", "$select=Name/First"));
  }

  @Test
  void a_property_only_the_members_have_needs_them_expanded() {
    assertRedfishError(
        400,
        "QueryParameterValueFormatError",
        () -> get("/redfish/v1/Chassis", "$select=PowerState"));
  }

  @Test
  void a_property_some_member_has_is_known() {
    ObjectNode out = get("/redfish/v1/Chassis", "$select=PCIeSlots&$expand=.");
    assertTrue(out.at("/Members/0").has("PCIeSlots"));
    assertEquals(List.of("@odata.id", "@odata.type"), names((ObjectNode) out.at("/Members/1")));
  }

  @Test
  void an_empty_collection_accepts_any_property() {
    ObjectNode empty =
        Json.obj("{'@odata.id': '/redfish/v1/Empty', 'Members': [], 'Members@odata.count': 0}");
    ObjectNode out = engine.apply(empty, engine.parse("$select=Anything"), service);
    assertEquals(
        Json.obj("{'@odata.id': '/redfish/v1/Empty', 'Members': [], 'Members@odata.count': 0}"),
        out);
  }

  @Test
  void unknown_properties_can_be_let_through_by_configuration() {
    QueryEngine lenient = new QueryEngine(QueryConfig.DEFAULTS.withRejectUnknownSelect(false));
    ObjectNode out =
        lenient.apply(
            service.get("/redfish/v1/Chassis/Tray1"),
            lenient.parse("$select=Bogus,Status/Nope"),
            service);
    assertEquals(List.of("@odata.id", "@odata.type"), names(out));
  }

  @Test
  void selecting_the_always_kept_properties_is_fine() {
    ObjectNode out = get("/redfish/v1/Chassis/Tray1", "$select=@odata.id");
    assertEquals(List.of("@odata.id", "@odata.type"), names(out));
  }

  private static List<String> names(ObjectNode node) {
    List<String> names = new java.util.ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
