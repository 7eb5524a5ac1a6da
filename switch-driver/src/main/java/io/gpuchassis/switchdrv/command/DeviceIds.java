package io.gpuchassis.switchdrv.command;

import io.gpuchassis.switchdrv.Generation;
import io.gpuchassis.switchdrv.SwitchException;

/**
 * Decodes a Switchtec PCI device ID into generation, part family and lane count (reference §2.2):
 * Gen3 0x853x-0x857x; Gen4 0x40xx-0x45xx and Gen5 0x50xx-0x55xx (high byte low nibble = family, low
 * byte = lanes as decimal digits, 0x00 = 100); Gen6 0x60xx-0x63xx (low byte 0x48, 0x64, 0x44 = 144,
 * 0x60 = 160 lanes).
 */
public final class DeviceIds {

  private static final String[] GEN3_FAMILY = {"PFX", "PSX", "PAX", "PFX-L", "PFX-I"};
  private static final int[] GEN3_LANES = {0, 24, 32, 48, 64, 80, 96};
  private static final String[] GEN45_FAMILY = {"PFX", "PSX", "PAX", "PFX-A", "PSX-A", "PAX-A"};
  private static final String[] GEN6_FAMILY = {"PFX-S", "PSX-S", "PFX", "PSX"};

  private DeviceIds() {}

  public static Generation generation(int deviceId) {
    int top = (deviceId >>> 12) & 0xF;
    int hi = (deviceId >>> 8) & 0xFF;
    if ((deviceId & 0xFFFF) >= 0x8530 && (deviceId & 0xFFFF) <= 0x857F) {
      return Generation.GEN3;
    }
    if (top == 4 && (hi & 0xF) <= 5) {
      return Generation.GEN4;
    }
    if (top == 5 && (hi & 0xF) <= 5) {
      return Generation.GEN5;
    }
    if (top == 6 && (hi & 0xF) <= 3) {
      return Generation.GEN6;
    }
    throw new SwitchException(
        SwitchException.Kind.PROTOCOL,
        String.format("device ID 0x%04x is not a known Switchtec part", deviceId));
  }

  public static String variant(int deviceId) {
    Generation gen = generation(deviceId);
    int hi = (deviceId >>> 8) & 0xFF;
    if (gen == Generation.GEN3) {
      return GEN3_FAMILY[((deviceId >>> 4) & 0xF) - 3];
    }
    if (gen == Generation.GEN6) {
      return GEN6_FAMILY[hi & 0xF];
    }
    return GEN45_FAMILY[hi & 0xF];
  }

  /** Lane count, or 0 when the ID's lane code is not in the public table. */
  public static int lanes(int deviceId) {
    Generation gen = generation(deviceId);
    int low = deviceId & 0xFF;
    if (gen == Generation.GEN3) {
      int d = low & 0xF;
      return d < GEN3_LANES.length ? GEN3_LANES[d] : 0;
    }
    if (gen == Generation.GEN6) {
      switch (low) {
        case 0x48:
          return 48;
        case 0x64:
          return 64;
        case 0x44:
          return 144;
        case 0x60:
          return 160;
        default:
          return 0;
      }
    }
    if (low == 0) {
      return 100;
    }
    int tens = low >>> 4;
    int ones = low & 0xF;
    return tens <= 9 && ones <= 9 ? tens * 10 + ones : 0;
  }
}
