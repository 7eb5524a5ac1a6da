package io.gpuchassis.redfish.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ETagsTest {

  private static final ObjectNode CHASSIS =
      Json.obj(
          "{'@odata.id': '/redfish/v1/Chassis/1', 'Name': 'One', 'Status': {'State': 'Enabled', 'Health': 'OK'}}");

  @Test
  void the_tag_is_quoted_sixteen_hex_digits() {
    String etag = ETags.of(CHASSIS);
    assertTrue(etag.matches("\"[0-9a-f]{16}\""), etag);
  }

  @Test
  void the_tag_is_the_start_of_the_sha256_of_the_canonical_json() throws Exception {
    byte[] canonical =
        "{\"@odata.id\":\"/redfish/v1/Chassis/1\",\"Name\":\"One\",\"Status\":{\"Health\":\"OK\",\"State\":\"Enabled\"}}"
            .getBytes(StandardCharsets.UTF_8);
    assertEquals(
        new String(canonical, StandardCharsets.UTF_8),
        new String(ETags.canonicalBytes(CHASSIS), StandardCharsets.UTF_8));
    byte[] digest = java.security.MessageDigest.getInstance("SHA-256").digest(canonical);
    assertEquals(
        "\"" + java.util.HexFormat.of().formatHex(digest).substring(0, 16) + "\"",
        ETags.of(CHASSIS));
  }

  @Test
  void property_order_does_not_change_the_tag() {
    ObjectNode reordered =
        Json.obj(
            "{'Status': {'Health': 'OK', 'State': 'Enabled'}, 'Name': 'One', '@odata.id': '/redfish/v1/Chassis/1'}");
    assertEquals(ETags.of(CHASSIS), ETags.of(reordered));
  }

  @Test
  void any_change_of_value_changes_the_tag() {
    ObjectNode changed = CHASSIS.deepCopy();
    ((ObjectNode) changed.get("Status")).put("Health", "Warning");
    assertNotEquals(ETags.of(CHASSIS), ETags.of(changed));
    assertNotEquals(ETags.of(Json.node("[1, 2]")), ETags.of(Json.node("[2, 1]")));
  }

  @Test
  void the_body_may_carry_its_own_tag() {
    ObjectNode tagged = CHASSIS.deepCopy();
    tagged.put("@odata.etag", ETags.of(CHASSIS));
    assertEquals(ETags.of(CHASSIS), ETags.of(tagged));
  }

  @Test
  void if_match_compares_strongly() {
    String etag = ETags.of(CHASSIS);
    assertTrue(ETags.matchesIfMatch(etag, etag));
    assertTrue(ETags.matchesIfMatch("\"other\", " + etag, etag));
    assertFalse(ETags.matchesIfMatch("W/" + etag, etag));
    assertFalse(ETags.matchesIfMatch("\"other\"", etag));
  }

  @Test
  void if_none_match_compares_weakly() {
    String etag = ETags.of(CHASSIS);
    assertTrue(ETags.matchesIfNoneMatch("W/" + etag, etag));
    assertTrue(ETags.matchesIfNoneMatch(etag, "W/" + etag));
    assertFalse(ETags.matchesIfNoneMatch("W/\"other\"", etag));
  }

  @Test
  void an_exact_copy_matches_only_as_the_tag_s_kind_allows() {
    assertTrue(ETags.matchesIfNoneMatch("\"x\"", "\"x\""));
    assertTrue(ETags.matchesIfMatch("\"x\"", "\"x\""));
    assertTrue(ETags.matchesIfNoneMatch("W/\"x\"", "W/\"x\""));
    assertFalse(ETags.matchesIfMatch("W/\"x\"", "W/\"x\""));
    assertFalse(ETags.matchesIfNoneMatch("\"x\"y\"", "\"x\"y\""));
  }

  @Test
  void a_star_matches_any_current_tag_but_not_a_missing_resource() {
    assertTrue(ETags.matchesIfMatch("*", "\"x\""));
    assertTrue(ETags.matchesIfNoneMatch(" * ", "W/\"x\""));
    assertFalse(ETags.matchesIfMatch("*", null));
  }

  @Test
  void an_absent_empty_or_unreadable_header_matches_nothing() {
    assertFalse(ETags.matchesIfMatch(null, "\"x\""));
    assertFalse(ETags.matchesIfMatch("", "\"x\""));
    assertFalse(ETags.matchesIfMatch("\"unterminated", "\"unterminated\""));
    assertFalse(ETags.matches("\"x\"", "not a tag, really", ETags.Comparison.WEAK));
  }

  @Test
  void a_header_without_quotes_still_matches() {
    assertTrue(ETags.matchesIfMatch("abc123", "\"abc123\""));
  }

  @Test
  void an_if_match_with_something_glued_to_the_current_tag_matches_nothing() {
    String etag = ETags.of(CHASSIS);
    assertTrue(ETags.matchesIfMatch(etag, etag));
    assertTrue(ETags.matchesIfMatch("\"other\", " + etag, etag), "a list that names it");
    assertTrue(ETags.matchesIfMatch(etag.replace("\"", ""), etag), "bare, as some clients send it");
    assertFalse(ETags.matchesIfMatch(etag + "garbage", etag));
    assertFalse(ETags.matchesIfMatch(etag + "\"x\"", etag));
    assertFalse(ETags.matchesIfMatch(etag + " junk", etag));
  }
}
