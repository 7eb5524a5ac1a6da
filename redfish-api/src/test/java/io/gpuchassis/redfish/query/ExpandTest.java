package io.gpuchassis.redfish.query;

import static io.gpuchassis.redfish.query.RedfishAssertions.assertRedfishError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

/** $expand with *, . and ~, with levels, over the fake service tree (DSP0266 §7.3.1). */
class ExpandTest {

  private final FakeService service = FakeService.standard();
  private final QueryEngine engine = new QueryEngine();

  private ObjectNode get(String odataId, String query) {
    return engine.apply(service.get(odataId), engine.parse(query), service);
  }

  private static boolean isReference(JsonNode node) {
    return node.size() == 1 && node.has("@odata.id");
  }

  @Test
  void period_expands_collection_members() {
    ObjectNode chassis = get("/redfish/v1/Chassis", "$expand=.");
    assertEquals("GPU enclosure", chassis.at("/Members/0/Name").textValue());
    assertEquals("GPU tray 1", chassis.at("/Members/1/Name").textValue());
    assertEquals(2, chassis.get("Members@odata.count").intValue());
  }

  @Test
  void period_expands_subordinate_hyperlinks_but_not_those_in_links() {
    ObjectNode enclosure = get("/redfish/v1/Chassis/Enclosure", "$expand=.");
    assertEquals("PCIe slots", enclosure.at("/PCIeSlots/Name").textValue());
    assertTrue(isReference(enclosure.at("/Links/ManagedBy/0")));
    assertTrue(isReference(enclosure.at("/Links/Contains/0")));
  }

  @Test
  void tilde_expands_only_hyperlinks_in_links() {
    ObjectNode enclosure = get("/redfish/v1/Chassis/Enclosure", "$expand=~");
    assertEquals("Chassis manager", enclosure.at("/Links/ManagedBy/0/Name").textValue());
    assertEquals("GPU tray 1", enclosure.at("/Links/Contains/0/Name").textValue());
    assertTrue(isReference(enclosure.get("PCIeSlots")));
  }

  @Test
  void tilde_does_not_expand_collection_members() {
    ObjectNode chassis = get("/redfish/v1/Chassis", "$expand=~");
    assertTrue(isReference(chassis.at("/Members/0")));
  }

  @Test
  void asterisk_expands_both() {
    ObjectNode enclosure = get("/redfish/v1/Chassis/Enclosure", "$expand=*");
    assertEquals("PCIe slots", enclosure.at("/PCIeSlots/Name").textValue());
    assertEquals("Chassis manager", enclosure.at("/Links/ManagedBy/0/Name").textValue());
  }

  @Test
  void links_inside_array_elements_count_as_links() {
    ObjectNode slots = get("/redfish/v1/Chassis/Enclosure/PCIeSlots", "$expand=~");
    assertEquals("GPU 1", slots.at("/Slots/0/Links/PCIeDevice/0/Name").textValue());
    ObjectNode notLinks = get("/redfish/v1/Chassis/Enclosure/PCIeSlots", "$expand=.");
    assertTrue(isReference(notLinks.at("/Slots/0/Links/PCIeDevice/0")));
  }

  @Test
  void one_level_expands_only_the_hyperlinks_of_the_requested_resource() {
    ObjectNode root = get("/redfish/v1", "$expand=.");
    assertEquals("Chassis Collection", root.at("/Chassis/Name").textValue());
    assertTrue(isReference(root.at("/Chassis/Members/0")));
  }

  @Test
  void more_levels_expand_the_expanded_resources_in_turn() {
    ObjectNode root = get("/redfish/v1", "$expand=.($levels=2)");
    assertEquals("GPU enclosure", root.at("/Chassis/Members/0/Name").textValue());
    assertTrue(isReference(root.at("/Chassis/Members/0/PCIeSlots")));

    ObjectNode deeper = get("/redfish/v1", "$expand=.($levels=3)");
    assertEquals("PCIe slots", deeper.at("/Chassis/Members/0/PCIeSlots/Name").textValue());
  }

