package io.gpuchassis.switchdrv.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.switchdrv.FirmwareType;
import io.gpuchassis.switchdrv.FirmwareVersion;
import io.gpuchassis.switchdrv.Generation;
import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.wire.Crc32;
import io.gpuchassis.switchdrv.wire.LeWriter;
import org.junit.jupiter.api.Test;

/**
 * GAS register blocks, device IDs and the image format; offsets from the reference §2.2, §2.8 and
 * §3.
 */
class GasBlocksTest {

  @Test
  void device_ids_decode_generation_family_and_lanes() {
    // §2.2: Gen6 0x62xx PFX, low byte 0x60 = 160 lanes; 0x44 = 144
    assertEquals(Generation.GEN6, DeviceIds.generation(0x6260));
    assertEquals("PFX", DeviceIds.variant(0x6260));
    assertEquals(160, DeviceIds.lanes(0x6260));
    assertEquals(144, DeviceIds.lanes(0x6344));
    assertEquals("PSX", DeviceIds.variant(0x6344));
    // Gen4 0x40xx PFX, low byte 0x00 = 100 lanes; 0x4152 PSX 52 lanes; Gen5 0x5084 PFX 84
    assertEquals(Generation.GEN4, DeviceIds.generation(0x4000));
    assertEquals(100, DeviceIds.lanes(0x4000));
    assertEquals("PSX", DeviceIds.variant(0x4152));
    assertEquals(52, DeviceIds.lanes(0x4152));
    assertEquals(Generation.GEN5, DeviceIds.generation(0x5084));
    assertEquals(84, DeviceIds.lanes(0x5084));
    // Gen3 0x853x PFX, last digit 6 = 96 lanes
    assertEquals(Generation.GEN3, DeviceIds.generation(0x8536));
    assertEquals(96, DeviceIds.lanes(0x8536));
    assertThrows(SwitchException.class, () -> DeviceIds.generation(0x1234));
  }

  @Test
  void sys_info_block() {
    // §3: device_id @0x00, device_version @0x04, firmware_version @0x08, serial u32[2] @0x120,
    // vendor char[8] @0x13C, product char[24] @0x144, revision char[2] @0x15C
    byte[] block = new byte[SysInfo.LENGTH];
    LeWriter.putU32(block, 0x00, 0x6260);
    LeWriter.putU32(block, 0x04, 0x100);
    LeWriter.putU32(block, 0x08, 0x0920004A);
    LeWriter.putU16(block, 0x110, 0x11F8);
    LeWriter.putU32(block, 0x120, 0x6A1C0001L);
    System.arraycopy("MCHP    ".getBytes(), 0, block, 0x13C, 8);
    System.arraycopy("PFX 160xG6              ".getBytes(), 0, block, 0x144, 24);
    System.arraycopy("B0".getBytes(), 0, block, 0x15C, 2);
    SysInfo s = SysInfo.decode(block);
    assertEquals(
        new SysInfo(0x6260, 0x100, 0x0920004A, 0x11F8, 0x6A1C0001L, "MCHP", "PFX 160xG6", "B0"), s);
    byte[] again = new byte[SysInfo.LENGTH];
    s.writeInto(again, 0);
    assertEquals(s, SysInfo.decode(again));
  }

  @Test
  void top_config_maps_pff_to_physical_port() {
    // §3: partition_count @0x1007, partition_id @0x1008, pff_count @0x1009, pff_port[] @0x100A
    byte[] block = new byte[TopConfig.LENGTH];
    block[7] = 2;
    block[9] = 3;
    block[0x0A] = 5;
    block[0x0B] = 0;
    block[0x0C] = 9;
    TopConfig t = TopConfig.decode(block);
    assertEquals(2, t.partitionCount());
    assertEquals(2, t.pffOf(9));
    assertEquals(-1, t.pffOf(7));
  }

  @Test
  void port_capabilities_walk_the_capability_list() {
    // PCI: cap pointer @0x34; PCIe capability ID 0x10; Link Capabilities @cap+0x0C (speed 3:0,
    // width 9:4)
    byte[] cfg = new byte[0x100];
    LeWriter.putU16(cfg, 0, 0x11F8);
    cfg[0x34] = 0x48;
    cfg[0x48] = 0x01; // power management first
    cfg[0x49] = 0x60;
    cfg[0x60] = 0x10;
    LeWriter.putU32(cfg, 0x6C, 5 | 16 << 4);
    assertEquals(new PortCapabilities(5, 16), PortCapabilities.decode(cfg));
    cfg[0x60] = 0x05;
    assertThrows(SwitchException.class, () -> PortCapabilities.decode(cfg));
  }

  @Test
  void firmware_image_metadata() {
    // §2.8: "MSCC" "_MD " metadata of 628 bytes: header_len @16, image_len @24, type @28, version
    // @36,
    // image_crc @0x54, xml_version @612, header_crc @0x270
    byte[] body = "switch firmware body".getBytes();
    byte[] file =
        FirmwareImage.build(
            FirmwareType.IMG, Generation.GEN6, FirmwareVersion.parse("9.21 B001"), 7, body);
    assertEquals(628 + body.length, file.length);
    assertEquals('M', file[0]);
    assertEquals(' ', file[7]);
    assertEquals(628, LeWriter.getI32(file, 16));
    assertEquals(body.length, LeWriter.getI32(file, 24));
    assertEquals(4, LeWriter.getI32(file, 28)); // IMG on Gen4/Gen6
    assertEquals((int) Crc32.of(body), LeWriter.getI32(file, 0x54));
    FirmwareImage meta = FirmwareImage.parse(file, Generation.GEN6);
    assertEquals(FirmwareType.IMG, meta.type());
    assertEquals("9.21 B001", meta.version().toString());
    assertEquals(7, meta.xmlVersion());
    assertTrue(FirmwareImage.bodyCrcMatches(file, meta));
    assertTrue(FirmwareImage.headerCrcMatches(file));
    file[file.length - 1] ^= 1;
    assertFalse(FirmwareImage.bodyCrcMatches(file, meta));
    assertEquals(5, FirmwareType.IMG.imageTypeCode(Generation.GEN5)); // Gen5 inserts RIOT at 2
  }
}
