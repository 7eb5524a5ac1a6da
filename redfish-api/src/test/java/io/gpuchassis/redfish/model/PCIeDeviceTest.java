package io.gpuchassis.redfish.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gpuchassis.redfish.json.RedfishJson;
import org.junit.jupiter.api.Test;

/** PCIeDevice v1_21_0 serializes to Redfish property names: a GPU card in a slot of the chassis. */
class PCIeDeviceTest {

  private static final ObjectMapper MAPPER = RedfishJson.mapper();

  @Test
  void gpuCardInSlot7() throws Exception {
    PCIeDevice device =
        new PCIeDevice()
            .atOdataId("/redfish/v1/Chassis/Enclosure/PCIeDevices/Slot7")
            .atOdataType("#PCIeDevice.v1_21_0.PCIeDevice")
            .atOdataEtag("W/\"1a2b\"")
            .id("Slot7")
            .name("GPU card in slot 7")
            .manufacturer("Contoso")
            .model("GX-100 PCIe")
            .serialNumber("GX1000007")
            .partNumber("GX-100-PCIE-80G")
            .firmwareVersion("96.00.5E.00.01")
            .deviceType(DeviceType.MULTI_FUNCTION)
            .pcIeInterface(
                new PCIeInterface()
                    .pcIeType(PCIeTypes.GEN4)
                    .maxPCIeType(PCIeTypes.GEN5)
                    .lanesInUse(16)
                    .maxLanes(16))
            .slot(
                new Slot()
                    .pcIeType(PCIeTypes.GEN5)
                    .lanes(16)
                    .slotType(SlotType.FULL_LENGTH)
                    .hotPluggable(true)
                    .location(
                        new Location()
                            .partLocation(
                                new PartLocation()
                                    .locationOrdinalValue(7)
                                    .locationType(LocationType.SLOT)
                                    .serviceLabel("Slot 7"))))
            .readyToRemove(false)
            .status(new Status().state(State.ENABLED).health(Health.OK))
            .environmentMetrics(
                ref("/redfish/v1/Chassis/Enclosure/PCIeDevices/Slot7/EnvironmentMetrics"))
            .links(
                new PCIeDeviceLinks()
                    .addChassisItem(ref("/redfish/v1/Chassis/Enclosure"))
                    .addProcessorsItem(ref("/redfish/v1/Chassis/Enclosure/Processors/GPU7"))
                    .addConnectedPCIePortsItem(
                        ref("/redfish/v1/Fabrics/PCIe/Switches/SW0/Ports/DS7")));

    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "@odata.id": "/redfish/v1/Chassis/Enclosure/PCIeDevices/Slot7",
                  "@odata.type": "#PCIeDevice.v1_21_0.PCIeDevice",
                  "@odata.etag": "W/\\"1a2b\\"",
                  "Id": "Slot7",
                  "Name": "GPU card in slot 7",
                  "Manufacturer": "Contoso",
                  "Model": "GX-100 PCIe",
                  "SerialNumber": "GX1000007",
                  "PartNumber": "GX-100-PCIE-80G",
                  "FirmwareVersion": "96.00.5E.00.01",
                  "DeviceType": "MultiFunction",
                  "PCIeInterface": {"PCIeType": "Gen4", "MaxPCIeType": "Gen5", "LanesInUse": 16, "MaxLanes": 16},
                  "Slot": {
                    "PCIeType": "Gen5",
                    "Lanes": 16,
                    "SlotType": "FullLength",
                    "HotPluggable": true,
                    "Location": {"PartLocation": {"LocationOrdinalValue": 7, "LocationType": "Slot", "ServiceLabel": "Slot 7"}}
                  },
                  "ReadyToRemove": false,
                  "Status": {"State": "Enabled", "Health": "OK"},
                  "EnvironmentMetrics": {"@odata.id": "/redfish/v1/Chassis/Enclosure/PCIeDevices/Slot7/EnvironmentMetrics"},
                  "Links": {
                    "Chassis": [{"@odata.id": "/redfish/v1/Chassis/Enclosure"}],
                    "Processors": [{"@odata.id": "/redfish/v1/Chassis/Enclosure/Processors/GPU7"}],
                    "ConnectedPCIePorts": [{"@odata.id": "/redfish/v1/Fabrics/PCIe/Switches/SW0/Ports/DS7"}]
                  }
                }
                """,
            device);

    assertAbsent(actual, "@odata.context", "Description", "Oem");
    assertAbsent(actual.get("Links"), "Switch");
    assertEquals(device, MAPPER.readValue(MAPPER.writeValueAsString(device), PCIeDevice.class));
  }

  @Test
  void switchDeviceAndEnumStrings() throws Exception {
    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "Id": "Retimer1",
                  "Name": "Host port 1 retimer",
                  "DeviceType": "Retimer",
                  "Slot": {"SlotType": "EDSFF"},
                  "Status": {"State": "Absent"},
                  "Links": {"Switch": {"@odata.id": "/redfish/v1/Fabrics/PCIe/Switches/SW0"}}
                }
                """,
            new PCIeDevice()
                .id("Retimer1")
                .name("Host port 1 retimer")
                .deviceType(DeviceType.RETIMER)
                .slot(new Slot().slotType(SlotType.EDSFF))
                .status(new Status().state(State.ABSENT))
                .links(
                    new PCIeDeviceLinks()._switch(ref("/redfish/v1/Fabrics/PCIe/Switches/SW0"))));
    assertAbsent(actual, "PCIeInterface", "ReadyToRemove", "EnvironmentMetrics", "FirmwareVersion");
    assertAbsent(actual.get("Slot"), "PCIeType", "Lanes", "HotPluggable", "Location");
    assertAbsent(actual.get("Links"), "Chassis", "Processors", "ConnectedPCIePorts");

    assertEquals("SingleFunction", DeviceType.SINGLE_FUNCTION.getValue());
    assertEquals("Simulated", DeviceType.SIMULATED.getValue());
    assertEquals("OCP3Small", SlotType.OCP3_SMALL.getValue());
    assertEquals("HalfLength", SlotType.HALF_LENGTH.getValue());
    assertEquals("Gen6", PCIeTypes.GEN6.getValue());
  }

  private static OdataIdRef ref(String uri) {
    return new OdataIdRef().atOdataId(uri);
  }

  private static void assertAbsent(JsonNode node, String... names) {
    for (String name : names) {
      assertFalse(node.has(name), name + " must be absent");
    }
  }

  /**
   * Serializes {@code model} to text and compares the parsed result with {@code expectedJson} as
   * trees.
   */
  private static JsonNode assertSerializesTo(String expectedJson, Object model)
      throws JsonProcessingException {
    JsonNode expected = MAPPER.readTree(expectedJson);
    JsonNode actual = MAPPER.readTree(MAPPER.writeValueAsString(model));
    assertEquals(
        expected,
        actual,
        () -> "expected " + expected.toPrettyString() + "\nbut was " + actual.toPrettyString());
    return actual;
  }
}
