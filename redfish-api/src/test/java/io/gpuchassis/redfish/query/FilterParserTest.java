package io.gpuchassis.redfish.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The $filter grammar and DSP0266 §7.3.3 precedence, shown by the fully parenthesized form of each
 * parse.
 */
class FilterParserTest {

  private static String grouped(String filter) {
    return FilterParser.parse(filter).toString();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "ProcessorSummary/Count eq 2|(ProcessorSummary/Count eq 2)",
        "SystemType ne 'Physical'|(SystemType ne 'Physical')",
        "Count gt 2|(Count gt 2)",
        "Count ge 2|(Count ge 2)",
        "Count lt 2|(Count lt 2)",
        "Count le 2|(Count le 2)",
        "Enabled eq true|(Enabled eq true)",
        "Enabled eq false|(Enabled eq false)",
        "SerialNumber eq null|(SerialNumber eq null)",
        "Reading lt -1.5|(Reading lt -1.5)",
      })
  void every_comparison_operator(String filter, String expected) {
    assertEquals(expected, grouped(filter));
  }

  @Test
  void and_binds_tighter_than_or() {
    assertEquals("((A eq 1) or ((B eq 2) and (C eq 3)))", grouped("A eq 1 or B eq 2 and C eq 3"));
    assertEquals("(((A eq 1) and (B eq 2)) or (C eq 3))", grouped("A eq 1 and B eq 2 or C eq 3"));
  }

  @Test
  void parentheses_group_first() {
    assertEquals("(((A eq 1) or (B eq 2)) and (C eq 3))", grouped("(A eq 1 or B eq 2) and C eq 3"));
    assertEquals(
        "(((Status/State eq 'Enabled') and (Status/Health eq 'OK')) or (SystemType eq 'Physical'))",
        grouped(
            "(Status/State eq 'Enabled' and Status/Health eq 'OK') or SystemType eq 'Physical'"));
  }

  @Test
  void not_binds_tightest_so_the_specification_writes_it_with_parentheses() {
    assertEquals(
        "(not (ProcessorSummary/Count eq 2))", grouped("not (ProcessorSummary/Count eq 2)"));
    assertEquals("((not Enabled) eq true)", grouped("not Enabled eq true"));
    assertEquals("((not A) and (not B))", grouped("not A and not B"));
    assertEquals("(not (not A))", grouped("not not A"));
  }

  @Test
  void relational_comparisons_bind_tighter_than_equality() {
    assertEquals("((A gt 1) eq true)", grouped("A gt 1 eq true"));
    assertEquals("(B eq (A lt 2))", grouped("B eq A lt 2"));
  }

  @Test
  void operators_of_one_level_associate_to_the_left() {
    assertEquals("(((A eq 1) or (B eq 2)) or (C eq 3))", grouped("A eq 1 or B eq 2 or C eq 3"));
    assertEquals("((A eq B) ne C)", grouped("A eq B ne C"));
  }

  @Test
  void redundant_parentheses_and_spaces_change_nothing() {
    assertEquals(grouped("A eq 1"), grouped("  ((( A  eq\t1 )))  "));
  }

  @Test
  void literals_may_stand_on_either_side_and_properties_on_both() {
    assertEquals("('OK' eq Status/Health)", grouped("'OK' eq Status/Health"));
    assertEquals(
        "(ReadingCelsius gt Thresholds/UpperCritical)",
        grouped("ReadingCelsius gt Thresholds/UpperCritical"));
  }

  @Test
  void a_boolean_property_alone_is_an_expression() {
    assertInstanceOf(FilterExpression.Property.class, FilterParser.parse("Enabled"));
    assertEquals("((not Enabled) or (Count gt 1))", grouped("not Enabled or Count gt 1"));
  }

  @Test
  void string_literals_keep_their_escapes_in_the_written_form() {
    FilterExpression e = FilterParser.parse("Name eq 'it''s'");
    FilterExpression.Comparison c = assertInstanceOf(FilterExpression.Comparison.class, e);
    assertEquals(FilterExpression.Literal.of("it's"), c.right());
    assertEquals("(Name eq 'it''s')", e.toString());
  }

  @Test
  void numbers_are_decimals() {
    FilterExpression.Comparison c = (FilterExpression.Comparison) FilterParser.parse("A eq 1e2");
    assertEquals(
        0,
        new BigDecimal("100")
            .compareTo(((FilterExpression.Literal) c.right()).value().decimalValue()));
  }

  @Test
  void the_tree_is_built_of_records() {
    assertEquals(
        new FilterExpression.Or(
            new FilterExpression.Comparison(
                new FilterExpression.Property(new PropertyPath(List.of("A"))),
                ComparisonOperator.EQ,
                FilterExpression.Literal.of(new BigDecimal("1"))),
            new FilterExpression.Not(
                new FilterExpression.Property(new PropertyPath(List.of("B", "C"))))),
        FilterParser.parse("A eq 1 or not B/C"));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "   ",
        "Id eq",
        "eq 'x'",
        "Id 'x'",
        "(Id eq 'x'",
        "Id eq 'x')",
        "()",
        "Id eq 'x' and",
        "and",
        "not",
        "Id eq eq 'x'",
        "Id eq 'x' 'y'",
        "Status//Health eq 'OK'",
        "Status/ eq 'OK'",
        "Id eq 'x' or or Id eq 'y'",
        "Id has 'x'",
        "Tags/0 eq 1",
        "Id eq 1e99999999999",
        "not()",
        "Id eq not"
      })
  void malformed_filters_are_syntax_errors(String filter) {
    assertThrows(FilterSyntaxException.class, () -> FilterParser.parse(filter));
  }

  @Test
  void errors_say_what_was_expected_and_where() {
    FilterSyntaxException e =
        assertThrows(FilterSyntaxException.class, () -> FilterParser.parse("(Id eq 'x' Name"));
    assertEquals("expected ')', found 'Name' (at character 12)", e.getMessage());
    e = assertThrows(FilterSyntaxException.class, () -> FilterParser.parse("Id eq"));
    assertEquals(
        "expected a property or a value, found the end of the filter (at character 6)",
        e.getMessage());
  }

  @Test
  void nesting_is_bounded_so_garbage_cannot_exhaust_the_stack() {
    String deep =
        "(".repeat(FilterParser.MAX_DEPTH + 1) + "A" + ")".repeat(FilterParser.MAX_DEPTH + 1);
    FilterSyntaxException e =
        assertThrows(FilterSyntaxException.class, () -> FilterParser.parse(deep));
    assertTrue(e.getMessage().contains("deeper"), e.getMessage());
    assertThrows(FilterSyntaxException.class, () -> FilterParser.parse("not ".repeat(40) + "A"));
    String allowed = "(".repeat(FilterParser.MAX_DEPTH) + "A" + ")".repeat(FilterParser.MAX_DEPTH);
    assertEquals("A", grouped(allowed));
  }
}
