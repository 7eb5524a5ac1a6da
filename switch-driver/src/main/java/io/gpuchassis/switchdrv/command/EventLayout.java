package io.gpuchassis.switchdrv.command;

/**
 * Offsets of the GAS event registers (reference §3; switchtec-user {@code
 * inc/switchtec/registers.h}: {@code struct sw_event_regs}, {@code struct part_cfg_regs}, {@code
 * struct pff_csr_regs}). Every event is a {@code hdr u32} followed by {@code data u32[5]}, so
 * consecutive headers are 0x18 apart; event numbers are summary bit numbers.
 */
public final class EventLayout {

  public static final int SW_EVENT_BASE = 0x1800;
  public static final int SW_EVENT_END = 0x2000;

  /** u64 in the switch event block: bit p = partition p has pending events. */
  public static final int PART_EVENT_BITMAP = 0x10;

  public static final int GLOBAL_SUMMARY = 0x20;
  public static final int GLOBAL_FIRST_HEADER = 0x30;
  public static final int GLOBAL_EVENTS = 14;
  public static final int GLOBAL_GFMS = 13;

  public static final int PART_CFG_BASE = 0x4000;
  public static final int PART_CFG_STRIDE = 0x400;
  public static final int PART_CFG_END = PART_CFG_BASE + 48 * PART_CFG_STRIDE;
  public static final int PART_STATUS = 0x00;
  public static final int PART_PORT_CNT = 0x08;
  public static final int PART_USP_PFF = 0x10;
  public static final int PART_VEP_PFF = 0x14;
  public static final int PART_DSP_PFF = 0x18;
  public static final int PART_PORT_EVENT_BITMAP = 0x104;
  public static final int PART_EVENT_SUMMARY = 0x114;
  public static final int PART_FIRST_HEADER = 0x124;
  public static final int PART_EVENTS = 4;
  public static final int PART_DYN_BINDING = 3;

  /** A PFF instance field that names no PFF. */
  public static final int NO_PFF = 0xFFFFFFFF;

  /** Within a PFF CSR block (0x134000 + pff × 0x1000). */
  public static final int PFF_EVENT_SUMMARY = 0xC00;

  public static final int PFF_FIRST_HEADER = 0xC10;
  public static final int PFF_EVENTS = 13;
  public static final int PFF_AER_IN_P2P = 0;
  public static final int PFF_DPC = 2;
  public static final int PFF_HOTPLUG = 5;
  public static final int PFF_THRESHOLD = 7;
  public static final int PFF_LINK_STATE = 12;

  /** From the summary through the last (link state) header and its data. */
  public static final int PFF_EVENT_BLOCK_LENGTH = PFF_FIRST_HEADER + PFF_EVENTS * 0x18 - 0xC00;

  public static final int EVENT_STRIDE = 0x18;

  private EventLayout() {}

  public static int partitionBlock(int partition) {
    return PART_CFG_BASE + partition * PART_CFG_STRIDE;
  }

  public static int pffBlock(int pff) {
    return PortCapabilities.PFF_BASE + pff * PortCapabilities.PFF_STRIDE;
  }
}
