package io.gpuchassis.redfish.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FilterTokenizerTest {

  private static List<String> kindsAndTexts(String filter) {
    return FilterTokenizer.tokenize(filter).stream().map(t -> t.kind() + ":" + t.text()).toList();
  }

  @Test
  void words_numbers_strings_and_parentheses() {
    assertEquals(
        List.of(
            "OPEN:(",
            "WORD:Status/Health",
            "WORD:eq",
            "STRING:OK",
            "CLOSE:)",
            "WORD:and",
            "WORD:Count",
            "WORD:ge",
            "NUMBER:-2.5e3",
            "END:"),
        kindsAndTexts("(Status/Health eq 'OK') and Count ge -2.5e3"));
  }

  @Test
  void parentheses_need_no_spaces_around_them() {
    assertEquals(
        List.of("WORD:not", "OPEN:(", "WORD:A", "WORD:eq", "NUMBER:1", "CLOSE:)", "END:"),
        kindsAndTexts("not(A eq 1)"));
  }

  @Test
  void two_quotes_in_a_string_are_one_quote() {
    assertEquals(List.of("STRING:O'Brien's", "END:"), kindsAndTexts("'O''Brien''s'"));
    assertEquals(List.of("STRING:", "END:"), kindsAndTexts("''"));
    assertEquals(List.of("STRING:'", "END:"), kindsAndTexts("''''"));
  }

  @Test
  void strings_keep_spaces_and_special_characters() {
    assertEquals(List.of("STRING: a (b) eq 'c' ", "END:"), kindsAndTexts("' a (b) eq ''c'' '"));
  }

  @Test
  void annotation_names_are_words() {
    assertEquals(
        List.of("WORD:@odata.id", "WORD:Members@odata.count", "END:"),
        kindsAndTexts("@odata.id Members@odata.count"));
  }

  @Test
  void positions_point_at_the_token() {
    List<FilterToken> tokens = FilterTokenizer.tokenize("  Id  eq 'x'");
    assertEquals(2, tokens.get(0).position());
    assertEquals(6, tokens.get(1).position());
    assertEquals(9, tokens.get(2).position());
    assertEquals(12, tokens.get(3).position());
  }

  @Test
  void an_unterminated_string_is_an_error_at_its_start() {
    FilterSyntaxException e =
        assertThrows(FilterSyntaxException.class, () -> FilterTokenizer.tokenize("Id eq 'abc"));
    assertTrue(e.getMessage().contains("character 7"), e.getMessage());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "Id eq 3abc",
        "Id eq'x'",
        "Id = 'x'",
        "Id eq \"x\"",
        "Id eq 1.",
        "Id eq .5",
        "A&B",
        "Id eq -"
      })
  void characters_outside_the_grammar_are_errors(String filter) {
    assertThrows(FilterSyntaxException.class, () -> FilterTokenizer.tokenize(filter));
  }

  @Test
  void too_many_tokens_are_refused() {
    String many = "A eq 1 or ".repeat(300) + "A eq 1";
    assertThrows(FilterSyntaxException.class, () -> FilterTokenizer.tokenize(many));
  }
}
