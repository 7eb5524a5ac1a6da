package io.gpuchassis.agent.redfish.composition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.host.MigPartition;
import io.gpuchassis.agent.redfish.ChassisFixture;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.message.MessageInstance;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The MIG devices of a device in a HostReport: read when well formed, refused with the Base message
 * pointing at the first bad value otherwise.
 */
class HostPartitionsRequestTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String MIG1 = "MIG-c7384736-a75d-5afc-978f-d2f1294409fd";
  private static final String MIG2 = "MIG-a28ad590-3fda-56dd-84fc-0a0b96edc58d";

  private static HostReportRequest read(String partitions) throws Exception {
    ObjectNode body =
        (ObjectNode)
            JSON.readTree(
                "{\"SystemUUID\": \"4c4c4544-0042-3510-8052-b4c04f4b4e31\", \"Devices\": [{"
                    + "\"ResourceBlock\": {\"@odata.id\":"
                    + " \"/redfish/v1/CompositionService/ResourceBlocks/GPU-Slot3\"},"
                    + " \"HostAddress\": \"0000:41:00.0\", \"DeviceUUID\":"
                    + " \"GPU-5a3c4d1e-8f90-4b2a-9c6d-0e1f2a3b4c5d\""
                    + (partitions == null ? "" : ", \"Partitions\": " + partitions)
                    + "}]}");
    return HostReportRequest.read(body, ChassisFixture.healthy());
  }

  private static void refused(String partitions, String message, String pointer) {
    RedfishException e = assertThrows(RedfishException.class, () -> read(partitions));
    assertEquals(400, e.status());
    MessageInstance m = e.messages().get(0);
    assertEquals(message, m.definition().key(), partitions);
    assertEquals(List.of(pointer), m.relatedProperties(), partitions);
  }

  @Test
  void the_partitions_are_read_and_none_when_absent() throws Exception {
    assertEquals(
        List.of(
            new MigPartition(1, "3g.20gb", MIG1),
            new MigPartition(2, "1c.3g.20gb", "MIG-GPU-5d5ba0d6-d33d-2b2c-524d-9e3d8d2b8a77/2/0")),
        read("[{\"Index\": 1, \"Profile\": \"3g.20gb\", \"UUID\": \""
                + MIG1
                + "\"}, {\"Index\": 2, \"Profile\": \"1c.3g.20gb\", \"UUID\":"
                + " \"MIG-GPU-5d5ba0d6-d33d-2b2c-524d-9e3d8d2b8a77/2/0\"}]")
            .devices()
            .get(0)
            .partitions());
    assertEquals(List.of(), read(null).devices().get(0).partitions());
    assertEquals(List.of(), read("[]").devices().get(0).partitions());
  }

  @Test
  void a_bad_partition_is_refused_at_its_value() {
    String p0 = "/Devices/0/Partitions/0";
    refused("{}", "ActionParameterValueTypeError", "/Devices/0/Partitions");
    refused("[3]", "ActionParameterValueTypeError", p0);
    refused(
        "[{\"Index\": 0, \"Profile\": \"3g.20gb\", \"UUID\": \"" + MIG1 + "\", \"Memory\": 1}]",
        "ActionParameterValueError",
        p0 + "/Memory");
    refused(
        "[{\"Index\": -1, \"Profile\": \"3g.20gb\", \"UUID\": \"" + MIG1 + "\"}]",
        "ActionParameterValueFormatError",
        p0 + "/Index");
    refused(
        "[{\"Index\": 1.5, \"Profile\": \"3g.20gb\", \"UUID\": \"" + MIG1 + "\"}]",
        "ActionParameterValueFormatError",
        p0 + "/Index");
    refused(
        "[{\"Profile\": \"3g.20gb\", \"UUID\": \"" + MIG1 + "\"}]",
        "ActionParameterValueFormatError",
        p0 + "/Index");
    refused(
        "[{\"Index\": 0, \"Profile\": \"3g 20gb\", \"UUID\": \"" + MIG1 + "\"}]",
        "ActionParameterValueFormatError",
        p0 + "/Profile");
    refused(
        "[{\"Index\": 0, \"Profile\": \"3g.20gb\", \"UUID\": \"GPU-c7384736-a75d-5afc-978f-d2f1294409fd\"}]",
        "ActionParameterValueFormatError",
        p0 + "/UUID");
    refused(
        "[{\"Index\": 0, \"Profile\": \"3g.20gb\", \"UUID\": \""
            + MIG1
            + "\"}, {\"Index\": 0, \"Profile\": \"3g.20gb\", \"UUID\": \""
            + MIG2
            + "\"}]",
        "ActionParameterValueError",
        "/Devices/0/Partitions/1/Index");
    refused(
        "[{\"Index\": 0, \"Profile\": \"3g.20gb\", \"UUID\": \""
            + MIG1
            + "\"}, {\"Index\": 1, \"Profile\": \"3g.20gb\", \"UUID\": \""
            + MIG1
            + "\"}]",
        "ActionParameterValueError",
        "/Devices/0/Partitions/1/UUID");
  }
}
