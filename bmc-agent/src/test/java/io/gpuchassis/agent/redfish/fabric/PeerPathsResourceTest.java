package io.gpuchassis.agent.redfish.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gpuchassis.agent.board.BoardDescription;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.conformance.RedfishSchemaValidator;
import io.gpuchassis.agent.sim.SimulatedPlatform;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The PeerPaths OEM resource as rendered from a snapshot, and its type in the OEM schema. */
class PeerPathsResourceTest {

  private static final ChassisState REFERENCE =
      SimulatedPlatform.simulatedChassis(BoardDescription.reference());
  private static final ObjectMapper JSON = new ObjectMapper();

  private static ChassisState bound(ChassisState state, String host, int... slots) {
    for (int slot : slots) {
      state =
          state.withBinding(
              SlotBinding.unbound(slot, Instant.EPOCH)
                  .to(SlotBinding.State.BOUND, Optional.of(host), Optional.empty(), Instant.EPOCH));
    }
    return state;
  }

  private static JsonNode pair(JsonNode body, int a, int b) {
    for (JsonNode p : body.path("GpuPairs")) {
      if (p.at("/Endpoints/0/@odata.id").asText().endsWith("/GPU-Slot" + a)
          && p.at("/Endpoints/1/@odata.id").asText().endsWith("/GPU-Slot" + b)) {
        return p;
      }
    }
    throw new AssertionError("no pair " + a + ", " + b);
  }

  @Test
  void renders_each_pair_with_its_path_composition_and_limiting_link() {
    JsonNode body =
        JSON.valueToTree(
            PeerPathsResource.render(bound(bound(REFERENCE, "Host1", 1, 2, 16), "Host3", 6)));
    assertEquals(
        "/redfish/v1/Fabrics/PCIe/Oem/GpuChassisAgent/PeerPaths", body.path("@odata.id").asText());
    assertEquals("#GpuChassisAgent.v1_0_0.PeerPaths", body.path("@odata.type").asText());
    assertEquals("PeerPaths", body.path("Id").asText());
    assertEquals(120, body.path("GpuPairs").size());

    JsonNode direct = pair(body, 1, 2);
    assertEquals("SameSwitch", direct.path("Path").asText());
    assertEquals(0, direct.path("InterSwitchHops").asInt());
    assertEquals("SameSystem", direct.path("Composition").asText());
    assertEquals("/redfish/v1/Systems/Host1", direct.at("/System/@odata.id").asText());
    assertTrue(direct.path("PeerToPeerDMA").asBoolean());
    assertEquals(
        "/redfish/v1/CompositionService/ResourceBlocks/GPU-Slot2/Processors/GPU",
        direct.at("/Processors/1/@odata.id").asText());
    assertEquals(16, direct.at("/LimitingLink/Width").asInt());
    assertEquals(5, direct.at("/LimitingLink/Generation").asInt());
    assertEquals(
        "/redfish/v1/Fabrics/PCIe/Switches/SW1/Ports/0",
        direct.at("/LimitingLink/Port/@odata.id").asText(),
        "the first of equally fast links: slot 1's port");

    JsonNode around = pair(body, 1, 16);
    assertEquals("InterSwitch", around.path("Path").asText());
    assertEquals(3, around.path("InterSwitchHops").asInt(), "below Host1, SW4 is three links away");

    JsonNode apart = pair(body, 1, 6);
    assertEquals("None", apart.path("Path").asText());
    assertEquals("DifferentSystems", apart.path("Composition").asText());
    assertTrue(apart.path("System").isNull());
    assertTrue(apart.path("LimitingLink").isNull());
    assertEquals(false, apart.path("PeerToPeerDMA").asBoolean(true));

    JsonNode free = pair(body, 11, 12);
    assertEquals("NotComposed", free.path("Composition").asText());
    assertEquals("SameSwitch", free.path("Path").asText());
  }

  @Test
  void the_fabric_links_it_from_its_oem_object() {
    JsonNode oem = JSON.valueToTree(PeerPathsResource.fabricOem()).path("GpuChassisAgent");
    assertEquals("#GpuChassisAgent.v1_0_0.Fabric", oem.path("@odata.type").asText());
    assertEquals(
        "/redfish/v1/Fabrics/PCIe/Oem/GpuChassisAgent/PeerPaths",
        oem.at("/PeerPaths/@odata.id").asText());
  }

  @Test
  void the_body_validates_against_the_oem_schema() {
    Optional<RedfishSchemaValidator> validator = RedfishSchemaValidator.locate();
    Assumptions.assumeTrue(validator.isPresent(), "DMTF JSON schemas not found");
    JsonNode body = JSON.valueToTree(PeerPathsResource.render(bound(REFERENCE, "Host1", 1, 2)));
    assertEquals(List.of(), validator.get().validate(body));
  }
}
