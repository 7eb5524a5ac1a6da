package io.gpuchassis.switchdrv.command;

import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.wire.LeReader;

/**
 * A port's maximum link speed and width, from the Link Capabilities register of the PCIe capability
 * in its PFF config-space mirror (GAS 0x134000 + pff * 0x1000; reference §3). The capability list
 * is walked from the pointer at 0x34; Link Capabilities is at cap + 0x0C with max speed in bits 3:0
 * and max width in bits 9:4.
 */
public record PortCapabilities(int maxGen, int maxWidth) {

  public static final int PFF_BASE = 0x134000;
  public static final int PFF_STRIDE = 0x1000;

  /** Bytes of config space the driver reads to walk the standard capability list. */
  public static final int CONFIG_LENGTH = 0x100;

  public static final int PCIE_CAP_ID = 0x10;
  public static final int VENDOR_MICROCHIP = 0x11F8;

  public static PortCapabilities decode(byte[] config) {
    LeReader r = new LeReader(config, "PFF config");
    int vendor = r.u16();
    if (vendor != VENDOR_MICROCHIP) {
      throw new SwitchException(
          SwitchException.Kind.PROTOCOL,
          String.format("PFF config mirror vendor 0x%04x, not a switch port", vendor));
    }
    int ptr = r.at(0x34).u8() & 0xFC;
    for (int hops = 0; ptr >= 0x40 && hops < 48; hops++) {
      int id = r.at(ptr).u8();
      int next = r.u8() & 0xFC;
      if (id == PCIE_CAP_ID) {
        long linkCap = r.at(ptr + 0x0C).u32();
        return new PortCapabilities((int) (linkCap & 0xF), (int) ((linkCap >>> 4) & 0x3F));
      }
      ptr = next;
    }
    throw new SwitchException(
        SwitchException.Kind.PROTOCOL, "PFF config mirror has no PCIe capability");
  }
}
