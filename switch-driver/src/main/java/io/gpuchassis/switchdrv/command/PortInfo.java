package io.gpuchassis.switchdrv.command;

import io.gpuchassis.switchdrv.BindState;
import io.gpuchassis.switchdrv.Binding;
import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.mrpc.CommandIds;
import io.gpuchassis.switchdrv.wire.LeReader;
import io.gpuchassis.switchdrv.wire.LeWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * PORTPARTP2P 0x0C sub 2 PORT_INFO (reference §2.5): input {sub=2, phys_port_id (0xFF = all enabled
 * ports), 0, 0}; output {inf_cnt u8, rsvd[3]} then up to 48 entries of {phys_port_id, par_id,
 * log_port_id, bind_state}.
 */
public record PortInfo(int physicalPort) implements MrpcCommand<List<Binding>> {

  public static final int SUB = 2;
  public static final int ALL_PORTS = 0xFF;
  public static final int MAX_ENTRIES = 48;
  public static final int OUTPUT_LENGTH = 4 + MAX_ENTRIES * 4;

  public static PortInfo all() {
    return new PortInfo(ALL_PORTS);
  }

  @Override
  public int commandId() {
    return CommandIds.PORTPARTP2P;
  }

  @Override
  public byte[] payload() {
    return new byte[] {SUB, (byte) physicalPort, 0, 0};
  }

  @Override
  public int outputLength() {
    return OUTPUT_LENGTH;
  }

  @Override
  public List<Binding> decode(byte[] output) {
    LeReader r = new LeReader(output, "PORT_INFO");
    int count = r.u8();
    r.skip(3);
    if (count > MAX_ENTRIES) {
      throw new SwitchException(
          SwitchException.Kind.PROTOCOL, "PORT_INFO count " + count + " > 48");
    }
    List<Binding> out = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      int phys = r.u8();
      int par = r.u8();
      int log = r.u8();
      BindState state = BindState.fromByte(r.u8());
      boolean unbound = par == LinkStatusRecord.UNBOUND;
      out.add(new Binding(phys, unbound ? -1 : par, unbound ? -1 : log, state));
    }
    return out;
  }

  /** Encodes an answer (simulator side): each entry {phys, par, log, bind_state}. */
  public static byte[] encodeAnswer(List<int[]> entries) {
    LeWriter w = new LeWriter().u8(entries.size()).zeros(3);
    for (int[] e : entries) {
      w.u8(e[0]).u8(e[1]).u8(e[2]).u8(e[3]);
    }
    return w.toBytes();
  }
}
