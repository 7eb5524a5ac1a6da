package io.gpuchassis.switchdrv.command;

import io.gpuchassis.switchdrv.Generation;
import io.gpuchassis.switchdrv.LtssmState;
import io.gpuchassis.switchdrv.wire.LeReader;
import io.gpuchassis.switchdrv.wire.LeWriter;

/**
 * One 12-byte LNKSTAT record (reference §2.4): phys_port_id u8, par_id u8, log_port_id u8, stk_id
 * u8, cfg_lnk_width u8, neg_lnk_width u8, usp_flag u8, linkup_linkrate u8, then on Gen3-5 ltssm u16
 * (low byte major), lane_reversal u8, first_act_lane u8, and on Gen6 ltssm_major u8, ltssm_minor
 * u8, lane_reversal u8, first_act_lane u8, where the flat state code is ltssm_minor (switchtec-user
 * lib/switchtec.c switchtec_status_gen6, since v4.5 commit fd712b2).
 *
 * @param physicalPort phys_port_id
 * @param partition par_id (255 = unbound)
 * @param logicalPort log_port_id
 * @param stackId stk_id (high nibble stack, low nibble port in stack)
 * @param configuredWidth cfg_lnk_width
 * @param negotiatedWidth neg_lnk_width
 * @param upstream usp_flag
 * @param linkUp bit 7 of linkup_linkrate
 * @param rate bits 6:0 of linkup_linkrate (PCIe generation 1..6)
 * @param ltssmMajor major LTSSM byte (Gen6: the state class)
 * @param ltssmMinor minor LTSSM byte (Gen6: the flat state code, 0x11 = L0 ACTIVE)
 * @param laneReversal lane_reversal
 * @param firstActiveLane first_act_lane
 */
public record LinkStatusRecord(
    int physicalPort,
    int partition,
    int logicalPort,
    int stackId,
    int configuredWidth,
    int negotiatedWidth,
    boolean upstream,
    boolean linkUp,
    int rate,
    int ltssmMajor,
    int ltssmMinor,
    int laneReversal,
    int firstActiveLane) {

  public static final int SIZE = 12;
  public static final int UNBOUND = 255;

  /** Unused records carry a stack number above the maximum (8 on Gen3-5, 10 on Gen6). */
  public static boolean isUnused(int stackId, Generation gen) {
    int maxStack = gen == Generation.GEN6 ? 10 : 8;
    return (stackId >>> 4) > maxStack;
  }

  public LtssmState ltssm(Generation gen) {
    return new LtssmState(ltssmMajor, ltssmMinor, gen == Generation.GEN6);
  }

  static LinkStatusRecord read(LeReader r, Generation gen) {
    int phys = r.u8();
    int par = r.u8();
    int log = r.u8();
    int stk = r.u8();
    int cfg = r.u8();
    int neg = r.u8();
    boolean usp = r.u8() != 0;
    int rate = r.u8();
    int major;
    int minor;
    if (gen == Generation.GEN6) {
      major = r.u8();
      minor = r.u8();
    } else {
      int word = r.u16();
      major = word & 0xFF;
      minor = word >>> 8;
    }
    int rev = r.u8();
    int first = r.u8();
    return new LinkStatusRecord(
        phys,
        par,
        log,
        stk,
        cfg,
        neg,
        usp,
        (rate & 0x80) != 0,
        rate & 0x7F,
        major,
        minor,
        rev,
        first);
  }

  /** Encodes the record (simulator side). */
  public void write(LeWriter w, Generation gen) {
    w.u8(physicalPort)
        .u8(partition)
        .u8(logicalPort)
        .u8(stackId)
        .u8(configuredWidth)
        .u8(negotiatedWidth)
        .u8(upstream ? 1 : 0)
        .u8((linkUp ? 0x80 : 0) | (rate & 0x7F));
    if (gen == Generation.GEN6) {
      w.u8(ltssmMajor).u8(ltssmMinor);
    } else {
      w.u16(ltssmMajor | ltssmMinor << 8);
    }
    w.u8(laneReversal).u8(firstActiveLane);
  }
}
