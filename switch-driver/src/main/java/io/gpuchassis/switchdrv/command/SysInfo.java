package io.gpuchassis.switchdrv.command;

import io.gpuchassis.switchdrv.wire.LeReader;
import java.nio.charset.StandardCharsets;

/**
 * The Gen4+ system-info register block at GAS 0x2000 (reference §3): device_id u32 @0x00,
 * device_version u32 @0x04, firmware_version u32 @0x08, P2P bridge vendor ID u16 @0x110, serial
 * number u32[2] @0x120, vendor_id char[8] @0x13C, product_id char[24] @0x144, product_revision
 * char[2] @0x15C (space-padded).
 */
public record SysInfo(
    int deviceId,
    int deviceVersion,
    int firmwareVersion,
    int bridgeVendorId,
    long serialNumber,
    String vendor,
    String productId,
    String productRevision) {

  public static final int GAS_OFFSET = 0x2000;
  public static final int LENGTH = 0x160;

  public static SysInfo decode(byte[] block) {
    LeReader r = new LeReader(block, "sys_info");
    int dev = r.i32();
    int ver = r.i32();
    int fw = r.i32();
    int bridgeVendor = r.at(0x110).u16();
    r.at(0x120);
    long serial = r.u32() | r.u32() << 32;
    r.at(0x13C);
    String vendor = text(r.bytes(8));
    String product = text(r.bytes(24));
    String rev = text(r.bytes(2));
    return new SysInfo(dev, ver, fw, bridgeVendor, serial, vendor, product, rev);
  }

  /**
   * Decodes the Gen3 layout (switchtec-user inc/switchtec/registers.h struct sys_info_regs):
   * vendor_id char[8] @0x108, product_id char[16] @0x110, product_revision char[4] @0x120; Gen3
   * keeps no serial number and no bridge vendor ID there, so {@code vendorId} comes from the caller
   * and the serial number reads 0.
   */
  public static SysInfo decodeGen3(byte[] block, int vendorId) {
    LeReader r = new LeReader(block, "sys_info");
    int dev = r.i32();
    int ver = r.i32();
    int fw = r.i32();
    r.at(0x108);
    String vendor = text(r.bytes(8));
    String product = text(r.bytes(16));
    String rev = text(r.bytes(4));
    return new SysInfo(dev, ver, fw, vendorId, 0, vendor, product, rev);
  }

  private static String text(byte[] b) {
    StringBuilder sb = new StringBuilder();
    for (byte x : b) {
      int c = x & 0xFF;
      sb.append(c >= 0x20 && c < 0x7F ? (char) c : ' ');
    }
    return sb.toString().trim();
  }

  /** Writes the fields into a GAS image at their offsets (simulator side). */
  public void writeInto(byte[] gas, int base) {
    io.gpuchassis.switchdrv.wire.LeWriter.putU32(gas, base, deviceId);
    io.gpuchassis.switchdrv.wire.LeWriter.putU32(gas, base + 4, deviceVersion);
    io.gpuchassis.switchdrv.wire.LeWriter.putU32(gas, base + 8, firmwareVersion);
    io.gpuchassis.switchdrv.wire.LeWriter.putU16(gas, base + 0x110, bridgeVendorId);
    io.gpuchassis.switchdrv.wire.LeWriter.putU16(gas, base + 0x112, deviceId);
    io.gpuchassis.switchdrv.wire.LeWriter.putU32(gas, base + 0x120, serialNumber);
    io.gpuchassis.switchdrv.wire.LeWriter.putU32(gas, base + 0x124, serialNumber >>> 32);
    putText(gas, base + 0x13C, 8, vendor);
    putText(gas, base + 0x144, 24, productId);
    putText(gas, base + 0x15C, 2, productRevision);
  }

  private static void putText(byte[] gas, int off, int len, String s) {
    byte[] b = s.getBytes(StandardCharsets.US_ASCII);
    for (int i = 0; i < len; i++) {
      gas[off + i] = i < b.length ? b[i] : (byte) ' ';
    }
  }
}
