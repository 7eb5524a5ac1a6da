package io.gpuchassis.switchdrv.command;

import io.gpuchassis.switchdrv.mrpc.CommandIds;
import io.gpuchassis.switchdrv.wire.LeReader;
import java.util.ArrayList;
import java.util.List;

/** PMON 0x07 sub 3 (read setup): {sub=3, stack_id, counter_id, num_counters} → 9-byte records. */
public record PmonReadSetup(int stackId, int firstCounter, int count)
    implements MrpcCommand<List<PmonCounterSetup>> {

  public static final int SUB = 3;

  public PmonReadSetup {
    Payloads.requireRange(firstCounter + count, 1, 64, "PMON counter range");
  }

  @Override
  public int commandId() {
    return CommandIds.PMON;
  }

  @Override
  public byte[] payload() {
    return new byte[] {SUB, (byte) stackId, (byte) firstCounter, (byte) count};
  }

  @Override
  public int outputLength() {
    return count * PmonCounterSetup.SIZE;
  }

  @Override
  public List<PmonCounterSetup> decode(byte[] output) {
    LeReader r = new LeReader(output, "PMON read setup");
    List<PmonCounterSetup> out = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      out.add(PmonCounterSetup.read(r));
    }
    return out;
  }
}
