package io.gpuchassis.agent.redfish.aggregation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.conformance.RedfishSchemaValidator;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.json.RedfishJson;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The agent's one ConnectionMethod: what a Sunfish core reads of it (its type, its own URI) and a
 * name no other agent's method has.
 */
class ConnectionMethodResourceTest {

  private static final UUID SERVICE = UUID.fromString("5d1b8a7c-3f0e-4b2a-9c6d-2e8f4a1b7c90");

  @Test
  void the_method_is_redfish_named_by_the_service_uuid() {
    JsonNode body = RedfishJson.mapper().valueToTree(ConnectionMethodResource.render(SERVICE));

    assertEquals(
        "/redfish/v1/AggregationService/ConnectionMethods/" + SERVICE,
        body.path("@odata.id").asText());
    assertEquals("#ConnectionMethod.v1_2_0.ConnectionMethod", body.path("@odata.type").asText());
    assertEquals(SERVICE.toString(), body.path("Id").asText());
    assertEquals("Redfish", body.path("ConnectionMethodType").asText());
    assertTrue(body.path("ConnectionMethodVariant").isMissingNode(), "DMTF asks it of OEM only");
  }

  @Test
  void the_collection_holds_the_one_method() {
    JsonNode body = RedfishJson.mapper().valueToTree(ConnectionMethodResource.collection(SERVICE));

    assertEquals(
        "/redfish/v1/AggregationService/ConnectionMethods", body.path("@odata.id").asText());
    assertEquals(
        "#ConnectionMethodCollection.ConnectionMethodCollection",
        body.path("@odata.type").asText());
    assertEquals(1, body.path("Members@odata.count").asInt());
    assertEquals(
        ConnectionMethodResource.render(SERVICE).getAtOdataId(),
        body.at("/Members/0/@odata.id").asText());
  }

  @Test
  void two_agents_name_their_methods_apart() {
    UUID other = UUID.fromString("0f3c2b1a-9e8d-4c7b-a6f5-4e3d2c1b0a99");
    assertTrue(
        !ConnectionMethodResource.render(SERVICE)
            .getAtOdataId()
            .equals(ConnectionMethodResource.render(other).getAtOdataId()));
  }

  @Test
  void only_the_services_own_method_is_found() {
    assertEquals(
        ConnectionMethodResource.render(SERVICE).getAtOdataId(),
        ConnectionMethodResource.find(SERVICE, SERVICE.toString()).getAtOdataId());
    RedfishException missing =
        assertThrows(
            RedfishException.class, () -> ConnectionMethodResource.find(SERVICE, "Redfish"));
    assertEquals(404, missing.status());
  }

  @Test
  void the_method_validates_against_the_dmtf_schema() {
    Optional<RedfishSchemaValidator> validator = RedfishSchemaValidator.locate();
    Assumptions.assumeTrue(validator.isPresent(), "DMTF JSON schemas not found: skipped");
    assertEquals(
        List.of(),
        validator
            .get()
            .validate(RedfishJson.mapper().valueToTree(ConnectionMethodResource.render(SERVICE))));
    assertEquals(
        List.of(),
        validator
            .get()
            .validate(
                RedfishJson.mapper().valueToTree(ConnectionMethodResource.collection(SERVICE))));
  }
}
