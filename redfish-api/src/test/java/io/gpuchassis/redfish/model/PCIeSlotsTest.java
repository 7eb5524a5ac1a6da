package io.gpuchassis.redfish.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gpuchassis.redfish.json.RedfishJson;
import org.junit.jupiter.api.Test;

class PCIeSlotsTest {

  private static final ObjectMapper MAPPER = RedfishJson.mapper();

  @Test
  void twoSlots() throws Exception {
    PCIeSlots slots =
        new PCIeSlots()
            .atOdataId("/redfish/v1/Chassis/Enclosure/PCIeSlots")
            .atOdataType("#PCIeSlots.v1_6_1.PCIeSlots")
            .id("PCIeSlots")
            .name("PCIe Slot Information")
            .addSlotsItem(
                new PCIeSlot()
                    .pcIeType(PCIeTypes.GEN5)
                    .lanes(16)
                    .slotType(SlotTypes.FULL_LENGTH)
                    .hotPluggable(true)
                    .location(slotLocation(1, "GPU 1"))
                    .status(new Status().state(State.ENABLED).health(Health.OK))
                    .links(
                        new PCIeLinks()
                            .addPcIeDeviceItem(
                                new OdataIdRef()
                                    .atOdataId("/redfish/v1/Chassis/Enclosure/PCIeDevices/GPU1"))))
            .addSlotsItem(
                new PCIeSlot()
                    .pcIeType(PCIeTypes.GEN4)
                    .lanes(8)
                    .slotType(SlotTypes.OCP3_SMALL)
                    .hotPluggable(false)
                    .location(slotLocation(2, "NIC"))
                    .status(new Status().state(State.ABSENT)));

    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "@odata.id": "/redfish/v1/Chassis/Enclosure/PCIeSlots",
                  "@odata.type": "#PCIeSlots.v1_6_1.PCIeSlots",
                  "Id": "PCIeSlots",
                  "Name": "PCIe Slot Information",
                  "Slots": [
                    {
                      "PCIeType": "Gen5",
                      "Lanes": 16,
                      "SlotType": "FullLength",
                      "HotPluggable": true,
                      "Location": {"PartLocation": {"LocationOrdinalValue": 1, "LocationType": "Slot", "ServiceLabel": "GPU 1"}},
                      "Status": {"State": "Enabled", "Health": "OK"},
                      "Links": {"PCIeDevice": [{"@odata.id": "/redfish/v1/Chassis/Enclosure/PCIeDevices/GPU1"}]}
                    },
                    {
                      "PCIeType": "Gen4",
                      "Lanes": 8,
                      "SlotType": "OCP3Small",
                      "HotPluggable": false,
                      "Location": {"PartLocation": {"LocationOrdinalValue": 2, "LocationType": "Slot", "ServiceLabel": "NIC"}},
                      "Status": {"State": "Absent"}
                    }
                  ]
                }
                """,
            slots);

    JsonNode first = actual.get("Slots").get(0);
    assertFalse(first.get("Links").has("Processors"), "unset array must be absent, not []");
    assertFalse(first.has("Oem"));
    assertFalse(first.has("LocationIndicatorActive"));
  }

  @Test
  void everyEnumSerializesToItsRedfishString() throws Exception {
    assertEquals("\"Gen1\"", MAPPER.writeValueAsString(PCIeTypes.GEN1));
    assertEquals("\"Gen6\"", MAPPER.writeValueAsString(PCIeTypes.GEN6));
    assertEquals("\"M2\"", MAPPER.writeValueAsString(SlotTypes.M2));
    assertEquals("\"OEM\"", MAPPER.writeValueAsString(SlotTypes.OEM));
    assertEquals("\"OCP3Large\"", MAPPER.writeValueAsString(SlotTypes.OCP3_LARGE));
    assertEquals("\"U2\"", MAPPER.writeValueAsString(SlotTypes.U2));
    assertEquals("\"UnavailableOffline\"", MAPPER.writeValueAsString(State.UNAVAILABLE_OFFLINE));
    assertEquals("\"Off\"", MAPPER.writeValueAsString(PowerState.OFF));
    assertEquals("\"BMC\"", MAPPER.writeValueAsString(ManagerType.BMC));
    assertEquals("\"IPBasedDrive\"", MAPPER.writeValueAsString(ChassisType.IP_BASED_DRIVE));
    assertEquals("\"Nmi\"", MAPPER.writeValueAsString(ResetType.NMI));
    // Every constant round-trips through its JSON string.
    for (Class<? extends Enum<?>> type :
        java.util.List.<Class<? extends Enum<?>>>of(
            State.class,
            Health.class,
            PowerState.class,
            ChassisType.class,
            ManagerType.class,
            PCIeTypes.class,
            SlotTypes.class,
            LocationType.class,
            MessageSeverity.class,
            ResetType.class)) {
      for (Enum<?> constant : type.getEnumConstants()) {
        String json = MAPPER.writeValueAsString(constant);
        assertEquals(constant.toString(), MAPPER.readValue(json, String.class));
        assertEquals(constant, MAPPER.readValue(json, type));
      }
    }
  }

  private static Location slotLocation(int ordinal, String label) {
    return new Location()
        .partLocation(
            new PartLocation()
                .locationOrdinalValue(ordinal)
                .locationType(LocationType.SLOT)
                .serviceLabel(label));
  }

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
