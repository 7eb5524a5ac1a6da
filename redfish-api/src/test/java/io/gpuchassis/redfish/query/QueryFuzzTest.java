package io.gpuchassis.redfish.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.json.RedfishJson;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Garbage in, Redfish errors out: seeded random query strings must either parse and apply cleanly
 * or fail with a {@link RedfishException} of status 400 or 501 (507 for an expansion too large),
 * never with any other exception. The seed is fixed, so a failure reproduces; the failing query is
 * in the message.
 */
class QueryFuzzTest {

  private static final long SEED = 0x5EED_0266L;
  private static final int QUERIES = 20_000;

  private static final List<String> NAMES =
      List.of(
          "only",
          "$top",
          "$skip",
          "$filter",
          "$expand",
          "$select",
          "$levels",
          "$orderby",
          "excerpt",
          "x",
          "",
          "$",
          "%24top",
          "$Top",
          "only%00");
  private static final List<String> FRAGMENTS =
      List.of(
          "Status/Health",
          "Id",
          "Name",
          "Members",
          "Links",
          "@odata.id",
          " eq ",
          " ne ",
          " gt ",
          " le ",
          " and ",
          " or ",
          "not ",
          "(",
          ")",
          "'OK'",
          "'it''s'",
          "'",
          "''",
          "true",
          "false",
          "null",
          "2",
          "-1.5e3",
          "0",
          "99999999999999999999",
          "*",
          ".",
          "~",
          "($levels=",
          "2)",
          ",",
          "/",
          "%20",
          "%27",
          "%ZZ",
          "%C3%28",
          "%",
          "+",
          "&",
          "=",
          "#",
          ";",
          "\t",
          "\u00e9",
          "\ud83d\ude00",
          "1e99999999999",
          "Status//Health");
  private static final String ALPHABET = "abcXYZ019 $&=()'*.~,/%+-@#;:\"\t";

  private final FakeService standard = FakeService.standard();
  private final FakeService things = FakeService.things(7);
  private final QueryEngine engine =
      new QueryEngine(QueryConfig.DEFAULTS.withPageSize(3).withMaxExpandLevels(3));

  @Test
  void random_query_strings_only_ever_fail_as_redfish_errors() {
    Random random = new Random(SEED);
    int parsed = 0;
    int refused = 0;
    for (int i = 0; i < QUERIES; i++) {
      String query = randomQuery(random);
      try {
        QueryOptions options = engine.parse(query);
        parsed++;
        if (!options.only()) { // a next link leaves only out, by design
          assertEquals(
              options, engine.parse(options.toQueryString()), () -> "round trip of " + query);
        }
        applyEverywhere(options, query);
      } catch (RedfishException e) {
        refused++;
        assertTrue(Set.of(400, 501, 507).contains(e.status()), () -> e.status() + " for " + query);
        assertFalse(e.messages().isEmpty(), query);
      } catch (RuntimeException | StackOverflowError e) {
        fail("query " + printable(query) + " threw " + e, e);
      }
    }
    // The generator is only useful if it reaches both outcomes often.
    assertTrue(parsed > QUERIES / 20, "parsed " + parsed);
    assertTrue(refused > QUERIES / 20, "refused " + refused);
  }

  @Test
  void random_filters_only_ever_fail_as_redfish_errors() {
    Random random = new Random(SEED + 1);
    for (int i = 0; i < QUERIES; i++) {
      StringBuilder filter = new StringBuilder();
      int length = 1 + random.nextInt(12);
      for (int t = 0; t < length; t++) {
        filter.append(FRAGMENTS.get(random.nextInt(FRAGMENTS.size())));
        if (random.nextBoolean()) {
          filter.append(' ');
        }
      }
      String query = "$filter=" + filter;
      try {
        applyEverywhere(engine.parse(query), query);
      } catch (RedfishException e) {
        assertTrue(Set.of(400, 501).contains(e.status()), () -> e.status() + " for " + query);
      } catch (RuntimeException | StackOverflowError e) {
        fail("query " + printable(query) + " threw " + e, e);
      }
    }
  }

  private void applyEverywhere(QueryOptions options, String query) {
    for (ObjectNode resource :
        List.of(
            standard.get("/redfish/v1"),
            standard.get("/redfish/v1/Chassis"),
            standard.get("/redfish/v1/Managers"),
            standard.get("/redfish/v1/Chassis/Enclosure/PCIeSlots"),
            things.get("/redfish/v1/Things"))) {
      ResourceResolver resolver = resource == things.get("/redfish/v1/Things") ? things : standard;
      try {
        ObjectNode response = engine.apply(resource, options, resolver);
        RedfishJson.mapper().writeValueAsBytes(response);
        String next = response.path("Members@odata.nextLink").asText("");
        if (!next.isEmpty()) {
          engine.parse(next.substring(next.indexOf('?') + 1));
        }
      } catch (RedfishException e) {
        assertTrue(
            Set.of(400, 501, 507).contains(e.status()), () -> e.status() + " applying " + query);
      } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
        fail("response to " + printable(query) + " does not serialize", e);
      }
    }
    assertTrue(standard.untouched() && things.untouched(), () -> "resources changed by " + query);
  }

  private static String randomQuery(Random random) {
    StringBuilder query = new StringBuilder();
    int parameters = random.nextInt(4);
    for (int p = 0; p < parameters; p++) {
      if (p > 0 || random.nextInt(10) == 0) {
        query.append('&');
      }
      query.append(NAMES.get(random.nextInt(NAMES.size())));
      if (random.nextInt(6) != 0) {
        query.append('=').append(randomValue(random));
      }
    }
    return query.toString();
  }

  private static String randomValue(Random random) {
    StringBuilder value = new StringBuilder();
    int pieces = random.nextInt(8);
    for (int i = 0; i < pieces; i++) {
      if (random.nextBoolean()) {
        value.append(FRAGMENTS.get(random.nextInt(FRAGMENTS.size())));
      } else {
        value.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
      }
    }
    return value.toString();
  }

  private static String printable(String query) {
    return "'" + query.replace("\t", "\\t") + "'";
  }
}
