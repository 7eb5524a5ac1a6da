package io.gpuchassis.redfish.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gpuchassis.redfish.json.RedfishJson;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Processor v1_22_0 serializes to Redfish property names: the GPU on the card in slot 7. */
class ProcessorTest {

  private static final ObjectMapper MAPPER = RedfishJson.mapper();

  @Test
  void gpu() throws Exception {
    Processor gpu =
        new Processor()
            .atOdataId("/redfish/v1/Chassis/Enclosure/Processors/GPU7")
            .atOdataType("#Processor.v1_22_0.Processor")
            .atOdataEtag("W/\"c0de\"")
            .id("GPU7")
            .name("GPU in slot 7")
            .processorType(ProcessorType.GPU)
            .manufacturer("Contoso")
            .model("GX-100")
            .serialNumber("GX1000007")
            .partNumber("GX-100-80G")
            .firmwareVersion("96.00.5E.00.01")
            .status(new Status().state(State.ENABLED).health(Health.OK))
            .tdPWatts(300)
            .maxTDPWatts(350)
            .location(
                new Location()
                    .partLocation(
                        new PartLocation()
                            .locationOrdinalValue(7)
                            .locationType(LocationType.SLOT)
                            .serviceLabel("Slot 7")))
            .addProcessorMemoryItem(
                new ProcessorMemory()
                    .memoryType(ProcessorMemoryType.HBM2_E)
                    .capacityMiB(81920)
                    .integratedMemory(true)
                    .speedMHz(1593))
            .memorySummary(
                new ProcessorMemorySummary().totalMemorySizeMiB(81920).ecCModeEnabled(true))
            .environmentMetrics(
                ref("/redfish/v1/Chassis/Enclosure/Processors/GPU7/EnvironmentMetrics"))
            .links(
                new ProcessorLinks()
                    .chassis(ref("/redfish/v1/Chassis/Enclosure"))
                    .pcIeDevice(ref("/redfish/v1/Chassis/Enclosure/PCIeDevices/Slot7"))
                    .addEndpointsItem(ref("/redfish/v1/Fabrics/PCIe/Endpoints/Slot7")));

    JsonNode actual =
        assertSerializesTo(
            """
                {
                  "@odata.id": "/redfish/v1/Chassis/Enclosure/Processors/GPU7",
                  "@odata.type": "#Processor.v1_22_0.Processor",
                  "@odata.etag": "W/\\"c0de\\"",
                  "Id": "GPU7",
                  "Name": "GPU in slot 7",
                  "ProcessorType": "GPU",
                  "Manufacturer": "Contoso",
                  "Model": "GX-100",
                  "SerialNumber": "GX1000007",
                  "PartNumber": "GX-100-80G",
                  "FirmwareVersion": "96.00.5E.00.01",
                  "Status": {"State": "Enabled", "Health": "OK"},
                  "TDPWatts": 300,
                  "MaxTDPWatts": 350,
                  "Location": {"PartLocation": {"LocationOrdinalValue": 7, "LocationType": "Slot", "ServiceLabel": "Slot 7"}},
                  "ProcessorMemory": [{"MemoryType": "HBM2E", "CapacityMiB": 81920, "IntegratedMemory": true, "SpeedMHz": 1593}],
                  "MemorySummary": {"TotalMemorySizeMiB": 81920, "ECCModeEnabled": true},
                  "EnvironmentMetrics": {"@odata.id": "/redfish/v1/Chassis/Enclosure/Processors/GPU7/EnvironmentMetrics"},
                  "Links": {
                    "Chassis": {"@odata.id": "/redfish/v1/Chassis/Enclosure"},
                    "PCIeDevice": {"@odata.id": "/redfish/v1/Chassis/Enclosure/PCIeDevices/Slot7"},
                    "Endpoints": [{"@odata.id": "/redfish/v1/Fabrics/PCIe/Endpoints/Slot7"}]
                  }
                }
                """,
            gpu);

    assertAbsent(actual, "@odata.context", "Description", "Oem");
    assertAbsent(actual.get("MemorySummary"), "TotalCacheSizeMiB");
    assertEquals(gpu, MAPPER.readValue(MAPPER.writeValueAsString(gpu), Processor.class));
  }

  @Test
  void minimalProcessorAndEnumStrings() throws Exception {
    JsonNode actual =
        assertSerializesTo(
            """
                {"Id": "FPGA1", "Name": "FPGA", "ProcessorType": "FPGA",
                 "ProcessorMemory": [{"MemoryType": "GDDR5X"}, {"MemoryType": "L1Cache"}, {"MemoryType": "Flash"}]}
                """,
            new Processor()
                .id("FPGA1")
                .name("FPGA")
                .processorType(ProcessorType.FPGA)
                .processorMemory(
                    List.of(
                        new ProcessorMemory().memoryType(ProcessorMemoryType.GDDR5_X),
                        new ProcessorMemory().memoryType(ProcessorMemoryType.L1_CACHE),
                        new ProcessorMemory().memoryType(ProcessorMemoryType.FLASH))));
    assertAbsent(actual, "TDPWatts", "MaxTDPWatts", "MemorySummary", "Links", "Location", "Status");
    assertAbsent(
        actual.get("ProcessorMemory").get(0), "CapacityMiB", "IntegratedMemory", "SpeedMHz");

    assertEquals("Accelerator", ProcessorType.ACCELERATOR.getValue());
    assertEquals("DSP", ProcessorType.DSP.getValue());
    assertEquals("OEM", ProcessorType.OEM.getValue());
    assertEquals("HBM3", ProcessorMemoryType.HBM3.getValue());
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
