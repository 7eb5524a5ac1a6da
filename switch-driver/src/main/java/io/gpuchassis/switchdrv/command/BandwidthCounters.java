package io.gpuchassis.switchdrv.command;

import io.gpuchassis.switchdrv.PortBandwidth;
import io.gpuchassis.switchdrv.mrpc.CommandIds;
import io.gpuchassis.switchdrv.mrpc.MailboxRegisters;
import io.gpuchassis.switchdrv.wire.LeReader;
import java.util.ArrayList;
import java.util.List;

/**
 * PMON 0x07 sub 1 (bandwidth counters): {sub=1, count, {phys_port_id, clear} x count} → per port 56
 * bytes {time_us u64, egress {posted, completion, non-posted} u64, ingress the same}, in the order
 * asked (switchtec-user inc/switchtec/pmon.h struct pmon_bw_get, inc/switchtec/switchtec.h struct
 * switchtec_bwcntr_res). With {@code clear} the chip answers the counts and then starts them over.
 */
public record BandwidthCounters(List<Integer> physicalPorts, boolean clear)
    implements MrpcCommand<List<PortBandwidth>> {

  public static final int SUB = 1;

  /** Bytes of one port's result. */
  public static final int RESULT_SIZE = 56;

  /** Most ports one command can ask for: their results fill the 1 KiB output (18 × 56 = 1008). */
  public static final int MAX_PORTS = MailboxRegisters.MAX_DATA / RESULT_SIZE;

  public BandwidthCounters {
    physicalPorts = List.copyOf(physicalPorts);
    Payloads.requireRange(physicalPorts.size(), 1, MAX_PORTS, "bandwidth counter port count");
    for (int p : physicalPorts) {
      Payloads.requireRange(p, 0, 254, "physical port");
    }
  }

  @Override
  public int commandId() {
    return CommandIds.PMON;
  }

  @Override
  public byte[] payload() {
    byte[] p = new byte[2 + 2 * physicalPorts.size()];
    p[0] = SUB;
    p[1] = (byte) physicalPorts.size();
    for (int i = 0; i < physicalPorts.size(); i++) {
      p[2 + 2 * i] = (byte) (int) physicalPorts.get(i);
      p[3 + 2 * i] = (byte) (clear ? 1 : 0);
    }
    return p;
  }

  /** Reading with clear starts the counters over: a repeat would lose what the first answered. */
  @Override
  public boolean retrySafe() {
    return !clear;
  }

  @Override
  public int outputLength() {
    return physicalPorts.size() * RESULT_SIZE;
  }

  @Override
  public List<PortBandwidth> decode(byte[] output) {
    Payloads.requireLength(output, outputLength(), "PMON bandwidth counters");
    LeReader r = new LeReader(output, "PMON bandwidth counters");
    List<PortBandwidth> out = new ArrayList<>(physicalPorts.size());
    for (int port : physicalPorts) {
      long time = u64(r);
      PortBandwidth.Direction egress = new PortBandwidth.Direction(u64(r), u64(r), u64(r));
      PortBandwidth.Direction ingress = new PortBandwidth.Direction(u64(r), u64(r), u64(r));
      out.add(new PortBandwidth(port, time, egress, ingress));
    }
    return out;
  }

  private static long u64(LeReader r) {
    long low = r.u32();
    return low | r.u32() << 32;
  }
}
