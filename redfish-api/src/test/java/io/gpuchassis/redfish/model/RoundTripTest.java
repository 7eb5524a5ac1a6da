package io.gpuchassis.redfish.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gpuchassis.redfish.json.RedfishJson;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Deserialize Redfish JSON with the strict mapper, serialize it again, and get the same JSON and
 * object back.
 */
class RoundTripTest {

  private static final ObjectMapper MAPPER = RedfishJson.mapper();

  static Stream<Arguments> documents() {
    return Stream.of(
        Arguments.of(
            ServiceRoot.class,
            """
                        {
                          "@odata.context": "/redfish/v1/$metadata#ServiceRoot.ServiceRoot",
                          "@odata.id": "/redfish/v1/",
                          "@odata.type": "#ServiceRoot.v1_20_0.ServiceRoot",
                          "Id": "RootService",
                          "Name": "Root Service",
                          "RedfishVersion": "1.15.0",
                          "UUID": "92384634-2938-2342-8820-489239905423",
                          "ProtocolFeaturesSupported": {
                            "ExpandQuery": {"ExpandAll": true, "Levels": true, "MaxLevels": 6, "Links": true, "NoLinks": true},
                            "SelectQuery": false,
                            "FilterQuery": false,
                            "OnlyMemberQuery": true,
                            "ExcerptQuery": true
                          },
                          "Chassis": {"@odata.id": "/redfish/v1/Chassis"},
                          "Managers": {"@odata.id": "/redfish/v1/Managers"},
                          "SessionService": {"@odata.id": "/redfish/v1/SessionService"},
                          "AccountService": {"@odata.id": "/redfish/v1/AccountService"},
                          "ResourceBlocks": {"@odata.id": "/redfish/v1/ResourceBlocks"},
                          "Links": {"Sessions": {"@odata.id": "/redfish/v1/SessionService/Sessions"}}
                        }
                        """),
        Arguments.of(
            Chassis.class,
            """
                        {
                          "@odata.id": "/redfish/v1/Chassis/ExpansionEnclosure",
                          "@odata.type": "#Chassis.v1_28_0.Chassis",
                          "@odata.etag": "W/\\"3f2a\\"",
                          "Id": "ExpansionEnclosure",
                          "Name": "Expansion Enclosure",
                          "ChassisType": "Enclosure",
                          "Manufacturer": "Contoso",
                          "Model": "EXP9000",
                          "SKU": "159000",
                          "SerialNumber": "CONTSN85482754",
                          "PartNumber": "CONTPN009-200",
                          "AssetTag": "",
                          "PowerState": "On",
                          "Status": {"State": "Enabled", "Health": "OK"},
                          "Thermal": {"@odata.id": "/redfish/v1/Chassis/ExpansionEnclosure/Thermal"},
                          "Power": {"@odata.id": "/redfish/v1/Chassis/ExpansionEnclosure/Power"},
                          "Links": {
                            "ManagedBy": [{"@odata.id": "/redfish/v1/Managers/1"}],
                            "Contains": [{"@odata.id": "/redfish/v1/Chassis/ResourceTray1"}],
                            "ContainedBy": {"@odata.id": "/redfish/v1/Chassis/Rack"}
                          },
                          "Oem": {"Contoso": {"Tray": 4, "Flags": [true, null], "Note": null}}
                        }
                        """),
        Arguments.of(
            Manager.class,
            """
                        {
                          "@odata.type": "#Manager.v1_24_0.Manager",
                          "@odata.id": "/redfish/v1/Managers/1",
                          "Id": "1",
                          "Name": "Manager",
                          "ManagerType": "EnclosureManager",
                          "Description": "Contoso Expansion Manager",
                          "ServiceEntryPointUUID": "92384634-2938-2342-8820-489239905423",
                          "UUID": "58893887-8974-2487-2389-841168418919",
                          "Model": "Contoso Comp9000",
                          "DateTime": "2015-03-13T04:14:33+06:00",
                          "DateTimeLocalOffset": "+06:00",
                          "Status": {"State": "Enabled", "Health": "OK"},
                          "FirmwareVersion": "1.00",
                          "LogServices": {"@odata.id": "/redfish/v1/Managers/1/LogServices"},
                          "Links": {
                            "ManagerForChassis": [{"@odata.id": "/redfish/v1/Chassis/ExpansionEnclosure"}],
                            "ManagerInChassis": {"@odata.id": "/redfish/v1/Chassis/ExpansionEnclosure"}
                          },
                          "Actions": {
                            "#Manager.Reset": {
                              "target": "/redfish/v1/Managers/1/Actions/Manager.Reset",
                              "ResetType@Redfish.AllowableValues": ["ForceRestart", "GracefulRestart"]
                            }
                          }
                        }
                        """),
        Arguments.of(
            PCIeSlots.class,
            """
                        {
                          "@odata.id": "/redfish/v1/Chassis/1/PCIeSlots",
                          "@odata.type": "#PCIeSlots.v1_6_1.PCIeSlots",
                          "Id": "PCIeSlots",
                          "Name": "PCIe Slot Information",
                          "Slots": [
                            {"PCIeType": "Gen6", "Lanes": 16, "SlotType": "FullLength", "HotPluggable": true,
                             "Status": {"State": "Enabled", "Health": "OK", "HealthRollup": "OK"},
                             "Links": {"PCIeDevice": [{"@odata.id": "/redfish/v1/Chassis/1/PCIeDevices/GPU0"}]}},
                            {"PCIeType": "Gen3", "Lanes": 4, "SlotType": "M2",
                             "Location": {"PartLocation": {"LocationOrdinalValue": 7, "LocationType": "Connector"}},
                             "Status": {"State": "Disabled", "Health": "Critical"}}
                          ]
                        }
                        """),
        Arguments.of(
            ResourceCollection.class,
            """
                        {
                          "@odata.id": "/redfish/v1/Chassis",
                          "@odata.type": "#ChassisCollection.ChassisCollection",
                          "Name": "Chassis Collection",
                          "Members": [],
                          "Members@odata.count": 0
                        }
                        """),
        Arguments.of(
            SessionService.class,
            """
                        {
                          "@odata.id": "/redfish/v1/SessionService",
                          "@odata.type": "#SessionService.v1_2_0.SessionService",
                          "Id": "SessionService",
                          "Name": "Session Service",
                          "Description": "Session Service",
                          "Status": {"State": "Enabled", "Health": "OK"},
                          "ServiceEnabled": true,
                          "SessionTimeout": 30,
                          "Sessions": {"@odata.id": "/redfish/v1/SessionService/Sessions"}
                        }
                        """),
        Arguments.of(
            ODataServiceDocument.class,
            """
                        {
                          "@odata.context": "/redfish/v1/$metadata",
                          "value": [{"name": "Service", "kind": "Singleton", "url": "/redfish/v1/"}]
                        }
                        """),
        Arguments.of(
            RedfishError.class,
            """
                        {
                          "error": {
                            "code": "Base.1.22.GeneralError",
                            "message": "A general error has occurred.",
                            "@Message.ExtendedInfo": [{
                              "MessageId": "Base.1.22.PropertyValueNotInList",
                              "MessageArgs": ["Sideways", "PowerState"],
                              "MessageSeverity": "Warning",
                              "RelatedProperties": ["/PowerState"]
                            }]
                          }
                        }
                        """));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("documents")
  void roundTrip(Class<?> type, String json) throws Exception {
    JsonNode original = MAPPER.readTree(json);

    Object model = MAPPER.readValue(json, type);
    String written = MAPPER.writeValueAsString(model);

    assertEquals(
        original,
        MAPPER.readTree(written),
        () -> "expected " + original.toPrettyString() + "\nbut was " + written);
    assertEquals(model, MAPPER.readValue(written, type));
  }
}
