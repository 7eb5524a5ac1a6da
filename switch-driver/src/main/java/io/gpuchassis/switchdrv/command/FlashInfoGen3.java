package io.gpuchassis.switchdrv.command;

import io.gpuchassis.switchdrv.FirmwarePartition;
import io.gpuchassis.switchdrv.FirmwarePartitions;
import io.gpuchassis.switchdrv.FirmwareType;
import io.gpuchassis.switchdrv.FirmwareVersion;
import io.gpuchassis.switchdrv.wire.LeReader;
import java.util.ArrayList;
import java.util.List;

/**
 * A Gen3 chip's flash table from its registers, the way switchtec-user reads it
 * (lib/platform/gasops.c gasop_flash_part; inc/switchtec/registers.h struct flash_info_regs and
 * struct sys_info_regs): the flash info block at GAS 0x2200 gives each configuration and image
 * copy's {address, length}, the active image and configuration {address, build_version,
 * build_string} (a copy is active when its address is the active one) and the inactive ones; the
 * system-info block gives the running copies, cfg_running u16 @0x20 (0x04 CFG0, 0x05 CFG1) and
 * img_running u16 @0x22 (0x03 IMG0, 0x07 IMG1). CRCs and lengths live in footers in the flash, not
 * in registers, and read 0 here.
 */
public final class FlashInfoGen3 {

  public static final int GAS_OFFSET = 0x2200;
  public static final int LENGTH = 0x60;
  public static final int SYS_INFO_LENGTH = 0x24;
  static final int IMG0_RUNNING = 0x03;
  static final int IMG1_RUNNING = 0x07;
  static final int CFG0_RUNNING = 0x04;
  static final int CFG1_RUNNING = 0x05;

  private FlashInfoGen3() {}

  /** Decodes the flash info block and the start of the system-info block. */
  public static FirmwarePartitions decode(byte[] flashInfo, byte[] sysInfo) {
    Payloads.requireLength(flashInfo, LENGTH, "flash_info");
    Payloads.requireLength(sysInfo, SYS_INFO_LENGTH, "sys_info");
    LeReader si = new LeReader(sysInfo, "sys_info");
    FirmwareVersion running = FirmwareVersion.fromWord(si.at(0x08).i32());
    int cfgRunning = si.at(0x20).u16();
    int imgRunning = si.at(0x22).u16();
    LeReader fi = new LeReader(flashInfo, "flash_info");
    long activeImg = fi.at(0x04).u32();
    int activeImgVersion = fi.i32();
    long activeCfg = fi.at(0x10).u32();
    int activeCfgVersion = fi.i32();
    int inactiveImgVersion = fi.at(0x1C + 4).i32();
    int inactiveCfgVersion = fi.at(0x28 + 4).i32();
    long flashLength = fi.at(0x34).u32();
    List<FirmwarePartition> parts = new ArrayList<>();
    parts.add(
        part(
            fi,
            0x38,
            FirmwareType.CFG,
            0,
            activeCfg,
            activeCfgVersion,
            inactiveCfgVersion,
            cfgRunning == CFG0_RUNNING));
    parts.add(
        part(
            fi,
            0x40,
            FirmwareType.CFG,
            1,
            activeCfg,
            activeCfgVersion,
            inactiveCfgVersion,
            cfgRunning == CFG1_RUNNING));
    parts.add(
        part(
            fi,
            0x48,
            FirmwareType.IMG,
            0,
            activeImg,
            activeImgVersion,
            inactiveImgVersion,
            imgRunning == IMG0_RUNNING));
    parts.add(
        part(
            fi,
            0x50,
            FirmwareType.IMG,
            1,
            activeImg,
            activeImgVersion,
            inactiveImgVersion,
            imgRunning == IMG1_RUNNING));
    long nvlog = fi.at(0x58).u32();
    long nvlogLen = fi.u32();
    parts.add(
        new FirmwarePartition(
            FirmwareType.NVLOG, 0, 0, 0, 0, true, true, false, false, nvlog, nvlogLen));
    return new FirmwarePartitions(running, flashLength, parts);
  }

  private static FirmwarePartition part(
      LeReader fi,
      int at,
      FirmwareType type,
      int copy,
      long activeAddress,
      int activeVersion,
      int inactiveVersion,
      boolean running) {
    long address = fi.at(at).u32();
    long length = fi.u32();
    boolean active = address == activeAddress;
    int word = active ? activeVersion : inactiveVersion;
    FirmwarePartition p =
        new FirmwarePartition(
            type, copy, 0, 0, word >>> 16, true, active, running, false, address, length);
    return word == 0 ? p : p.withMetadataVersion(FirmwareVersion.fromWord(word));
  }
}
