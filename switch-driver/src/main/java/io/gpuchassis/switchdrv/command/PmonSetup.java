package io.gpuchassis.switchdrv.command;

import io.gpuchassis.switchdrv.mrpc.CommandIds;
import io.gpuchassis.switchdrv.wire.LeWriter;
import java.util.List;

/**
 * PMON 0x07 sub 0 (event counter setup): {sub=0, stack_id, counter_id, num_counters} then one
 * 9-byte {@link PmonCounterSetup} per counter; no output.
 */
public record PmonSetup(int stackId, int firstCounter, List<PmonCounterSetup> counters)
    implements MrpcCommand<Void> {

  public static final int SUB = 0;

  public PmonSetup {
    counters = List.copyOf(counters);
    Payloads.requireRange(firstCounter + counters.size(), 1, 64, "PMON counter range");
  }

  @Override
  public int commandId() {
    return CommandIds.PMON;
  }

  @Override
  public byte[] payload() {
    LeWriter w = new LeWriter().u8(SUB).u8(stackId).u8(firstCounter).u8(counters.size());
    for (PmonCounterSetup c : counters) {
      c.write(w);
    }
    return w.toBytes();
  }

  @Override
  public int outputLength() {
    return 0;
  }

  @Override
  public Void decode(byte[] output) {
    return null;
  }
}