  @Test
  void each_expanded_resource_judges_links_by_its_own_links_property() {
    // Level 1 expands the root's subordinate Chassis collection, level 2 its members; their Links
    // stay hyperlinks.
    ObjectNode root = get("/redfish/v1", "$expand=.($levels=3)");
    assertTrue(isReference(root.at("/Chassis/Members/0/Links/ManagedBy/0")));
    assertTrue(isReference(root.at("/Links/Sessions")));
  }

  @Test
  void a_hyperlink_back_up_the_expansion_stays_a_hyperlink() {
    ObjectNode enclosure = get("/redfish/v1/Chassis/Enclosure", "$expand=~($levels=3)");
    // Enclosure -> BMC -> ManagerForChassis: the enclosure itself is not expanded again, the tray
    // is.
    ObjectNode bmc = (ObjectNode) enclosure.at("/Links/ManagedBy/0");
    assertEquals("Chassis manager", bmc.get("Name").textValue());
    assertTrue(isReference(bmc.at("/Links/ManagerForChassis/0")));
    assertEquals("GPU tray 1", bmc.at("/Links/ManagerForChassis/1/Name").textValue());
    // ...and the tray links back to the enclosure and the BMC, both on the way down: hyperlinks.
    assertTrue(isReference(bmc.at("/Links/ManagerForChassis/1/Links/ContainedBy")));
    assertTrue(isReference(bmc.at("/Links/ManagerForChassis/1/Links/ManagedBy/0")));
  }

  @Test
  void a_hyperlink_that_resolves_to_nothing_stays_a_hyperlink() {
    ObjectNode root = get("/redfish/v1", "$expand=*");
    assertTrue(isReference(root.at("/Links/Sessions")));
    assertEquals(
        "/redfish/v1/SessionService/Sessions", root.at("/Links/Sessions/@odata.id").textValue());
  }

  @Test
  void annotations_are_not_expanded() {
    ObjectNode resource =
        Json.obj(
            "{'@odata.id': '/redfish/v1/X', '@Redfish.Settings': {'SettingsObject': {'@odata.id': '/redfish/v1/Managers/BMC'}}}");
    ObjectNode out = engine.apply(resource, engine.parse("$expand=*"), service);
    assertTrue(isReference(out.at("/@Redfish.Settings/SettingsObject")));
  }

  @Test
  void an_object_with_more_than_an_odata_id_is_not_a_hyperlink_but_is_searched() {
    ObjectNode resource =
        Json.obj(
            "{'@odata.id': '/redfish/v1/X', 'Temperatures': [{'@odata.id': '/redfish/v1/X#/Temperatures/0',"
                + " 'Name': 'Inlet', 'RelatedItem': [{'@odata.id': '/redfish/v1/Managers/BMC'}]}]}");
    ObjectNode out = engine.apply(resource, engine.parse("$expand=."), service);
    assertEquals("Inlet", out.at("/Temperatures/0/Name").textValue());
    assertEquals("Chassis manager", out.at("/Temperatures/0/RelatedItem/0/Name").textValue());
  }

  @Test
  void each_resource_is_rendered_once_per_request() {
    get("/redfish/v1/Managers/BMC", "$expand=~($levels=2)");
    assertEquals(
        service.resolved.stream().distinct().count(),
        service.resolved.size(),
        service.resolved.toString());
  }

  @Test
  void expansion_never_changes_what_the_resolver_holds() {
    get("/redfish/v1", "$expand=*($levels=6)");
    assertTrue(service.untouched());
  }

  @Test
  void too_many_inlined_resources_is_507() {
    QueryEngine small = new QueryEngine(QueryConfig.DEFAULTS.withMaxExpandedResources(2));
    assertRedfishError(
        507,
        "InsufficientStorage",
        () ->
            small.apply(service.get("/redfish/v1"), small.parse("$expand=*($levels=3)"), service));
    assertFalse(
        small.apply(service.get("/redfish/v1"), small.parse("$expand=."), service).isEmpty());
  }

  @Test
  void a_resolver_that_returns_null_is_treated_as_finding_nothing() {
    ObjectNode out =
        engine.apply(service.get("/redfish/v1/Chassis"), engine.parse("$expand=."), id -> null);
    assertTrue(isReference(out.at("/Members/0")));
  }
}
