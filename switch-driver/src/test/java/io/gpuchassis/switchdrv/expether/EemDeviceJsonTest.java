package io.gpuchassis.switchdrv.expether;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Device records in the forms the manager writes them (numbers as strings, or as numbers). */
class EemDeviceJsonTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void a_host_record_with_numbers_as_strings() throws Exception {
    EemDevice host =
        EemDeviceJson.read(
            json(
                """
                {"id": "0x8cdf9d000001", "status": "eesv", "update_time": "1518999910510",
                 "mac_address": "8c:df:9d:00:00:01", "group_id": "4094", "type": "40g",
                 "power_status": "on", "ee_version": "v1.0", "serial_number": "S1",
                 "model": "ExpEther Board (40G)", "max_eeio_count": "16",
                 "host_serial_number": "", "host_model": "", "pcie_link_width": "x8",
                 "notification_status0": ["up", "down"], "notification_status1": ["down", "down"]}
                """));
    assertEquals(EemRole.EESV, host.role());
    assertEquals(4094, host.groupId());
    assertTrue(host.isUnassignedHost());
    assertEquals(OptionalInt.of(16), host.maxEeioCount());
    assertEquals(Instant.ofEpochMilli(1518999910510L), host.updateTime().orElseThrow());
    assertEquals(List.of("up", "down"), host.notificationStatus0());
    assertFalse(host.port0Down());
    assertTrue(host.pcie().isEmpty());
  }

  @Test
  void a_40g_io_record_names_its_gpu_and_a_numeric_update_time_reads_too() throws Exception {
    EemDevice io =
        EemDeviceJson.read(
            json(
                """
                {"id": "0x8cdf9d000002", "status": "eeio", "update_time": 1428979350749,
                 "group_id": "4093", "type": "40g",
                 "pcie_vendor_id": "0x10de", "pcie_device_id": "0x20b5",
                 "pcie_class_code": "0x030200",
                 "notification_status0": ["down", "down"], "notification_status1": ["up", "up"]}
                """));
    assertTrue(io.isFree());
    assertTrue(io.port0Down());
    EemPcieIds ids = io.pcie().orElseThrow();
    assertEquals(0x10de, ids.vendorId());
    assertEquals(0x20b5, ids.deviceId());
    assertEquals(0x03, ids.baseClass());
    assertTrue(ids.isGpu());
    assertEquals(Instant.ofEpochMilli(1428979350749L), io.updateTime().orElseThrow());
    assertTrue(io.maxEeioCount().isEmpty());
  }

  @Test
  void a_record_without_its_group_or_with_an_unknown_role_is_malformed() throws Exception {
    EemException noGroup =
        assertThrows(
            EemException.class,
            () -> EemDeviceJson.read(json("{\"id\": \"0x1\", \"status\": \"eeio\"}")));
    assertEquals(EemException.Kind.MALFORMED, noGroup.kind());
    EemException role =
        assertThrows(
            EemException.class,
            () ->
                EemDeviceJson.read(
                    json("{\"id\": \"0x1\", \"status\": \"eexx\", \"group_id\": \"17\"}")));
    assertEquals(EemException.Kind.MALFORMED, role.kind());
    EemException group =
        assertThrows(
            EemException.class,
            () ->
                EemDeviceJson.read(
                    json("{\"id\": \"0x1\", \"status\": \"eeio\", \"group_id\": \"seven\"}")));
    assertEquals(EemException.Kind.MALFORMED, group.kind());
  }

  private static JsonNode json(String text) throws Exception {
    return JSON.readTree(text);
  }
}
