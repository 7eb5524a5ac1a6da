package io.gpuchassis.redfish.query;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** $filter on collection members, resolved through the resolver. */
class FilterQueryTest {

  private final FakeService service = FakeService.standard();
  private final QueryEngine engine = new QueryEngine();

  private List<String> memberIds(String odataId, String query, ResourceResolver resolver) {
    ObjectNode out = engine.apply(service.get(odataId), engine.parse(query), resolver);
    List<String> ids = new ArrayList<>();
    for (JsonNode m : out.get("Members")) {
      ids.add(m.get("@odata.id").textValue());
    }
    return ids;
  }

  @Test
  void members_are_judged_on_their_resources_and_stay_hyperlinks() {
    ObjectNode out =
        engine.apply(
            service.get("/redfish/v1/Chassis"),
            engine.parse("$filter=Status/Health eq 'OK'"),
            service);
    assertEquals(Json.node("[{'@odata.id': '/redfish/v1/Chassis/Enclosure'}]"), out.get("Members"));
    assertEquals(1, out.get("Members@odata.count").intValue());
  }

  @Test
  void filter_and_expand_render_each_member_once() {
    ObjectNode out =
        engine.apply(
            service.get("/redfish/v1/Chassis"),
            engine.parse("$filter=PowerState ne 'On'&$expand=."),
            service);
    assertEquals("GPU tray 1", out.at("/Members/0/Name").textValue());
    assertEquals(
        List.of("/redfish/v1/Chassis/Enclosure", "/redfish/v1/Chassis/Tray1"), service.resolved);
  }

  @Test
  void members_that_resolve_to_nothing_do_not_match() {
    ResourceResolver onlyTray = id -> id.endsWith("Tray1") ? service.resolve(id) : Optional.empty();
    assertEquals(
        List.of("/redfish/v1/Chassis/Tray1"),
        memberIds("/redfish/v1/Chassis", "$filter=Id ne 'x'", onlyTray));
  }

  @Test
  void members_already_expanded_in_the_collection_are_judged_as_they_are() {
    ObjectNode inline =
        Json.obj(
            "{'@odata.id': '/redfish/v1/Inline', 'Members': [{'@odata.id': '/a', 'Reading': 5}, {'@odata.id': '/b',"
                + " 'Reading': 50}]}");
    ObjectNode out =
        engine.apply(inline, engine.parse("$filter=Reading gt 10"), ResourceResolver.none());
    assertEquals(Json.node("[{'@odata.id': '/b', 'Reading': 50}]"), out.get("Members"));
  }

  @Test
  void a_filter_that_matches_nothing_gives_an_empty_page_with_count_zero() {
    ObjectNode out =
        engine.apply(
            service.get("/redfish/v1/Chassis"), engine.parse("$filter=Id eq 'none'"), service);
    assertEquals(0, out.get("Members").size());
    assertEquals(0, out.get("Members@odata.count").intValue());
  }

  @Test
  void the_query_parameter_map_form_works_as_vertx_hands_it_over() {
    ObjectNode out =
        engine.apply(
            service.get("/redfish/v1/Chassis"),
            engine.parse(
                Map.of("$filter", List.of("ChassisType eq 'Drawer' or Id eq 'Enclosure'"))),
            service);
    assertEquals(2, out.get("Members@odata.count").intValue());
  }
}
