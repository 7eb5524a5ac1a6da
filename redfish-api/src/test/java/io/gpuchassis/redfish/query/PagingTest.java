package io.gpuchassis.redfish.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** $skip, $top, the service's page size, the count and the next link (DSP0266 §7.2.1, §7.3). */
class PagingTest {

  private final FakeService service = FakeService.things(10);
  private final QueryEngine engine = new QueryEngine();

  private ObjectNode get(QueryEngine e, String query) {
    return e.apply(service.get("/redfish/v1/Things"), e.parse(query), service);
  }

  private ObjectNode get(String query) {
    return get(engine, query);
  }

  private static List<String> ids(ObjectNode collection) {
    List<String> ids = new ArrayList<>();
    for (JsonNode m : collection.get("Members")) {
      ids.add(m.get("@odata.id").textValue().replace("/redfish/v1/Things/", ""));
    }
    return ids;
  }

  @Test
  void without_options_a_small_collection_is_whole_with_its_count_and_no_next_link() {
    ObjectNode out = get("");
    assertEquals(10, out.get("Members").size());
    assertEquals(10, out.get("Members@odata.count").intValue());
    assertFalse(out.has("Members@odata.nextLink"));
  }

  @Test
  void auto_expanded_members_are_the_pages_resources_in_full() {
    ObjectNode out =
        engine.apply(
            service.get("/redfish/v1/Things"), engine.parse("$skip=3&$top=2"), service, true);
    assertEquals(List.of("Thing3", "Thing4"), ids(out));
    assertEquals(service.get("/redfish/v1/Things/Thing3"), out.get("Members").get(0));
    assertEquals(10, out.get("Members@odata.count").intValue());
    assertTrue(out.get("Members@odata.nextLink").textValue().contains("$skip=5"));
  }

  @Test
  void skip_then_top() {
    ObjectNode out = get("$skip=3&$top=2");
    assertEquals(List.of("Thing3", "Thing4"), ids(out));
    assertEquals(10, out.get("Members@odata.count").intValue());
  }

  @Test
  void the_next_link_carries_the_remaining_skip_and_the_other_options() {
    ObjectNode out = get("$top=4&$expand=.");
    assertEquals(
        "/redfish/v1/Things?$skip=4&$top=4&$expand=.",
        out.get("Members@odata.nextLink").textValue());
  }

  @Test
  void following_next_links_walks_the_whole_collection_once() {
    List<String> seen = new ArrayList<>();
    String query = "$top=3";
    for (int pages = 0; pages < 10; pages++) {
      ObjectNode page = get(query);
      seen.addAll(ids(page));
      if (!page.has("Members@odata.nextLink")) {
        break;
      }
      String link = page.get("Members@odata.nextLink").textValue();
      assertTrue(link.startsWith("/redfish/v1/Things?"), link);
      query = link.substring(link.indexOf('?') + 1);
    }
    List<String> all = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      all.add("Thing" + i);
    }
    assertEquals(all, seen);
  }

  @Test
  void the_last_page_has_no_next_link() {
    ObjectNode out = get("$skip=8&$top=2");
    assertEquals(List.of("Thing8", "Thing9"), ids(out));
    assertFalse(out.has("Members@odata.nextLink"));
  }

  @Test
  void skipping_past_the_end_gives_no_members_but_the_count() {
    ObjectNode out = get("$skip=50");
    assertEquals(0, out.get("Members").size());
    assertEquals(10, out.get("Members@odata.count").intValue());
    assertFalse(out.has("Members@odata.nextLink"));
  }

  @Test
  void a_top_beyond_the_members_returns_them_all() {
    assertEquals(10, get("$top=2147483647").get("Members").size());
  }

  @Test
  void a_collection_larger_than_a_page_is_paged_without_top() {
    QueryEngine pagesOfFour = new QueryEngine(QueryConfig.DEFAULTS.withPageSize(4));
    ObjectNode out = get(pagesOfFour, "");
    assertEquals(List.of("Thing0", "Thing1", "Thing2", "Thing3"), ids(out));
    assertEquals(10, out.get("Members@odata.count").intValue());
    assertEquals("/redfish/v1/Things?$skip=4", out.get("Members@odata.nextLink").textValue());
  }

  @Test
  void top_may_shrink_the_service_page_but_not_grow_it() {
    QueryEngine pagesOfFour = new QueryEngine(QueryConfig.DEFAULTS.withPageSize(4));
    assertEquals(2, get(pagesOfFour, "$top=2").get("Members").size());
    ObjectNode out = get(pagesOfFour, "$top=6");
    assertEquals(4, out.get("Members").size());
    assertEquals(
        "/redfish/v1/Things?$skip=4&$top=6", out.get("Members@odata.nextLink").textValue());
  }

  @Test
  void filter_comes_before_paging_and_the_count_is_of_the_filtered_members() {
    ObjectNode out = get("$filter=Even eq true&$skip=1&$top=2");
    assertEquals(List.of("Thing2", "Thing4"), ids(out));
    assertEquals(5, out.get("Members@odata.count").intValue());
    assertEquals(
        "/redfish/v1/Things?$filter=Even%20eq%20true&$skip=3&$top=2",
        out.get("Members@odata.nextLink").textValue());
  }

  @Test
  void a_stale_next_link_in_the_rendered_collection_is_replaced() {
    ObjectNode stale = service.get("/redfish/v1/Things").deepCopy();
    stale.put("Members@odata.nextLink", "/redfish/v1/Things?$skip=999");
    stale.put("Members@odata.count", 999);
    ObjectNode out = engine.apply(stale, QueryOptions.NONE, service);
    assertFalse(out.has("Members@odata.nextLink"));
    assertEquals(10, out.get("Members@odata.count").intValue());
  }
}
