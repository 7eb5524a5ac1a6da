package io.gpuchassis.agent.redfish.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.chassis.ServiceIdentity;
import io.gpuchassis.redfish.json.RedfishJson;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The service root links the AggregationService exactly where it is served. */
class ServiceRootResourceTest {

  private static final ServiceIdentity IDENTITY =
      new ServiceIdentity(
          UUID.fromString("5d1b8a7c-3f0e-4b2a-9c6d-2e8f4a1b7c90"),
          ServiceIdentity.PRODUCT,
          ServiceIdentity.VENDOR,
          "dev",
          true);

  @Test
  void with_a_sunfish_core_the_root_links_the_aggregation_service() {
    JsonNode root = RedfishJson.mapper().valueToTree(ServiceRootResource.render(IDENTITY, true));
    assertEquals(
        "/redfish/v1/AggregationService", root.at("/AggregationService/@odata.id").asText());
  }

  @Test
  void without_one_the_root_names_no_aggregation_service() {
    JsonNode root = RedfishJson.mapper().valueToTree(ServiceRootResource.render(IDENTITY, false));
    assertTrue(root.path("AggregationService").isMissingNode(), root::toString);
    assertEquals("/redfish/v1/Fabrics", root.at("/Fabrics/@odata.id").asText());
  }
}
