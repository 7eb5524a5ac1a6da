package io.gpuchassis.switchdrv.command;

import io.gpuchassis.switchdrv.mrpc.CommandIds;
import io.gpuchassis.switchdrv.wire.LeReader;
import java.util.ArrayList;
import java.util.List;

/**
 * PMON 0x07 sub 2 (read counts): {sub=2, stack_id, counter_id, num_counters, read_clear} → per
 * counter {value u32, threshold u32}. Decodes to the values.
 */
public record PmonReadCounts(int stackId, int firstCounter, int count, boolean clear)
    implements MrpcCommand<List<Long>> {

  public static final int SUB = 2;

  public PmonReadCounts {
    Payloads.requireRange(firstCounter + count, 1, 64, "PMON counter range");
  }

  @Override
  public int commandId() {
    return CommandIds.PMON;
  }

  @Override
  public byte[] payload() {
    return new byte[] {
      SUB, (byte) stackId, (byte) firstCounter, (byte) count, (byte) (clear ? 1 : 0)
    };
  }

  @Override
  public int outputLength() {
    return count * 8;
  }

  @Override
  public List<Long> decode(byte[] output) {
    LeReader r = new LeReader(output, "PMON counts");
    List<Long> out = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      out.add(r.u32());
      r.u32();
    }
    return out;
  }
}
