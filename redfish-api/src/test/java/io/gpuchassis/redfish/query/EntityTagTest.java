package io.gpuchassis.redfish.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EntityTagTest {

  @Test
  void strong_and_weak_tags() {
    assertEquals(Optional.of(new EntityTag(false, "abc")), EntityTag.parse("\"abc\""));
    assertEquals(Optional.of(new EntityTag(true, "abc")), EntityTag.parse("W/\"abc\""));
    assertEquals("W/\"abc\"", new EntityTag(true, "abc").toString());
    assertEquals("\"\"", new EntityTag(false, "").toString());
  }

  @Test
  void lists_split_on_commas_outside_quotes() {
    assertEquals(
        List.of(new EntityTag(false, "a,b"), new EntityTag(true, "c"), new EntityTag(false, "d")),
        EntityTag.parseList(" \"a,b\" ,W/\"c\",\t\"d\""));
  }

  @Test
  void bare_tags_from_clients_that_strip_quotes_are_read_as_quoted() {
    assertEquals(
        List.of(new EntityTag(false, "abc"), new EntityTag(false, "def")),
        EntityTag.parseList("abc, def"));
  }

  @Test
  void an_unterminated_quote_ends_the_list() {
    assertEquals(List.of(new EntityTag(false, "a")), EntityTag.parseList("\"a\", \"b"));
  }

  @Test
  void one_tag_parses_to_a_tag_and_anything_else_to_nothing() {
    assertEquals(Optional.empty(), EntityTag.parse(null));
    assertEquals(Optional.empty(), EntityTag.parse(""));
    assertEquals(Optional.empty(), EntityTag.parse("\"a\", \"b\""));
  }

  @Test
  void strong_comparison_needs_both_strong() {
    EntityTag strong = new EntityTag(false, "x");
    EntityTag weak = new EntityTag(true, "x");
    assertTrue(strong.strongMatch(new EntityTag(false, "x")));
    assertFalse(strong.strongMatch(weak));
    assertFalse(weak.strongMatch(strong));
    assertFalse(strong.strongMatch(new EntityTag(false, "y")));
  }

  @Test
  void weak_comparison_ignores_weakness() {
    assertTrue(new EntityTag(true, "x").weakMatch(new EntityTag(false, "x")));
    assertTrue(new EntityTag(true, "x").weakMatch(new EntityTag(true, "x")));
    assertFalse(new EntityTag(true, "x").weakMatch(new EntityTag(true, "y")));
  }

  @Test
  void a_tag_cannot_hold_a_double_quote() {
    assertThrows(IllegalArgumentException.class, () -> new EntityTag(false, "a\"b"));
  }
}
