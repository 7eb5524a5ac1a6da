package io.gpuchassis.switchdrv.sim;

import io.gpuchassis.switchdrv.mrpc.FirmwareErrors;
import io.gpuchassis.switchdrv.wire.LeWriter;

/**
 * RTC 0x14C and MULTI_CFG 0x1D. RTC takes and answers switchtec-user's {@code struct switchtec_rtc}
 * (inc/switchtec/switchtec.h, not packed: sub_cmd u8 @0, rtc_counter u64 @8, 16 bytes; sub 0 reset,
 * 1 set, 2 get): a microsecond counter that runs from boot. MULTI_CFG takes a u32 {@code sub |
 * index << 8} and answers a u32 (lib/fw.c multicfg_subcmd): sub 0 supported, 1 count, 2 active
 * index, 3 start address and 4 length of configuration {@code index}; the simulated chip has one
 * configuration, the running configuration partition.
 */
final class ClockAndConfigHandlers {

  private ClockAndConfigHandlers() {}

  static MrpcOutcome rtc(ChipState c, byte[] p, long now) {
    int sub = p[0] & 0xFF;
    switch (sub) {
      case 0:
        c.setRtc(0, now);
        break;
      case 1:
        c.setRtc((LeWriter.getI32(p, 8) & 0xFFFFFFFFL) | (long) LeWriter.getI32(p, 12) << 32, now);
        break;
      case 2:
        break;
      default:
        return MrpcOutcome.error(FirmwareErrors.ERR_INVALID_SUBCMD);
    }
    long micros = c.rtcMicros(now);
    return MrpcOutcome.ok(new LeWriter().u8(sub).zeros(7).u64(micros).toBytes());
  }

  static MrpcOutcome multiConfig(ChipState c, byte[] p) {
    int sub = p[0] & 0xFF;
    int index = p[1] & 0xFF;
    SimFlash.Slot cfg = c.runningConfigSlot();
    long value;
    switch (sub) {
      case 0:
        value = 1; // supported
        break;
      case 1:
        value = 1; // one configuration
        break;
      case 2:
        value = 0; // the active one is the first
        break;
      case 3:
      case 4:
        if (index != 0) {
          return MrpcOutcome.error(FirmwareErrors.ERR_INVALID_PARAM);
        }
        value = sub == 3 ? cfg.start : cfg.size;
        break;
      default:
        return MrpcOutcome.error(FirmwareErrors.ERR_INVALID_SUBCMD);
    }
    return MrpcOutcome.ok(new LeWriter().u32(value).toBytes());
  }
}
