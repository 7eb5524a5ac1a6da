package io.gpuchassis.redfish.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gpuchassis.redfish.json.RedfishJson;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * ComputerSystem v1_27_0 serializes to Redfish property names: an expandable host and a composed
 * system.
 */
class ComputerSystemTest {

  private static final ObjectMapper MAPPER = RedfishJson.mapper();

  @Test
  void expandableHostWithResourceBlockActions() throws Exception {
    ComputerSystem system =
        new ComputerSystem()
            .atOdataId("/redfish/v1/Systems/Host2")
            .atOdataType("#ComputerSystem.v1_27_0.ComputerSystem")
            .atOdataEtag("W/\"e4c2\"")
            .id("Host2")
            .name("Host on port 2")
            .description("The server cabled to host port 2")
            .systemType(SystemType.PHYSICAL)
            .manufacturer("Contoso")
            .model("R750")
            .UUID("37596f04-b032-48ce-9bad-7d55a61fe579")
            .powerState(PowerState.ON)
            .status(new Status().state(State.ENABLED).health(Health.OK))
            .processors(ref("/redfish/v1/Systems/Host2/Processors"))
            .addPcIeDevicesItem(ref("/redfish/v1/Chassis/Enclosure/PCIeDevices/Slot7"))
            .composition(new Composition().addUseCasesItem(CompositionUseCase.EXPANDABLE_SYSTEM))
            .links(
                new ComputerSystemLinks()
                    .addResourceBlocksItem(
                        ref("/redfish/v1/CompositionService/ResourceBlocks/Host2"))
                    .addResourceBlocksItem(
                        ref("/redfish/v1/CompositionService/ResourceBlocks/GPU7"))
                    .addChassisItem(ref("/redfish/v1/Chassis/Enclosure"))
                    .addManagedByItem(ref("/redfish/v1/Managers/BMC")))
            .actions(
                new ComputerSystemActions()
                    .hashComputerSystemAddResourceBlock(
                        new ActionTarget()
                            .target(
                                "/redfish/v1/Systems/Host2/Actions/ComputerSystem.AddResourceBlock")
                            .atRedfishActionInfo(
                                "/redfish/v1/Systems/Host2/AddResourceBlockActionInfo"))
                    .hashComputerSystemRemoveResourceBlock(
                        new ActionTarget()
                            .target(
                                "/redfish/v1/Systems/Host2/Actions/ComputerSystem.RemoveResourceBlock")));

    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "@odata.id": "/redfish/v1/Systems/Host2",
                  "@odata.type": "#ComputerSystem.v1_27_0.ComputerSystem",
                  "@odata.etag": "W/\\"e4c2\\"",
                  "Id": "Host2",
                  "Name": "Host on port 2",
                  "Description": "The server cabled to host port 2",
                  "SystemType": "Physical",
                  "Manufacturer": "Contoso",
                  "Model": "R750",
                  "UUID": "37596f04-b032-48ce-9bad-7d55a61fe579",
                  "PowerState": "On",
                  "Status": {"State": "Enabled", "Health": "OK"},
                  "Processors": {"@odata.id": "/redfish/v1/Systems/Host2/Processors"},
                  "PCIeDevices": [{"@odata.id": "/redfish/v1/Chassis/Enclosure/PCIeDevices/Slot7"}],
                  "Composition": {"UseCases": ["ExpandableSystem"]},
                  "Links": {
                    "ResourceBlocks": [
                      {"@odata.id": "/redfish/v1/CompositionService/ResourceBlocks/Host2"},
                      {"@odata.id": "/redfish/v1/CompositionService/ResourceBlocks/GPU7"}
                    ],
                    "Chassis": [{"@odata.id": "/redfish/v1/Chassis/Enclosure"}],
                    "ManagedBy": [{"@odata.id": "/redfish/v1/Managers/BMC"}]
                  },
                  "Actions": {
                    "#ComputerSystem.AddResourceBlock": {
                      "target": "/redfish/v1/Systems/Host2/Actions/ComputerSystem.AddResourceBlock",
                      "@Redfish.ActionInfo": "/redfish/v1/Systems/Host2/AddResourceBlockActionInfo"
                    },
                    "#ComputerSystem.RemoveResourceBlock": {
                      "target": "/redfish/v1/Systems/Host2/Actions/ComputerSystem.RemoveResourceBlock"
                    }
                  }
                }
                """,
            system);

    assertAbsent(actual, "@odata.context", "Oem");
    assertAbsent(actual.get("Actions"), "#ComputerSystem.Reset", "Oem");
    assertEquals(system, MAPPER.readValue(MAPPER.writeValueAsString(system), ComputerSystem.class));
  }

  @Test
  void composedSystemWithReset() throws Exception {
    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "@odata.id": "/redfish/v1/Systems/Composed1",
                  "@odata.type": "#ComputerSystem.v1_27_0.ComputerSystem",
                  "Id": "Composed1",
                  "Name": "Composed system",
                  "SystemType": "Composed",
                  "Composition": {"UseCases": []},
                  "Actions": {
                    "#ComputerSystem.Reset": {
                      "target": "/redfish/v1/Systems/Composed1/Actions/ComputerSystem.Reset",
                      "ResetType@Redfish.AllowableValues": ["On", "ForceOff"]
                    }
                  }
                }
                """,
            new ComputerSystem()
                .atOdataId("/redfish/v1/Systems/Composed1")
                .atOdataType("#ComputerSystem.v1_27_0.ComputerSystem")
                .id("Composed1")
                .name("Composed system")
                .systemType(SystemType.COMPOSED)
                .composition(new Composition().useCases(List.of()))
                .actions(
                    new ComputerSystemActions()
                        .hashComputerSystemReset(
                            new ResetAction()
                                .target(
                                    "/redfish/v1/Systems/Composed1/Actions/ComputerSystem.Reset")
                                .resetTypeAtRedfishAllowableValues(
                                    List.of(ResetType.ON, ResetType.FORCE_OFF)))));
    assertAbsent(actual, "UUID", "PowerState", "Status", "PCIeDevices", "Links", "@odata.etag");
    assertAbsent(
        actual.get("Actions"),
        "#ComputerSystem.AddResourceBlock",
        "#ComputerSystem.RemoveResourceBlock");
  }

  @Test
  void enumStrings() throws Exception {
    assertSerializesTo(
        """
                {"SystemType": "PhysicallyPartitioned", "Composition": {"UseCases": ["ResourceBlockCapable"]}}
                """,
        new ComputerSystem()
            .systemType(SystemType.PHYSICALLY_PARTITIONED)
            .composition(
                new Composition().addUseCasesItem(CompositionUseCase.RESOURCE_BLOCK_CAPABLE)));
    assertEquals("Virtual", SystemType.VIRTUAL.getValue());
    assertEquals("OS", SystemType.OS.getValue());
    assertEquals("VirtuallyPartitioned", SystemType.VIRTUALLY_PARTITIONED.getValue());
    assertEquals("DPU", SystemType.DPU.getValue());
  }

  @Test
  void readsASpecificCompositionRequestStrictly() throws Exception {
    ComputerSystem request =
        MAPPER.readValue(
            """
                {"Name": "GPU host", "Links": {"ResourceBlocks": [
                  {"@odata.id": "/redfish/v1/CompositionService/ResourceBlocks/Host2"},
                  {"@odata.id": "/redfish/v1/CompositionService/ResourceBlocks/GPU7"}]}}
                """,
            ComputerSystem.class);
    assertEquals("GPU host", request.getName());
    assertEquals(2, request.getLinks().getResourceBlocks().size());
    assertNull(request.getId());
    assertNull(request.getSystemType());
  }

  private static OdataIdRef ref(String uri) {
    return new OdataIdRef().atOdataId(uri);
  }

  /**
   * A Boot with nothing known stays in the payload as an empty object (sushy's System model
   * requires Boot).
   */
  @Test
  void emptyBootIsKept() throws Exception {
    assertSerializesTo(
        """
                {"@odata.id": "/redfish/v1/Systems/Host1", "@odata.type": "#ComputerSystem.v1_27_0.ComputerSystem",
                 "Id": "Host1", "Name": "Host1", "Boot": {}}
                """,
        new ComputerSystem()
            .atOdataId("/redfish/v1/Systems/Host1")
            .atOdataType("#ComputerSystem.v1_27_0.ComputerSystem")
            .id("Host1")
            .name("Host1")
            .boot(new Boot()));
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
