package io.gpuchassis.switchdrv.command;

import io.gpuchassis.switchdrv.Generation;
import io.gpuchassis.switchdrv.mrpc.CommandIds;
import io.gpuchassis.switchdrv.wire.LeReader;
import io.gpuchassis.switchdrv.wire.LeWriter;

/**
 * DIETEMP 0x04 (reference §2.3): payload u32 sub-command. Gen5/Gen6 use sub 4 and answer four u32
 * sensor readings (averaged); Gen3/Gen4 use sub 2 (GET) and answer one u32. Units are hundredths of
 * a degree Celsius.
 */
public record DieTemperature(Generation generation) implements MrpcCommand<Double> {

  public static final int SUB_GET = 2;
  public static final int SUB_GET_ALL = 4;

  private boolean multiSensor() {
    return generation == Generation.GEN5 || generation == Generation.GEN6;
  }

  @Override
  public int commandId() {
    return CommandIds.DIETEMP;
  }

  @Override
  public byte[] payload() {
    return new LeWriter().u32(multiSensor() ? SUB_GET_ALL : SUB_GET).toBytes();
  }

  @Override
  public int outputLength() {
    return multiSensor() ? 16 : 4;
  }

  @Override
  public Double decode(byte[] output) {
    LeReader r = new LeReader(output, "DIETEMP");
    int n = multiSensor() ? 4 : 1;
    long sum = 0;
    for (int i = 0; i < n; i++) {
      sum += r.i32();
    }
    return sum / (n * 100.0);
  }
}
