package io.gpuchassis.switchdrv.sim;

import io.gpuchassis.switchdrv.mrpc.FirmwareErrors;
import io.gpuchassis.switchdrv.mrpc.MailboxRegisters;
import io.gpuchassis.switchdrv.wire.LeWriter;

/**
 * PMON bandwidth counters: sub 1 reads {count, {phys_port_id, clear} × count} and answers 56 bytes
 * per port (time stamp in µs, then egress posted, completion, non-posted bytes, then ingress the
 * same, all u64); sub 12 sets {count, {phys_port_id, bw_type} × count} (0 raw, 1 payload) and
 * starts those counters over. Layouts of switchtec-user's struct pmon_bw_get, pmon_bw_set and
 * switchtec_bwcntr_res.
 */
final class BandwidthHandlers {

  static final int GET = 1;
  static final int SET_TYPE = 12;
  private static final int RESULT_SIZE = 56;

  private BandwidthHandlers() {}

  static MrpcOutcome handle(ChipState c, byte[] p, long now) {
    int sub = p[0] & 0xFF;
    int count = p[1] & 0xFF;
    if (count == 0 || 2 + 2 * count > MailboxRegisters.MAX_DATA) {
      return MrpcOutcome.error(FirmwareErrors.ERR_INVALID_PARAM);
    }
    for (int i = 0; i < count; i++) {
      if (!c.ports.containsKey(p[2 + 2 * i] & 0xFF)) {
        return MrpcOutcome.error(FirmwareErrors.ERR_INVALID_PARAM);
      }
    }
    return sub == GET ? get(c, p, count, now) : setType(c, p, count, now);
  }

  private static MrpcOutcome get(ChipState c, byte[] p, int count, long now) {
    if (count * RESULT_SIZE > MailboxRegisters.MAX_DATA) {
      return MrpcOutcome.error(FirmwareErrors.ERR_INVALID_PARAM);
    }
    LeWriter w = new LeWriter();
    for (int i = 0; i < count; i++) {
      TrafficModel.Counters k = c.traffic.of(p[2 + 2 * i] & 0xFF);
      w.u64(k.timeMicros(now));
      for (int index = TrafficModel.EG_P; index <= TrafficModel.IN_NP; index++) {
        w.u64(k.value(index));
      }
      if (p[3 + 2 * i] != 0) {
        k.clear(now);
      }
    }
    return MrpcOutcome.ok(w.toBytes());
  }

  private static MrpcOutcome setType(ChipState c, byte[] p, int count, long now) {
    for (int i = 0; i < count; i++) {
      int type = p[3 + 2 * i] & 0xFF;
      if (type != TrafficModel.RAW && type != TrafficModel.PAYLOAD) {
        return MrpcOutcome.error(FirmwareErrors.ERR_INVALID_PARAM);
      }
    }
    for (int i = 0; i < count; i++) {
      TrafficModel.Counters k = c.traffic.of(p[2 + 2 * i] & 0xFF);
      k.type = p[3 + 2 * i] & 0xFF;
      k.clear(now);
    }
    return MrpcOutcome.ok();
  }
}
