package io.gpuchassis.redfish.query;

import static io.gpuchassis.redfish.query.RedfishAssertions.assertRedfishError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.redfish.json.RedfishJson;
import io.gpuchassis.redfish.model.ProtocolFeaturesSupported;
import org.junit.jupiter.api.Test;

/** What is advertised is what the parser accepts, no more and no less. */
class ProtocolFeaturesTest {

  @Test
  void the_advertised_features() {
    ObjectNode json = RedfishJson.mapper().valueToTree(ProtocolFeatures.supported());
    assertEquals(
        Json.obj(
            """
            {'ExpandQuery': {'ExpandAll': true, 'Levels': true, 'Links': true, 'NoLinks': true, 'MaxLevels': 6},
             'SelectQuery': true, 'FilterQuery': true, 'OnlyMemberQuery': true, 'ExcerptQuery': false,
             'TopSkipQuery': true, 'MultipleHTTPRequests': true}
            """),
        json);
  }

  @Test
  void max_levels_follows_the_configuration() {
    ProtocolFeaturesSupported features =
        ProtocolFeatures.supported(QueryConfig.DEFAULTS.withMaxExpandLevels(3));
    assertEquals(3, features.getExpandQuery().getMaxLevels());
  }

  @Test
  void the_json_form_adds_the_filter_operator_flags() {
    ObjectNode json = ProtocolFeatures.supportedJson(QueryConfig.DEFAULTS);
    assertTrue(json.get("FilterQueryComparisonOperations").booleanValue());
    assertTrue(json.get("FilterQueryCompoundOperations").booleanValue());
    json.remove("FilterQueryComparisonOperations");
    json.remove("FilterQueryCompoundOperations");
    assertEquals(RedfishJson.mapper().valueToTree(ProtocolFeatures.supported()), json);
  }

  @Test
  void every_advertised_expand_form_is_accepted_up_to_max_levels_and_no_further() {
    QueryConfig config = QueryConfig.DEFAULTS;
    int max = ProtocolFeatures.supported(config).getExpandQuery().getMaxLevels();
    for (String form : new String[] {"*", ".", "~"}) {
      assertEquals(
          max,
          QueryOptions.fromQueryString("$expand=" + form + "($levels=" + max + ")", config)
              .expand()
              .orElseThrow()
              .levels());
      assertRedfishError(
          400,
          "QueryParameterOutOfRange",
          () ->
              QueryOptions.fromQueryString(
                  "$expand=" + form + "($levels=" + (max + 1) + ")", config));
    }
  }

  @Test
  void every_advertised_parameter_is_accepted() {
    QueryOptions.fromQueryString("$select=Name");
    QueryOptions.fromQueryString(
        "$filter=(A eq 1 and not (B ne 'x')) or C gt 1 or C ge 1 or C lt 1 or C le 1");
    QueryOptions.fromQueryString("only");
    QueryOptions.fromQueryString("$top=1&$skip=1");
  }

  @Test
  void
      excerpt_is_advertised_as_unsupported_and_is_ignored_like_any_unknown_parameter_without_dollar() {
    assertEquals(Boolean.FALSE, ProtocolFeatures.supported().getExcerptQuery());
    assertTrue(QueryOptions.fromQueryString("excerpt").isEmpty());
  }
}
