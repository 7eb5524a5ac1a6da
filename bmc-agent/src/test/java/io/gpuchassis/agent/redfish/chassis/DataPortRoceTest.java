package io.gpuchassis.agent.redfish.chassis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.board.NetworkAdapter;
import io.gpuchassis.agent.config.RoceProfile;
import io.gpuchassis.agent.ethernet.DataPort;
import io.gpuchassis.agent.ethernet.PortStatus;
import io.gpuchassis.agent.ethernet.RoceCheck;
import io.gpuchassis.agent.ethernet.RoceCheck.Item;
import io.gpuchassis.agent.ethernet.RoceCheck.ItemResult;
import io.gpuchassis.agent.ethernet.RoceCheck.ItemState;
import io.gpuchassis.agent.ethernet.RoceStatus;
import io.gpuchassis.agent.ethernet.RoceToolOutput.DscpEntry;
import io.gpuchassis.agent.ethernet.RoceToolOutput.Red;
import io.gpuchassis.agent.ethernet.RoceToolOutput.RootQdisc;
import io.gpuchassis.redfish.http.RedfishResponses;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A RoCE port's profile on its Port: what was read back, and whether it holds. */
class DataPortRoceTest {

  private static final DataPort PORT =
      new DataPort("NIC1", "1", "1", "enp65s0f0np0", "mlx5_0", 1, 100_000);

  private static final Instant AT = Instant.parse("2026-12-04T12:00:00Z");

  private static ItemResult ok(Item item) {
    return new ItemResult(item, ItemState.IN_SYNC, Optional.empty(), Optional.empty());
  }

  private static RoceStatus status(List<ItemResult> items, Optional<Set<Integer>> pfc) {
    RoceCheck check =
        new RoceCheck(
            AT,
            RoceProfile.DEFAULT,
            items,
            OptionalInt.of(9000),
            Optional.of(List.of(new DscpEntry(26, 3), new DscpEntry(48, 6))),
            pfc,
            Optional.of(
                new RootQdisc("red", Optional.of(new Red(6_000_000, 150_000, 1_500_000, true)))));
    return new RoceStatus(PORT, Optional.of(check), 1, Optional.of(AT));
  }

  private static JsonNode roce(RoceStatus status) {
    return RedfishResponses.tree(
            DataPortResource.render(
                "C",
                PortStatus.unread(PORT),
                OptionalInt.empty(),
                io.gpuchassis.agent.ethernet.PortInventory.unread(PORT),
                Optional.of(status)))
        .at("/Oem/GpuChassisAgent");
  }

  @Test
  void a_port_holding_the_profile_shows_what_was_read_back() {
    JsonNode oem =
        roce(
            status(
                List.of(ok(Item.MTU), ok(Item.DSCP_MAP), ok(Item.PFC), ok(Item.ECN)),
                Optional.of(Set.of(3))));
    assertEquals("#GpuChassisAgent.v1_0_0.Port", oem.get("@odata.type").asText());
    JsonNode roce = oem.get("RoCE");
    assertEquals("Lossless", roce.get("Mode").asText());
    assertEquals("DSCP", roce.get("TrustMode").asText());
    assertEquals("[3]", roce.get("PFCEnabledPriorities").toString());
    assertEquals(3, roce.get("RoCEPriority").asInt());
    assertEquals(26, roce.get("RoCEDSCP").asInt());
    assertEquals(6, roce.get("CNPPriority").asInt());
    assertEquals(48, roce.get("CNPDSCP").asInt());
    assertEquals(150.0, roce.at("/ECN/MinThresholdKB").asDouble());
    assertEquals(1500.0, roce.at("/ECN/MaxThresholdKB").asDouble());
    assertEquals(9000, roce.get("MTU").asInt());
    assertEquals("Applied", roce.get("ProfileState").asText());
    assertEquals("InSync", roce.at("/Items/2/State").asText());
    assertEquals("PFC", roce.at("/Items/2/Item").asText());
    assertEquals("2026-12-04T12:00:00Z", roce.get("LastChecked").asText());
    assertEquals(1, roce.get("DriftsCorrected").asInt());
  }

  @Test
  void a_failed_item_is_named_with_its_message_and_its_value_left_out() {
    JsonNode roce =
        roce(status(
                List.of(
                    ok(Item.MTU),
                    ok(Item.DSCP_MAP),
                    new ItemResult(
                        Item.PFC,
                        ItemState.FAILED,
                        Optional.empty(),
                        Optional.of("Attribute read: Operation not supported")),
                    ok(Item.ECN)),
                Optional.empty()))
            .get("RoCE");
    assertEquals("Failed", roce.get("ProfileState").asText());
    assertEquals("Failed", roce.at("/Items/2/State").asText());
    assertEquals("Attribute read: Operation not supported", roce.at("/Items/2/Message").asText());
    assertFalse(roce.has("PFCEnabledPriorities"));
    assertFalse(roce.has("Mode"), "the mode is PFC's, which was not read");
  }

  @Test
  void the_adapter_is_dcb_capable_once_pfc_was_read_back() {
    NetworkAdapter nic =
        new NetworkAdapter(
            "NIC1",
            Optional.empty(),
            Optional.empty(),
            List.of(
                new NetworkAdapter.Port(
                    "1", "enp65s0f0np0", "mlx5_0", 1, 100, OptionalInt.empty(), true)));
    List<PortStatus> unread = List.of(PortStatus.unread(PORT));
    JsonNode without =
        RedfishResponses.tree(NetworkAdapterResource.render("C", nic, unread, List.of(), false));
    assertTrue(
        without.at("/Controllers/0/ControllerCapabilities/DataCenterBridging").isMissingNode());
    JsonNode with =
        RedfishResponses.tree(NetworkAdapterResource.render("C", nic, unread, List.of(), true));
    assertTrue(
        with.at("/Controllers/0/ControllerCapabilities/DataCenterBridging/Capable").asBoolean());
  }

  @Test
  void the_port_with_its_roce_profile_validates_against_dmtfs_and_the_oem_schema() {
    Optional<io.gpuchassis.agent.conformance.RedfishSchemaValidator> validator =
        io.gpuchassis.agent.conformance.RedfishSchemaValidator.locate();
    org.junit.jupiter.api.Assumptions.assumeTrue(
        validator.isPresent(), "DMTF JSON schemas not found");
    ItemResult drifted =
        new ItemResult(
            Item.DSCP_MAP,
            ItemState.DRIFTED,
            Optional.of("no dscp-prio entry for DSCP 26 or 48 (PCP trust)"),
            Optional.of("applied without an error, but read back as ..."));
    for (RoceStatus status :
        List.of(
            status(
                List.of(ok(Item.MTU), ok(Item.DSCP_MAP), ok(Item.PFC), ok(Item.ECN)),
                Optional.of(Set.of(3))),
            status(List.of(ok(Item.MTU), drifted, ok(Item.PFC), ok(Item.ECN)), Optional.empty()))) {
      JsonNode body =
          RedfishResponses.tree(
              DataPortResource.render(
                  "C",
                  PortStatus.unread(PORT),
                  OptionalInt.of(4),
                  io.gpuchassis.agent.ethernet.PortInventory.unread(PORT),
                  Optional.of(status)));
      assertEquals(List.of(), validator.get().validate(body), body.toString());
      // the OEM object is checked too: a property its schema lacks is refused
      ((com.fasterxml.jackson.databind.node.ObjectNode) body.at("/Oem/GpuChassisAgent/RoCE"))
          .put("PFCWatchdog", true);
      assertFalse(validator.get().validate(body).isEmpty(), "an undefined property fails");
    }
  }
}
