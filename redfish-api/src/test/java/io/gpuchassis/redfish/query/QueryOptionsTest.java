package io.gpuchassis.redfish.query;

import static io.gpuchassis.redfish.query.RedfishAssertions.assertRedfishError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.redfish.error.RedfishException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Parsing and validation of every query parameter, with the status and Base message of each error.
 */
class QueryOptionsTest {

  private static QueryOptions parse(String rawQuery) {
    return QueryOptions.fromQueryString(rawQuery);
  }

  @Nested
  class Absent {
    @Test
    void no_query_string_is_no_options() {
      assertTrue(parse(null).isEmpty());
      assertTrue(parse("").isEmpty());
      assertEquals(QueryOptions.NONE, QueryOptions.parse(Map.of()));
    }

    @Test
    void unknown_parameters_without_dollar_are_ignored() {
      QueryOptions options = parse("foo=bar&_=1712345&excerpt&Only");
      assertTrue(options.isEmpty());
    }

    @Test
    void excerpt_is_not_implemented_so_it_is_ignored_even_with_a_value() {
      assertTrue(parse("excerpt=foo").isEmpty());
    }

    @Test
    void empty_pieces_and_nameless_values_are_skipped() {
      assertTrue(parse("&&=x&").isEmpty());
    }
  }

  @Nested
  class Only {
    @Test
    void only_without_a_value() {
      assertTrue(parse("only").only());
      assertTrue(parse("only=").only());
    }

    @Test
    void only_with_a_value_is_a_format_error() {
      assertRedfishError(
          400, "QueryParameterValueFormatError", () -> parse("only=foo"), "foo", "only");
    }

    @ParameterizedTest
    @ValueSource(
        strings = {
          "only&$top=1",
          "$skip=1&only",
          "only&$expand=.",
          "only&$select=Name",
          "only&$filter=Id eq 'a'"
        })
    void only_with_another_query_parameter_is_an_invalid_combination(String query) {
      assertRedfishError(400, "QueryCombinationInvalid", () -> parse(query));
    }

    @Test
    void only_with_parameters_that_are_ignored_is_fine() {
      assertTrue(parse("only&foo=1&excerpt").only());
    }
  }

  @Nested
  class TopAndSkip {
    @Test
    void integers_are_read() {
      QueryOptions options = parse("$top=30&$skip=5");
      assertEquals(OptionalInt.of(30), options.top());
      assertEquals(OptionalInt.of(5), options.skip());
    }

    @Test
    void skip_zero_is_allowed_and_leading_zeros_are_read() {
      assertEquals(OptionalInt.of(0), parse("$skip=0").skip());
      assertEquals(OptionalInt.of(7), parse("$top=007").top());
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "", "1.5", "1e3", " 3", "0x10", "+4"})
    void a_top_that_is_not_an_integer_is_a_type_error(String value) {
      RedfishException e =
          assertRedfishError(
              400,
              "QueryParameterValueTypeError",
              () -> QueryOptions.parse(Map.of("$top", List.of(value))));
      assertEquals(List.of(value, "$top"), e.messages().get(0).args());
    }

    @Test
    void a_skip_that_is_not_an_integer_is_a_type_error() {
      assertRedfishError(
          400, "QueryParameterValueTypeError", () -> parse("$skip=ten"), "ten", "$skip");
    }

    @Test
    void top_below_one_is_out_of_range() {
      assertRedfishError(
          400, "QueryParameterOutOfRange", () -> parse("$top=0"), "0", "$top", "1-2147483647");
      assertRedfishError(
          400, "QueryParameterOutOfRange", () -> parse("$top=-3"), "-3", "$top", "1-2147483647");
    }

    @Test
    void negative_skip_is_out_of_range() {
      assertRedfishError(
          400, "QueryParameterOutOfRange", () -> parse("$skip=-1"), "-1", "$skip", "0-2147483647");
    }

