package io.gpuchassis.switchdrv.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.switchdrv.FirmwarePartition;
import io.gpuchassis.switchdrv.FirmwarePartitions;
import io.gpuchassis.switchdrv.FirmwareType;
import io.gpuchassis.switchdrv.wire.LeWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Gen3 registers laid out by hand from switchtec-user v4.6-rc3 inc/switchtec/registers.h: struct
 * sys_info_regs (cfg_running u16 @0x20, img_running u16 @0x22, enum SWITCHTEC_IMG1_RUNNING = 0x07,
 * SWITCHTEC_CFG1_RUNNING = 0x05; vendor_id @0x108, product_id @0x110, product_revision @0x120) and
 * struct flash_info_regs (active_img @0x04, active_cfg @0x10, inactive_img @0x1C,
 * inactive_cfg @0x28, flash_length @0x34, cfg0 @0x38, cfg1 @0x40, img0 @0x48, img1 @0x50,
 * nvlog @0x58).
 */
class Gen3RegistersTest {

  @Test
  void flash_info_and_running_registers() {
    byte[] fi = new byte[FlashInfoGen3.LENGTH];
    LeWriter.putU32(fi, 0x04, 0xA8500000L); // active_img.address = img1
    LeWriter.putU32(fi, 0x08, 0x0109_0063); // active_img.build_version 1.09 B063
    LeWriter.putU32(fi, 0x10, 0xA8060000L); // active_cfg.address = cfg0
    LeWriter.putU32(fi, 0x14, 0x0109_0063);
    LeWriter.putU32(fi, 0x20, 0x0108_0063); // inactive_img.build_version 1.08 B063
    LeWriter.putU32(fi, 0x2C, 0x0109_0001); // inactive_cfg.build_version
    LeWriter.putU32(fi, 0x34, 16 << 20); // flash_length
    LeWriter.putU32(fi, 0x38, 0xA8060000L); // cfg0 {address, length}
    LeWriter.putU32(fi, 0x3C, 0x40000);
    LeWriter.putU32(fi, 0x40, 0xA80A0000L); // cfg1
    LeWriter.putU32(fi, 0x44, 0x40000);
    LeWriter.putU32(fi, 0x48, 0xA80E0000L); // img0
    LeWriter.putU32(fi, 0x4C, 0x400000);
    LeWriter.putU32(fi, 0x50, 0xA8500000L); // img1
    LeWriter.putU32(fi, 0x54, 0x400000);
    LeWriter.putU32(fi, 0x58, 0xA8900000L); // nvlog
    LeWriter.putU32(fi, 0x5C, 0x40000);
    byte[] si = new byte[FlashInfoGen3.SYS_INFO_LENGTH];
    LeWriter.putU32(si, 0x08, 0x0109_0063); // firmware_version
    LeWriter.putU16(si, 0x20, 0x05); // cfg_running: CFG1
    LeWriter.putU16(si, 0x22, 0x07); // img_running: IMG1
    FirmwarePartitions t = FlashInfoGen3.decode(fi, si);
    assertEquals("1.09 B063", t.firmwareVersion().toString());
    assertEquals(16 << 20, t.flashSize());
    FirmwarePartition img1 = t.find(FirmwareType.IMG, 1).orElseThrow();
    assertTrue(img1.active() && img1.running());
    assertEquals(0xA8500000L, img1.start());
    assertEquals(0x400000, img1.sizeBytes());
    assertEquals("1.09 B063", img1.version().orElseThrow().toString());
    FirmwarePartition img0 = t.find(FirmwareType.IMG, 0).orElseThrow();
    assertFalse(img0.active() || img0.running());
    assertEquals("1.08 B063", img0.version().orElseThrow().toString());
    FirmwarePartition cfg0 = t.find(FirmwareType.CFG, 0).orElseThrow();
    assertTrue(cfg0.active());
    assertFalse(cfg0.running()); // CFG1 runs while CFG0 boots next
    assertTrue(t.find(FirmwareType.CFG, 1).orElseThrow().running());
    assertEquals(0xA8900000L, t.find(FirmwareType.NVLOG, 0).orElseThrow().start());
  }

  @Test
  void gen3_sys_info_strings_are_at_their_own_offsets() {
    byte[] b = new byte[SysInfo.LENGTH];
    LeWriter.putU32(b, 0, 0x8536);
    LeWriter.putU32(b, 8, 0x0109_0063);
    System.arraycopy("MCHP    ".getBytes(StandardCharsets.US_ASCII), 0, b, 0x108, 8);
    System.arraycopy("PFX 96xG3       ".getBytes(StandardCharsets.US_ASCII), 0, b, 0x110, 16);
    System.arraycopy("B0  ".getBytes(StandardCharsets.US_ASCII), 0, b, 0x120, 4);
    SysInfo s = SysInfo.decodeGen3(b, 0x11F8);
    assertEquals(0x8536, s.deviceId());
    assertEquals("MCHP", s.vendor());
    assertEquals("PFX 96xG3", s.productId());
    assertEquals("B0", s.productRevision());
    assertEquals(0, s.serialNumber());
    assertEquals(0x11F8, s.bridgeVendorId());
  }
}
