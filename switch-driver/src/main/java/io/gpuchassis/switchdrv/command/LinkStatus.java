package io.gpuchassis.switchdrv.command;

import io.gpuchassis.switchdrv.Generation;
import io.gpuchassis.switchdrv.mrpc.CommandIds;
import io.gpuchassis.switchdrv.wire.LeReader;
import java.util.ArrayList;
import java.util.List;

/**
 * LNKSTAT 0x1C (reference §2.4): input is a port bitmap sent as zeros (= all ports), u64 on Gen3-5
 * and {u64 map1, u16 map2, u16 rsvd, u32 rsvd} (16 bytes) on Gen6; output is {@link
 * Generation#lnkstatPorts()} 12-byte records. Unused records are dropped.
 */
public record LinkStatus(Generation generation) implements MrpcCommand<List<LinkStatusRecord>> {

  @Override
  public int commandId() {
    return CommandIds.LNKSTAT;
  }

  @Override
  public byte[] payload() {
    return new byte[generation == Generation.GEN6 ? 16 : 8];
  }

  @Override
  public int outputLength() {
    return generation.lnkstatPorts() * LinkStatusRecord.SIZE;
  }

  @Override
  public List<LinkStatusRecord> decode(byte[] output) {
    Payloads.requireLength(output, outputLength(), "LNKSTAT");
    LeReader r = new LeReader(output, "LNKSTAT");
    List<LinkStatusRecord> records = new ArrayList<>();
    for (int i = 0; i < generation.lnkstatPorts(); i++) {
      LinkStatusRecord rec = LinkStatusRecord.read(r, generation);
      if (!LinkStatusRecord.isUnused(rec.stackId(), generation)) {
        records.add(rec);
      }
    }
    return records;
  }
}