    @Test
    void numbers_beyond_an_int_are_out_of_range() {
      assertRedfishError(
          400,
          "QueryParameterOutOfRange",
          () -> parse("$skip=99999999999999999999"),
          "99999999999999999999",
          "$skip",
          "0-2147483647");
    }
  }

  @Nested
  class Expand {
    @Test
    void the_three_forms_default_to_one_level() {
      assertEquals(new ExpandOption(ExpandScope.ALL, 1), parse("$expand=*").expand().orElseThrow());
      assertEquals(
          new ExpandOption(ExpandScope.SUBORDINATE, 1), parse("$expand=.").expand().orElseThrow());
      assertEquals(
          new ExpandOption(ExpandScope.LINKS, 1), parse("$expand=~").expand().orElseThrow());
    }

    @Test
    void levels_are_read() {
      assertEquals(
          new ExpandOption(ExpandScope.SUBORDINATE, 3),
          parse("$expand=.($levels=3)").expand().orElseThrow());
      assertEquals(
          new ExpandOption(ExpandScope.ALL, 6),
          parse("$expand=*%28%24levels%3D6%29").expand().orElseThrow());
    }

    @ParameterizedTest
    @ValueSource(
        strings = {
          "",
          "all",
          "**",
          ".(levels=2)",
          ".($levels=)",
          ".($levels=2",
          ".($levels=x)",
          "($levels=2)",
          ".($levels=2)x",
          "Links",
          "*($levels=-1)",
          ". ($levels=2)"
        })
    void other_forms_are_format_errors(String value) {
      assertRedfishError(
          400,
          "QueryParameterValueFormatError",
          () -> QueryOptions.parse(Map.of("$expand", List.of(value))),
          value,
          "$expand");
    }

    @Test
    void levels_above_the_maximum_are_out_of_range() {
      assertRedfishError(
          400,
          "QueryParameterOutOfRange",
          () -> parse("$expand=*($levels=7)"),
          "*($levels=7)",
          "$expand",
          "1-6");
    }

    @Test
    void levels_of_zero_and_huge_levels_are_out_of_range() {
      assertRedfishError(400, "QueryParameterOutOfRange", () -> parse("$expand=.($levels=0)"));
      assertRedfishError(
          400, "QueryParameterOutOfRange", () -> parse("$expand=.($levels=99999999999)"));
    }

    @Test
    void the_maximum_follows_the_configuration() {
      QueryConfig two = QueryConfig.DEFAULTS.withMaxExpandLevels(2);
      assertEquals(
          2,
          QueryOptions.fromQueryString("$expand=~($levels=2)", two)
              .expand()
              .orElseThrow()
              .levels());
      assertRedfishError(
          400,
          "QueryParameterOutOfRange",
          () -> QueryOptions.fromQueryString("$expand=~($levels=3)", two),
          "~($levels=3)",
          "$expand",
          "1-2");
    }
  }

  @Nested
  class Select {
    @Test
    void properties_and_paths_are_read_in_order_without_repeats() {
      SelectOption select = parse("$select=Name,Status/Health,Name, Id").select().orElseThrow();
      assertEquals(
          List.of("Name", "Status/Health", "Id"),
          select.paths().stream().map(Object::toString).toList());
    }

    @Test
    void annotations_can_be_selected() {
      SelectOption select = parse("$select=@odata.id,Members@odata.count").select().orElseThrow();
      assertEquals(2, select.paths().size());
    }

    @ParameterizedTest
    @ValueSource(
        strings = {
          "",
          ",",
          "Name,",
          "Status/",
          "/Name",
          "Status//Health",
          "Na me",
          "*",
          "1Name",
          "Name;Id",
          "a-b"
        })
    void malformed_selections_are_format_errors(String value) {
      assertRedfishError(
          400,
          "QueryParameterValueFormatError",
          () -> QueryOptions.parse(Map.of("$select", List.of(value))),
          value,
          "$select");
    }
  }

  @Nested
  class Filter {
    @Test
    void a_filter_is_parsed_and_its_text_kept() {
      QueryOptions options = parse("$filter=Status/Health%20eq%20'OK'");
      assertEquals("(Status/Health eq 'OK')", options.filter().orElseThrow().toString());
      assertEquals("Status/Health eq 'OK'", options.filterText().orElseThrow());
    }

    @Test
    void plus_reads_as_a_space_as_in_vertx() {
      assertEquals("(Id ne 'x')", parse("$filter=Id+ne+'x'").filter().orElseThrow().toString());
    }

    @Test
    void a_malformed_filter_is_a_format_error_naming_filter_with_the_reason_as_detail() {
      RedfishException e =
          assertRedfishError(
              400,
              "QueryParameterValueFormatError",
              () -> parse("$filter=Id eq"),
              "Id eq",
              "$filter");
      assertTrue(e.detail().orElseThrow().contains("at character"), e.detail().orElseThrow());
    }
  }

  @Nested
  class Unsupported {
    @Test
    void an_unknown_dollar_parameter_is_501_naming_it() {
      assertRedfishError(
          501, "QueryParameterUnsupported", () -> parse("$orderby=Name"), "$orderby");
    }

    @Test
    void each_unknown_dollar_parameter_gets_a_message_in_name_order() {
      RedfishException e =
          assertRedfishError(
              501, "QueryParameterUnsupported", () -> parse("$search=x&$count=true"));
      assertEquals(2, e.messages().size());
      assertEquals(List.of("$count"), e.messages().get(0).args());
      assertEquals(List.of("$search"), e.messages().get(1).args());
    }

    @Test
    void names_are_case_sensitive_so_a_capitalised_option_is_unknown() {
      assertRedfishError(501, "QueryParameterUnsupported", () -> parse("$TOP=1"), "$TOP");
    }

    @Test
    void an_unknown_dollar_parameter_wins_over_a_bad_value() {
      assertRedfishError(501, "QueryParameterUnsupported", () -> parse("$top=x&$format=json"));
    }

    @Test
    void the_rpv_probe_is_501() {
      // The DMTF Redfish Protocol Validator sends exactly this.
      assertRedfishError(
          501, "QueryParameterUnsupported", () -> parse("$rpvunknown"), "$rpvunknown");
    }
  }

  @Nested
  class Repeats {
    @Test
    void a_parameter_given_twice_is_an_invalid_combination() {
      RedfishException e =
          assertRedfishError(400, "QueryCombinationInvalid", () -> parse("$top=1&$top=2"));
      assertEquals("$top is given more than once.", e.detail().orElseThrow());
    }

    @Test
    void repeats_of_ignored_parameters_do_not_matter() {
      assertTrue(parse("a=1&a=2").isEmpty());
    }
  }

  @Nested
  class Encoding {
    @Test
    void a_broken_escape_in_a_read_parameter_is_a_format_error() {
      assertRedfishError(
          400,
          "QueryParameterValueFormatError",
          () -> parse("$filter=Id eq '%ZZ'"),
          "Id eq '%ZZ'",
          "$filter");
    }

    @Test
    void invalid_utf8_in_a_read_parameter_is_a_format_error() {
      assertRedfishError(400, "QueryParameterValueFormatError", () -> parse("$select=%C3%28"));
    }

    @Test
    void a_broken_escape_in_an_ignored_parameter_does_not_matter() {
      assertTrue(parse("x=%G1&y=%").isEmpty());
    }

    @Test
    void a_map_and_the_raw_string_give_the_same_options() {
      Map<String, List<String>> map = new LinkedHashMap<>();
      map.put("$filter", List.of("Index gt 2 and Even eq true"));
      map.put("$top", List.of("2"));
      map.put("$expand", List.of(".($levels=2)"));
      map.put("$select", List.of("Id,Status/Health"));
      QueryOptions fromMap = QueryOptions.parse(map);
      assertEquals(fromMap, parse(fromMap.toQueryString()));
    }
  }

  @Test
  void options_know_which_parameters_only_collections_take() {
    assertEquals("only", parse("only").collectionOnlyParameter().orElseThrow());
    assertEquals("$top", parse("$top=1&$expand=.").collectionOnlyParameter().orElseThrow());
    assertFalse(parse("$expand=.&$select=Id").collectionOnlyParameter().isPresent());
  }

  @Test
  void the_query_string_is_canonical_and_leaves_only_out() {
    assertEquals(
        "$filter=Id%20eq%20'a%26b'&$skip=3&$top=2&$expand=.($levels=2)&$select=Id,Name",
        parse("$select=Id,Name&$expand=.($levels=2)&$top=2&$skip=3&$filter=Id eq 'a%26b'")
            .toQueryString());
    assertEquals("", parse("only").toQueryString());
  }
}
