package io.gpuchassis.redfish.query;

import static io.gpuchassis.redfish.query.RedfishAssertions.assertRedfishError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The engine as a whole: only, the order of the options, what resources take which options, purity.
 */
class QueryEngineTest {

  private final FakeService service = FakeService.standard();
  private final QueryEngine engine = new QueryEngine();

  private ObjectNode get(String odataId, String query) {
    return engine.apply(service.get(odataId), engine.parse(query), service);
  }

  @Test
  void only_on_a_collection_of_one_answers_with_the_member() {
    assertEquals(service.get("/redfish/v1/Managers/BMC"), get("/redfish/v1/Managers", "only"));
  }

  @Test
  void only_on_a_collection_of_several_answers_with_the_collection() {
    ObjectNode out = get("/redfish/v1/Chassis", "only");
    assertEquals("Chassis Collection", out.get("Name").textValue());
    assertEquals(2, out.get("Members@odata.count").intValue());
  }

  @Test
  void only_on_an_empty_collection_answers_with_the_collection() {
    ObjectNode empty = Json.obj("{'@odata.id': '/redfish/v1/Empty', 'Members': []}");
    ObjectNode out = engine.apply(empty, engine.parse("only"), service);
    assertEquals(
        Json.obj("{'@odata.id': '/redfish/v1/Empty', 'Members': [], 'Members@odata.count': 0}"),
        out);
  }

  @Test
  void only_whose_member_cannot_be_rendered_answers_with_the_collection() {
    ObjectNode out =
        engine.apply(
            service.get("/redfish/v1/Managers"), engine.parse("only"), ResourceResolver.none());
    assertEquals("Manager Collection", out.get("Name").textValue());
  }

  @Test
  void only_returns_a_copy_of_the_member() {
    ObjectNode out = get("/redfish/v1/Managers", "only");
    out.put("Name", "changed");
    assertTrue(service.untouched());
  }

  @ParameterizedTest
  @ValueSource(strings = {"only", "$top=1", "$skip=1", "$filter=Id eq 'x'"})
  void collection_options_on_a_single_resource_are_not_supported_there(String query) {
    assertRedfishError(
        400, "QueryNotSupportedOnResource", () -> get("/redfish/v1/Chassis/Enclosure", query));
  }

  @Test
  void expand_and_select_work_on_single_resources() {
    ObjectNode out = get("/redfish/v1/Chassis/Enclosure", "$expand=~&$select=Links/ManagedBy");
    assertEquals("Chassis manager", out.at("/Links/ManagedBy/0/Name").textValue());
  }

  @Test
  void paging_comes_before_expand_so_only_the_page_is_rendered() {
    ObjectNode out = get("/redfish/v1/Chassis", "$skip=1&$expand=.");
    assertEquals("GPU tray 1", out.at("/Members/0/Name").textValue());
    assertEquals(java.util.List.of("/redfish/v1/Chassis/Tray1"), service.resolved);
  }

  @Test
  void expand_comes_before_select_so_selected_properties_of_expanded_resources_exist() {
    ObjectNode out = get("/redfish/v1", "$expand=.&$select=Chassis/Name");
    assertEquals("Chassis Collection", out.at("/Chassis/Name").textValue());
  }

  @Test
  void everything_at_once() {
    ObjectNode out =
        get(
            "/redfish/v1/Chassis",
            "$filter=PowerState eq 'On' or PowerState eq 'Off'&$skip=0&$top=1&$expand=.&$select=Id");
    assertEquals(
        Json.obj(
            """
            {'@odata.id': '/redfish/v1/Chassis', '@odata.type': '#ChassisCollection.ChassisCollection',
             'Members': [{'@odata.id': '/redfish/v1/Chassis/Enclosure', '@odata.type': '#Chassis.v1_28_0.Chassis',
                          '@odata.etag': '"abc"', 'Id': 'Enclosure'}],
             'Members@odata.count': 2,
             'Members@odata.nextLink':
               '/redfish/v1/Chassis?$filter=PowerState%20eq%20\\'On\\'%20or%20PowerState%20eq%20\\'Off\\'&$skip=1&$top=1&$expand=.&$select=Id'}
            """),
        out);
  }

  @Test
  void a_resource_without_options_comes_back_equal_but_copied() {
    ObjectNode in = service.get("/redfish/v1/Chassis/Enclosure");
    ObjectNode out = engine.apply(in, QueryOptions.NONE, service);
    assertEquals(in, out);
    assertNotSame(in, out);
  }

  @Test
  void the_input_and_the_resolved_resources_are_never_changed() {
    get("/redfish/v1/Chassis", "$filter=Id ne 'x'&$top=1&$expand=*($levels=6)&$select=Name");
    get("/redfish/v1/Managers", "only");
    assertTrue(service.untouched());
  }

  @Test
  void the_engine_is_configured_once_and_reports_its_configuration() {
    QueryConfig config = QueryConfig.DEFAULTS.withPageSize(5);
    assertEquals(config, new QueryEngine(config).config());
    assertEquals(QueryConfig.DEFAULTS, new QueryEngine().config());
  }

  @Test
  void a_resolver_is_only_asked_when_needed() {
    ResourceResolver refusing =
        id -> {
          throw new AssertionError("no resolution expected for " + id);
        };
    engine.apply(service.get("/redfish/v1/Chassis"), engine.parse("$top=1&$select=Name"), refusing);
    assertEquals(Optional.empty(), ResourceResolver.none().resolve("/x"));
  }
}
