package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.chassis.StableUuids;
import io.gpuchassis.agent.store.AgentStore;
import io.gpuchassis.agent.store.Settings;
import io.gpuchassis.sensor.sim.SimulatedSensorBoard;
import io.gpuchassis.sensor.sim.device.SimPmbusPowerSupply;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a technician and an inventory system ask of the chassis itself, over HTTPS on the simulated
 * reference chassis: its identify LED (the front panel's, on a pin of the PanelIo expander) lit
 * over Redfish and by the console, the slots' attention LEDs through the deprecated PCIeSlots
 * resource, an asset tag that is stored and changes the chassis's ETag, the field-replaceable parts
 * with what each reported, and each GPU's PCIe function with its PCI IDs.
 */
class ChassisInventoryIT {

  static final String CHASSIS = "/redfish/v1/Chassis/GPUChassis";
  static final String SLOTS = CHASSIS + "/PCIeSlots";

  @TempDir static Path stateDir;
  static TestAgent agent;
  static SimulatedSensorBoard board;

  @BeforeAll
  static void start() throws Exception {
    agent = TestAgent.start(stateDir);
    board = ((io.gpuchassis.agent.sim.SimulatedPlatform) agent.agent.platform()).sensorBoard();
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  @Test
  void an_operator_lights_the_chassis_identify_led_and_the_console_sees_it() throws Exception {
    JsonNode before = json(agent.client.get(CHASSIS, TestAgent.READER));
    assertFalse(before.get("LocationIndicatorActive").asBoolean(), before.toString());
    assertFalse(board.identifyLit());

    String lit = "{\"LocationIndicatorActive\": true}";
    assertEquals(
        403,
        agent.client.send("PATCH", CHASSIS, TestAgent.READER, lit).statusCode(),
        "needs ConfigureComponents");
    assertFalse(board.identifyLit());
    HttpResponse<String> patched = agent.client.send("PATCH", CHASSIS, TestAgent.OPERATOR, lit);
    assertEquals(200, patched.statusCode(), patched.body());
    assertTrue(json(patched).get("LocationIndicatorActive").asBoolean(), patched.body());
    assertTrue(board.identifyLit(), "the LED's pin on the board is high");
    assertEquals(Optional.of(true), agent.agent.health().identifyLed().lit());
    assertFalse(board.slotAttentionLit(1), "no slot's LED moved");

    agent.agent.health().identifyLed().set(false, "tech").get(10, TimeUnit.SECONDS);
    assertFalse(board.identifyLit());
    assertFalse(
        json(agent.client.get(CHASSIS, TestAgent.READER))
            .get("LocationIndicatorActive")
            .asBoolean(),
        "what the console set, Redfish shows");

    HttpResponse<String> wrongType =
        agent.client.send(
            "PATCH", CHASSIS, TestAgent.OPERATOR, "{\"LocationIndicatorActive\": \"on\"}");
    assertEquals(400, wrongType.statusCode(), wrongType.body());
    assertTrue(wrongType.body().contains("PropertyValueTypeError"), wrongType.body());
    assertFalse(board.identifyLit());
  }

  @Test
  void an_asset_tag_is_stored_and_is_a_new_version_of_the_chassis() throws Exception {
    HttpResponse<String> before = agent.client.get(CHASSIS, TestAgent.READER);
    String etag = before.headers().firstValue("ETag").orElseThrow();

    HttpResponse<String> patched =
        agent.client.send(
            "PATCH", CHASSIS, TestAgent.OPERATOR, "{\"AssetTag\": \"RACK-14/U22 GPU-07\"}");
    assertEquals(200, patched.statusCode(), patched.body());
    HttpResponse<String> after = agent.client.get(CHASSIS, TestAgent.READER);
    assertEquals("RACK-14/U22 GPU-07", json(after).get("AssetTag").asText());
    assertNotEquals(etag, after.headers().firstValue("ETag").orElseThrow());
    try (AgentStore store = AgentStore.open(stateDir)) {
      assertEquals(
          Optional.of("RACK-14/U22 GPU-07"),
          new Settings(store).get("chassis.assetTag"),
          "kept for the next start");
    }

    HttpResponse<String> tooLong =
        agent.client.send(
            "PATCH", CHASSIS, TestAgent.OPERATOR, "{\"AssetTag\": \"" + "x".repeat(65) + "\"}");
    assertEquals(400, tooLong.statusCode(), tooLong.body());
    assertTrue(tooLong.body().contains("StringValueTooLong"), tooLong.body());
    HttpResponse<String> control =
        agent.client.send("PATCH", CHASSIS, TestAgent.OPERATOR, "{\"AssetTag\": \"a\\u0007b\"}");
    assertEquals(400, control.statusCode(), control.body());
    assertTrue(control.body().contains("PropertyValueIncorrect"), control.body());
    HttpResponse<String> readOnly =
        agent.client.send("PATCH", CHASSIS, TestAgent.OPERATOR, "{\"SerialNumber\": \"X\"}");
    assertEquals(400, readOnly.statusCode(), readOnly.body());
    assertTrue(readOnly.body().contains("PropertyNotWritable"), readOnly.body());
    HttpResponse<String> link =
        agent.client.send(
            "PATCH", CHASSIS, TestAgent.OPERATOR, "{\"Assembly\": {\"@odata.id\": \"/x\"}}");
    assertTrue(
        link.body().contains("PropertyNotWritable"), "a shown link is read-only: " + link.body());
    assertTrue(
        agent
            .client
            .send("PATCH", CHASSIS, TestAgent.OPERATOR, "{\"Colour\": \"blue\"}")
            .body()
            .contains("PropertyUnknown"));
    assertEquals(
        "RACK-14/U22 GPU-07",
        json(agent.client.get(CHASSIS, TestAgent.READER)).get("AssetTag").asText(),
        "a refused tag changes nothing");
  }

  @Test
  void the_slots_attention_leds_are_patched_through_pcie_slots_by_the_array_rules()
      throws Exception {
    JsonNode slots = json(agent.client.get(SLOTS, TestAgent.READER)).get("Slots");
    assertFalse(slots.get(2).get("LocationIndicatorActive").asBoolean(), slots.toString());

    HttpResponse<String> patched =
        agent.client.send(
            "PATCH",
            SLOTS,
            TestAgent.OPERATOR,
            "{\"Slots\": [{}, {}, {\"LocationIndicatorActive\": true}]}");
    assertEquals(200, patched.statusCode(), patched.body());
    assertTrue(board.slotAttentionLit(3), "slot 3 is the third element");
    assertFalse(board.slotAttentionLit(1), "{} leaves slot 1 alone");
    assertTrue(json(patched).get("Slots").get(2).get("LocationIndicatorActive").asBoolean());
    assertEquals(
        true,
        json(agent.client.get(CHASSIS + "/PCIeDevices/Slot3", TestAgent.READER))
            .get("LocationIndicatorActive")
            .asBoolean(),
        "the PCIe device shows the same LED");

    HttpResponse<String> partly =
        agent.client.send(
            "PATCH",
            SLOTS,
            TestAgent.OPERATOR,
            "{\"Slots\": [{}, {}, {\"LocationIndicatorActive\": false, \"Lanes\": 8}]}");
    assertEquals(200, partly.statusCode(), partly.body());
    assertTrue(partly.body().contains("PropertyNotWritable"), partly.body());
    assertFalse(board.slotAttentionLit(3));

    String tooMany = "{\"Slots\": [" + "{},".repeat(20) + "{\"LocationIndicatorActive\": true}]}";
    HttpResponse<String> tooLong = agent.client.send("PATCH", SLOTS, TestAgent.OPERATOR, tooMany);
    assertEquals(400, tooLong.statusCode(), tooLong.body());
    assertTrue(tooLong.body().contains("ArraySizeTooLong"), tooLong.body());
    HttpResponse<String> removal =
        agent.client.send(
            "PATCH",
            SLOTS,
            TestAgent.OPERATOR,
            "{\"Slots\": [null, {\"LocationIndicatorActive\": \"yes\"}]}");
    assertEquals(400, removal.statusCode(), removal.body());
    assertTrue(removal.body().contains("PropertyValueTypeError"), removal.body());
    assertEquals(
        403,
        agent
            .client
            .send(
                "PATCH",
                SLOTS,
                TestAgent.READER,
                "{\"Slots\": [{\"LocationIndicatorActive\": true}]}")
            .statusCode());
    for (int slot = 1; slot <= 20; slot++) {
      assertFalse(board.slotAttentionLit(slot), "slot " + slot + ": refused bodies change nothing");
    }
  }

  @Test
  void the_chassis_links_say_it_contains_no_chassis_and_holds_its_manager() throws Exception {
    JsonNode links = json(agent.client.get(CHASSIS, TestAgent.READER)).get("Links");
    assertTrue(links.get("Contains").isArray(), links.toString());
    assertEquals(0, links.get("Contains").size(), "one chassis, with none inside it");
    assertFalse(links.has("ContainedBy"), "the rack around the chassis is not known");
    assertEquals("/redfish/v1/Managers/BMC", links.at("/ManagersInChassis/0/@odata.id").asText());
  }

  @Test
  void parts_have_uuids_made_from_their_serial_numbers_and_gpu_endpoints_link_their_processor()
      throws Exception {
    JsonNode chassis = json(agent.client.get(CHASSIS, TestAgent.READER));
    JsonNode fabric = json(agent.client.get("/redfish/v1/Fabrics/PCIe", TestAgent.READER));
    JsonNode sw1 =
        json(agent.client.get("/redfish/v1/Fabrics/PCIe/Switches/SW1", TestAgent.READER));
    JsonNode endpoint =
        json(agent.client.get("/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot3", TestAgent.READER));
    String processorUri = endpoint.at("/ConnectedEntities/0/EntityLink/@odata.id").asText();
    JsonNode gpu = json(agent.client.get(processorUri, TestAgent.READER));
    assertEquals("GPU", gpu.get("ProcessorType").asText(), processorUri);
    assertEquals(
        json(agent.client.get(CHASSIS + "/PCIeDevices/Slot3", TestAgent.READER))
            .get("SerialNumber"),
        gpu.get("SerialNumber"),
        "the endpoint links the GPU in its own slot");

    String chassisSerial = chassis.get("SerialNumber").asText();
    Map<String, String> expected =
        Map.of(
            "chassis", StableUuids.chassis(chassisSerial).orElseThrow().toString(),
            "fabric", StableUuids.fabric(chassisSerial).orElseThrow().toString(),
            "switch",
                StableUuids.switchChip(sw1.get("SerialNumber").asText()).orElseThrow().toString(),
            "gpu", StableUuids.gpu(gpu.get("SerialNumber").asText()).orElseThrow().toString());
    Map<String, String> shown =
        Map.of(
            "chassis", chassis.get("UUID").asText(),
            "fabric", fabric.get("UUID").asText(),
            "switch", sw1.get("UUID").asText(),
            "gpu", gpu.get("UUID").asText());
    assertEquals(expected, shown);
    assertEquals(4, new java.util.HashSet<>(shown.values()).size(), "four parts, four UUIDs");
  }

  @Test
  void the_assembly_lists_the_replaceable_parts_with_what_each_reported() throws Exception {
    JsonNode chassis = json(agent.client.get(CHASSIS, TestAgent.READER));
    JsonNode assembly =
        json(agent.client.get(chassis.at("/Assembly/@odata.id").asText(), TestAgent.READER));
    JsonNode parts = assembly.get("Assemblies");
    JsonNode gpu3 = find(parts, "GPU card in slot 3");
    JsonNode device = json(agent.client.get(CHASSIS + "/PCIeDevices/Slot3", TestAgent.READER));
    assertEquals(device.get("SerialNumber").asText(), gpu3.get("SerialNumber").asText());
    assertEquals(device.get("Model").asText(), gpu3.get("Model").asText());
    assertEquals(3, gpu3.at("/Location/PartLocation/LocationOrdinalValue").asInt());
    assertTrue(
        parts.findValuesAsText("Name").stream().noneMatch(n -> n.equals("GPU card in slot 5")),
        "slot 5 is empty");
    JsonNode sw2 = find(parts, "Switch SW2");
    JsonNode sw2Inventory =
        json(agent.client.get("/redfish/v1/Fabrics/PCIe/Switches/SW2", TestAgent.READER));
    assertEquals(sw2Inventory.get("SerialNumber").asText(), sw2.get("SerialNumber").asText());
    JsonNode psu1 = find(parts, "PSU1");
    assertEquals("PowerSupply", psu1.get("PhysicalContext").asText());
    assertEquals(
        SimPmbusPowerSupply.serialNumberOf("PSU1"),
        psu1.get("SerialNumber").asText(),
        "the serial number the supply reports in MFR_SERIAL");
    for (String supply :
        List.of(
            CHASSIS + "/PowerSubsystem/PowerSupplies/PSU1", CHASSIS + "/Power#/PowerSupplies/0")) {
      JsonNode shown = json(agent.client.get(supply.split("#")[0], TestAgent.READER));
      JsonNode psu = supply.contains("#") ? shown.at("/PowerSupplies/0") : shown;
      assertEquals(psu1.get("SerialNumber"), psu.get("SerialNumber"), supply);
    }
    assertEquals("Fan", find(parts, "Fan6").get("PhysicalContext").asText());
    for (int i = 0; i < parts.size(); i++) {
      assertEquals(Integer.toString(i), parts.get(i).get("MemberId").asText());
    }
  }

  @Test
  void each_gpu_has_one_physical_function_with_the_pci_ids_it_reported() throws Exception {
    JsonNode device = json(agent.client.get(CHASSIS + "/PCIeDevices/Slot11", TestAgent.READER));
    JsonNode functions =
        json(agent.client.get(device.at("/PCIeFunctions/@odata.id").asText(), TestAgent.READER));
    assertEquals(1, functions.get("Members").size(), functions.toString());
    JsonNode function =
        json(agent.client.get(functions.at("/Members/0/@odata.id").asText(), TestAgent.READER));
    var gpu = agent.agent.model().current().slot(11).orElseThrow().gpu().orElseThrow();
    assertEquals(String.format("0x%04x", gpu.vendorId()), function.get("VendorId").asText());
    assertEquals(String.format("0x%04x", gpu.deviceId()), function.get("DeviceId").asText());
    assertEquals(String.format("0x%04x", gpu.subsystemId()), function.get("SubsystemId").asText());
    assertEquals("0x10de", function.get("VendorId").asText(), "an NVIDIA L40S");
    assertEquals("Physical", function.get("FunctionType").asText());
    assertEquals(
        CHASSIS + "/PCIeDevices/Slot11", function.at("/Links/PCIeDevice/@odata.id").asText());
    assertEquals(
        404,
        agent
            .client
            .get(device.at("/PCIeFunctions/@odata.id").asText() + "/1", TestAgent.READER)
            .statusCode());
  }

  @Test
  void the_fan_duty_is_a_control_the_fan_loop_sets() throws Exception {
    JsonNode chassis = json(agent.client.get(CHASSIS, TestAgent.READER));
    JsonNode controls =
        json(agent.client.get(chassis.at("/Controls/@odata.id").asText(), TestAgent.READER));
    assertEquals(1, controls.get("Members").size(), controls.toString());
    String uri = controls.at("/Members/0/@odata.id").asText();
    HealthIT.await(
        "the fan loop's first decision",
        () -> {
          try {
            return json(agent.client.get(uri, TestAgent.READER)).has("SetPoint");
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
        });
    JsonNode duty = json(agent.client.get(uri, TestAgent.READER));
    assertEquals("DutyCycle", duty.get("ControlType").asText());
    assertEquals("Automatic", duty.get("ControlMode").asText());
    double setPoint = duty.get("SetPoint").asDouble();
    assertTrue(
        setPoint >= duty.get("AllowableMin").asDouble()
            && setPoint <= duty.get("AllowableMax").asDouble(),
        "a duty in 0-100 %: " + setPoint);
    assertEquals("%", duty.get("SetPointUnits").asText());
    assertEquals(6, duty.get("AssociatedSensors").size(), "the six fans' speeds");
    assertEquals(
        200,
        agent
            .client
            .get(duty.at("/AssociatedSensors/0/@odata.id").asText(), TestAgent.READER)
            .statusCode());
    assertEquals(
        405,
        agent.client.send("PATCH", uri, TestAgent.ADMIN, "{\"SetPoint\": 50}").statusCode(),
        "read only: the loop owns the fans");
    assertEquals(
        404, agent.client.get(CHASSIS + "/Controls/PowerLimit", TestAgent.READER).statusCode());
  }

  private static JsonNode find(JsonNode parts, String name) {
    for (JsonNode p : parts) {
      if (p.get("Name").asText().equals(name)) {
        return p;
      }
    }
    throw new AssertionError("no part " + name + " in " + parts);
  }
}
