package io.gpuchassis.switchdrv.sim;

import io.gpuchassis.switchdrv.FirmwareType;
import io.gpuchassis.switchdrv.wire.LeWriter;
import java.nio.charset.StandardCharsets;

/**
 * The Gen3 register blocks (reference §3; switchtec-user inc/switchtec/registers.h struct
 * sys_info_regs and struct flash_info_regs): system info at 0x2000 with cfg_running u16 @0x20 and
 * img_running u16 @0x22 (0x04/0x05 CFG0/1, 0x03/0x07 IMG0/1), vendor_id char[8] @0x108, product_id
 * char[16] @0x110, product_revision char[4] @0x120, component_vendor char[8] @0x124, and the flash
 * info block at 0x2200: map update index, active/inactive image and configuration {address,
 * build_version, build_string}, flash_length @0x34, {address, length} of cfg0 @0x38, cfg1,
 * img0 @0x48, img1, nvlog @0x58, vendor[8].
 */
final class Gen3Registers {

  static final int SYS_INFO = 0x2000;
  static final int FLASH_INFO = 0x2200;
  static final int FLASH_INFO_LENGTH = 0xA0;

  private Gen3Registers() {}

  /** Writes the Gen3 system-info block into {@code regs}, whose first byte is GAS {@code base}. */
  static void writeSysInfo(byte[] regs, int base, ChipIdentity id, int fwWord, int[] runningCopy) {
    int o = SYS_INFO - base;
    LeWriter.putU32(regs, o, id.deviceId());
    LeWriter.putU32(regs, o + 0x04, 0x100 | id.revision());
    LeWriter.putU32(regs, o + 0x08, fwWord);
    LeWriter.putU16(regs, o + 0x20, runningCopy[FirmwareType.CFG.ordinal()] == 0 ? 0x04 : 0x05);
    LeWriter.putU16(regs, o + 0x22, runningCopy[FirmwareType.IMG.ordinal()] == 0 ? 0x03 : 0x07);
    text(regs, o + 0x108, 8, "MCHP");
    text(regs, o + 0x110, 16, id.productId());
    text(regs, o + 0x120, 4, "B0");
    text(regs, o + 0x124, 8, "MCHP");
    LeWriter.putU16(regs, o + 0x12C, id.deviceId());
    regs[o + 0x12E] = (byte) id.revision();
  }

  private static void text(byte[] regs, int off, int len, String s) {
    byte[] b = s.getBytes(StandardCharsets.US_ASCII);
    for (int i = 0; i < len; i++) {
      regs[off + i] = i < b.length ? b[i] : (byte) ' ';
    }
  }

  /** The flash info block as the flash is now (the active copies can change at run time). */
  static byte[] flashInfo(SimFlash flash) {
    byte[] b = new byte[FLASH_INFO_LENGTH];
    SimFlash.Slot map = flash.slot(FirmwareType.MAP, flash.activeCopy(FirmwareType.MAP));
    LeWriter.putU32(b, 0x00, map.byteAt(0) | map.byteAt(1) << 8);
    partition(b, 0x04, flash.slot(FirmwareType.IMG, flash.activeCopy(FirmwareType.IMG)));
    partition(b, 0x10, flash.slot(FirmwareType.CFG, flash.activeCopy(FirmwareType.CFG)));
    partition(b, 0x1C, flash.slot(FirmwareType.IMG, 1 - flash.activeCopy(FirmwareType.IMG)));
    partition(b, 0x28, flash.slot(FirmwareType.CFG, 1 - flash.activeCopy(FirmwareType.CFG)));
    LeWriter.putU32(b, 0x34, flash.flashSize);
    region(b, 0x38, flash.slot(FirmwareType.CFG, 0));
    region(b, 0x40, flash.slot(FirmwareType.CFG, 1));
    region(b, 0x48, flash.slot(FirmwareType.IMG, 0));
    region(b, 0x50, flash.slot(FirmwareType.IMG, 1));
    region(b, 0x58, flash.slot(FirmwareType.NVLOG, 0));
    return b;
  }

  private static void partition(byte[] b, int off, SimFlash.Slot s) {
    LeWriter.putU32(b, off, s.start);
    LeWriter.putU32(b, off + 4, s.valid ? s.versionWord : 0);
  }

  private static void region(byte[] b, int off, SimFlash.Slot s) {
    LeWriter.putU32(b, off, s.start);
    LeWriter.putU32(b, off + 4, s.size);
  }
}
