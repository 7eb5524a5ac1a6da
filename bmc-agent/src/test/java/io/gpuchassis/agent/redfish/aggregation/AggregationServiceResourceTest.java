package io.gpuchassis.agent.redfish.aggregation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.conformance.RedfishSchemaValidator;
import io.gpuchassis.redfish.json.RedfishJson;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The AggregationService links its ConnectionMethods and holds nothing an aggregator would. */
class AggregationServiceResourceTest {

  @Test
  void the_service_links_its_connection_methods_and_nothing_it_does_not_serve() {
    JsonNode body = RedfishJson.mapper().valueToTree(AggregationServiceResource.render());

    assertEquals("/redfish/v1/AggregationService", body.path("@odata.id").asText());
    assertEquals(
        "#AggregationService.v1_0_3.AggregationService", body.path("@odata.type").asText());
    assertEquals("AggregationService", body.path("Id").asText());
    assertEquals(
        "/redfish/v1/AggregationService/ConnectionMethods",
        body.at("/ConnectionMethods/@odata.id").asText());
    assertEquals(
        List.of("@odata.id", "@odata.type", "Id", "Name", "Description", "ConnectionMethods"),
        fieldNames(body),
        "no AggregationSources or Aggregates: the agent aggregates nothing");
  }

  @Test
  void the_service_validates_against_the_dmtf_schema() {
    Optional<RedfishSchemaValidator> validator = RedfishSchemaValidator.locate();
    Assumptions.assumeTrue(validator.isPresent(), "DMTF JSON schemas not found: skipped");
    assertEquals(
        List.of(),
        validator
            .get()
            .validate(RedfishJson.mapper().valueToTree(AggregationServiceResource.render())));
  }

  static List<String> fieldNames(JsonNode body) {
    List<String> names = new java.util.ArrayList<>();
    body.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
