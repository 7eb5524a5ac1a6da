package io.gpuchassis.redfish.query;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What each operator means on member values, and that no value makes evaluation fail. */
class FilterEvaluatorTest {

  private static final ObjectNode SYSTEM =
      Json.obj(
          """
          {'@odata.id': '/redfish/v1/Systems/1', 'Id': '1', 'Name': 'It\\'s a system', 'SystemType': 'Physical',
           'Status': {'State': 'Enabled', 'Health': 'OK'}, 'ProcessorSummary': {'Count': 2},
           'MemorySummary': {'TotalSystemMemoryGiB': 64.0}, 'Enabled': true, 'Serial': null,
           'Tags': ['a', 'b'], 'Reading': 21.5, 'Big': 12345678901234567890}
          """);

  private static boolean matches(String filter) {
    return FilterEvaluator.matches(FilterParser.parse(filter), SYSTEM);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "Status/Health eq 'OK'",
        "Id ne 'x'",
        "ProcessorSummary/Count eq 2",
        "ProcessorSummary/Count eq 2.0",
        "ProcessorSummary/Count gt 1",
        "ProcessorSummary/Count ge 2",
        "ProcessorSummary/Count lt 3",
        "ProcessorSummary/Count le 2",
        "MemorySummary/TotalSystemMemoryGiB le 64",
        "Reading gt 21.49",
        "Reading lt 2.2e1",
        "Big gt 12345678901234567889",
        "Enabled eq true",
        "Enabled ne false",
        "Enabled",
        "Name eq 'It''s a system'",
        "SystemType gt 'Alpha'",
        "SystemType lt 'physical'",
        "'OK' eq Status/Health",
        "Serial eq null",
        "Missing eq null",
        "Id ne null",
        "Status/Health ne null"
      })
  void true_comparisons_match(String filter) {
    assertTrue(matches(filter), filter);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "Status/Health eq 'Critical'",
        "Id ne '1'",
        "ProcessorSummary/Count eq 3",
        "ProcessorSummary/Count gt 2",
        "ProcessorSummary/Count ge 3",
        "ProcessorSummary/Count lt 2",
        "ProcessorSummary/Count le 1",
        "Enabled eq false",
        "Status/Health eq 'ok'",
        "Serial ne null",
        "Id eq null"
      })
  void false_comparisons_do_not_match(String filter) {
    assertFalse(matches(filter), filter);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "Id eq 1",
        "Id ne 1",
        "ProcessorSummary/Count eq '2'",
        "ProcessorSummary/Count ne '2'",
        "Enabled eq 'true'",
        "Enabled gt false",
        "Status eq 'OK'",
        "Status ne 'OK'",
        "Tags eq 'a'",
        "Tags ne 'a'",
        "Status/Health gt 5",
        "Missing eq 'x'",
        "Missing ne 'x'",
        "Serial ne 'x'",
        "Status/Health/Deeper eq 'x'",
        "Tags/Name eq 'a'",
        "Serial lt null",
        "Status/Health"
      })
  void comparisons_of_different_types_or_with_absent_values_do_not_match(String filter) {
    assertFalse(matches(filter), filter);
  }

  @Test
  void not_negates_a_comparison_even_an_ill_typed_one() {
    assertTrue(matches("not (Id eq 'x')"));
    assertFalse(matches("not (Id eq '1')"));
    assertTrue(matches("not (Id eq 1)"));
    assertFalse(matches("not Enabled"));
  }

  @Test
  void not_of_something_that_is_not_a_boolean_does_not_match() {
    assertFalse(matches("not Id"));
    assertFalse(matches("not (not Id)"));
  }

  @Test
  void and_and_or_combine_with_boolean_logic() {
    assertTrue(matches("Id eq '1' and Enabled"));
    assertFalse(matches("Id eq '1' and not Enabled"));
    assertTrue(matches("Id eq 'x' or Enabled"));
    assertFalse(matches("Id eq 'x' or not Enabled"));
    assertTrue(matches("Id eq 'x' or Id eq 'y' or Id eq '1'"));
  }

  @Test
  void precedence_changes_the_outcome_where_it_should() {
    // false or (true and false) = false; (false or true) and false = false; (true or x) and true =
    // true
    assertFalse(matches("Id eq 'x' or Enabled and Id eq 'y'"));
    assertTrue(matches("Id eq '1' or Enabled and Id eq 'y'"));
    assertFalse(matches("(Id eq '1' or Enabled) and Id eq 'y'"));
  }

  @Test
  void false_and_or_true_or_decide_even_beside_an_undefined_side() {
    assertFalse(matches("Name and Id eq 'x'"));
    assertTrue(matches("Name or Id eq '1'"));
    assertFalse(matches("Name and Id eq '1'"));
    assertFalse(matches("Name or Id eq 'x'"));
  }

  @Test
  void comparisons_compare_to_booleans() {
    assertTrue(matches("(ProcessorSummary/Count gt 1) eq true"));
    assertTrue(matches("ProcessorSummary/Count gt 1 eq Enabled"));
  }

  @Test
  void non_finite_numbers_compare_with_nothing() {
    ObjectNode odd = Json.obj("{'Reading': 0}");
    odd.put("Reading", Double.NaN);
    assertFalse(FilterEvaluator.matches(FilterParser.parse("Reading eq 0"), odd));
    assertFalse(FilterEvaluator.matches(FilterParser.parse("Reading ne 0"), odd));
    odd.put("Reading", Double.POSITIVE_INFINITY);
    assertFalse(FilterEvaluator.matches(FilterParser.parse("Reading gt 0"), odd));
  }

  @Test
  void constants_evaluate_without_a_member() {
    assertTrue(FilterEvaluator.matches(FilterParser.parse("1 eq 1"), Json.obj("{}")));
    assertTrue(FilterEvaluator.matches(FilterParser.parse("true"), Json.obj("{}")));
    assertFalse(FilterEvaluator.matches(FilterParser.parse("'x'"), Json.obj("{}")));
  }
}
