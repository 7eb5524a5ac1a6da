package io.gpuchassis.redfish.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gpuchassis.redfish.json.RedfishJson;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChassisTest {

  private static final ObjectMapper MAPPER = RedfishJson.mapper();

  @Test
  void chassisWithStatusAndManagedBy() throws Exception {
    Chassis chassis =
        new Chassis()
            .atOdataId("/redfish/v1/Chassis/Enclosure")
            .atOdataType("#Chassis.v1_28_0.Chassis")
            .id("Enclosure")
            .name("GPU Expansion Enclosure")
            .chassisType(ChassisType.EXPANSION)
            .manufacturer("Contoso")
            .model("GX-8")
            .SKU("GX8-16")
            .serialNumber("SN0001")
            .partNumber("PN-42")
            .UUID("58893887-8974-2487-2389-841168418919")
            .powerState(PowerState.ON)
            .status(
                new Status()
                    .state(State.STANDBY_OFFLINE)
                    .health(Health.OK)
                    .healthRollup(Health.WARNING))
            .location(
                new Location()
                    .partLocation(
                        new PartLocation()
                            .locationType(LocationType.BAY)
                            .locationOrdinalValue(2)
                            .serviceLabel("Rack 3 U12")))
            .locationIndicatorActive(false)
            .pcIeSlots(ref("/redfish/v1/Chassis/Enclosure/PCIeSlots"))
            .pcIeDevices(ref("/redfish/v1/Chassis/Enclosure/PCIeDevices"))
            .thermalSubsystem(ref("/redfish/v1/Chassis/Enclosure/ThermalSubsystem"))
            .links(new ChassisLinks().addManagedByItem(ref("/redfish/v1/Managers/BMC")))
            .actions(
                new ChassisActions()
                    .hashChassisReset(
                        new ResetAction()
                            .target("/redfish/v1/Chassis/Enclosure/Actions/Chassis.Reset")
                            .resetTypeAtRedfishAllowableValues(
                                List.of(
                                    ResetType.ON, ResetType.FORCE_OFF, ResetType.POWER_CYCLE))));

    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "@odata.id": "/redfish/v1/Chassis/Enclosure",
                  "@odata.type": "#Chassis.v1_28_0.Chassis",
                  "Id": "Enclosure",
                  "Name": "GPU Expansion Enclosure",
                  "ChassisType": "Expansion",
                  "Manufacturer": "Contoso",
                  "Model": "GX-8",
                  "SKU": "GX8-16",
                  "SerialNumber": "SN0001",
                  "PartNumber": "PN-42",
                  "UUID": "58893887-8974-2487-2389-841168418919",
                  "PowerState": "On",
                  "Status": {"State": "StandbyOffline", "Health": "OK", "HealthRollup": "Warning"},
                  "Location": {"PartLocation": {"LocationOrdinalValue": 2, "LocationType": "Bay", "ServiceLabel": "Rack 3 U12"}},
                  "LocationIndicatorActive": false,
                  "PCIeSlots": {"@odata.id": "/redfish/v1/Chassis/Enclosure/PCIeSlots"},
                  "PCIeDevices": {"@odata.id": "/redfish/v1/Chassis/Enclosure/PCIeDevices"},
                  "ThermalSubsystem": {"@odata.id": "/redfish/v1/Chassis/Enclosure/ThermalSubsystem"},
                  "Links": {"ManagedBy": [{"@odata.id": "/redfish/v1/Managers/BMC"}]},
                  "Actions": {
                    "#Chassis.Reset": {
                      "target": "/redfish/v1/Chassis/Enclosure/Actions/Chassis.Reset",
                      "ResetType@Redfish.AllowableValues": ["On", "ForceOff", "PowerCycle"]
                    }
                  }
                }
                """,
            chassis);

    // Unset arrays are absent, not [] (containerDefaultToNull), and so are unset objects.
    JsonNode links = actual.get("Links");
    for (String unset :
        new String[] {
          "Contains", "ContainedBy", "Switches", "PCIeDevices", "Processors", "ResourceBlocks"
        }) {
      assertFalse(links.has(unset), "Links." + unset + " must be absent");
    }
    for (String unset :
        new String[] {"Description", "AssetTag", "Oem", "Thermal", "Power", "Sensors"}) {
      assertFalse(actual.has(unset), unset + " must be absent");
    }
  }

  @Test
  void minimalChassisHasOnlyTheSetProperties() throws Exception {
    assertSerializesTo(
        """
                {"Id": "1", "Name": "Chassis 1", "ChassisType": "Expansion", "Status": {"State": "Absent"}}
                """,
        new Chassis()
            .id("1")
            .name("Chassis 1")
            .chassisType(ChassisType.EXPANSION)
            .status(new Status().state(State.ABSENT)));
  }

  @Test
  void managerDateTimeKeepsItsOffset() throws Exception {
    Manager manager =
        new Manager()
            .atOdataId("/redfish/v1/Managers/BMC")
            .atOdataType("#Manager.v1_24_0.Manager")
            .id("BMC")
            .name("Chassis manager")
            .managerType(ManagerType.ENCLOSURE_MANAGER)
            .firmwareVersion("0.1.0")
            .dateTime(OffsetDateTime.of(2025, 3, 13, 4, 14, 33, 0, ZoneOffset.ofHours(6)))
            .dateTimeLocalOffset("+06:00")
            .powerState(PowerState.ON)
            .status(new Status().state(State.ENABLED).health(Health.OK))
            .links(
                new ManagerLinks()
                    .addManagerForChassisItem(ref("/redfish/v1/Chassis/Enclosure"))
                    .managerInChassis(ref("/redfish/v1/Chassis/Enclosure")))
            .actions(
                new ManagerActions()
                    .hashManagerReset(
                        new ResetAction()
                            .target("/redfish/v1/Managers/BMC/Actions/Manager.Reset")
                            .addResetTypeAtRedfishAllowableValuesItem(ResetType.GRACEFUL_RESTART)))
            .putOemItem("GpuChassis", java.util.Map.of("AgentBuild", "abc123"));

    assertSerializesTo(
        """
                {
                  "@odata.id": "/redfish/v1/Managers/BMC",
                  "@odata.type": "#Manager.v1_24_0.Manager",
                  "Id": "BMC",
                  "Name": "Chassis manager",
                  "ManagerType": "EnclosureManager",
                  "FirmwareVersion": "0.1.0",
                  "DateTime": "2025-03-13T04:14:33+06:00",
                  "DateTimeLocalOffset": "+06:00",
                  "PowerState": "On",
                  "Status": {"State": "Enabled", "Health": "OK"},
                  "Links": {
                    "ManagerForChassis": [{"@odata.id": "/redfish/v1/Chassis/Enclosure"}],
                    "ManagerInChassis": {"@odata.id": "/redfish/v1/Chassis/Enclosure"}
                  },
                  "Actions": {
                    "#Manager.Reset": {
                      "target": "/redfish/v1/Managers/BMC/Actions/Manager.Reset",
                      "ResetType@Redfish.AllowableValues": ["GracefulRestart"]
                    }
                  },
                  "Oem": {"GpuChassis": {"AgentBuild": "abc123"}}
                }
                """,
        manager);

    Manager read = MAPPER.readValue(MAPPER.writeValueAsString(manager), Manager.class);
    assertEquals(ZoneOffset.ofHours(6), read.getDateTime().getOffset());
    assertEquals(manager, read);
  }

  private static OdataIdRef ref(String uri) {
    return new OdataIdRef().atOdataId(uri);
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
