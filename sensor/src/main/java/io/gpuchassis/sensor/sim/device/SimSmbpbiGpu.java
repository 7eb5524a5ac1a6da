package io.gpuchassis.sensor.sim.device;

import io.gpuchassis.sensor.device.gpu.SmbpbiCommand;
import io.gpuchassis.sensor.device.gpu.SmbpbiPostBox;
import io.gpuchassis.sensor.device.gpu.SmbpbiStatus;
import java.nio.ByteOrder;

/**
 * A GPU's SMBus post-box: 4-byte block registers for command (0x5C) and data (0x5D), little-endian. A command written
 * with INTR set is executed and the command register then shows its STATUS; {@link #completeAfterPolls} keeps the
 * status NULL for that many status reads first, and {@link #setHung} never completes. Supports GET_CAP_DWORD (page 0),
 * GET_TEMP (GPU, T_LIMIT margin), GET_EXT_TEMP (SFXP24.8) and GET_POWER (total, mW).
 *
 * <p>An unpowered GPU (slot power off) does not acknowledge, nor does one that {@linkplain #setOffBus fell off the
 * bus}.
 *
 * <p>Thread-safety: as every {@link SimDevice}, synchronised on the device.
 */
public final class SimSmbpbiGpu extends PointerDevice {

  private static final int EXTENDED_DATA_REGISTER = 0x5E;
  private static final int CAPABILITIES_0 =
      SmbpbiCommand.CAP0_TEMP_GPU
          | SmbpbiCommand.CAP0_TEMP_T_LIMIT
          | (8 << SmbpbiCommand.CAP0_EXT_TEMP_BITS_SHIFT)
          | SmbpbiCommand.CAP0_POWER_TOTAL;

  private final RegisterMap registers = new RegisterMap(ByteOrder.LITTLE_ENDIAN);
  private final double slowdownLimitCelsius;
  private double temperature = 30.0;
  private double watts;
  private boolean powered = true;
  private boolean offBus;
  private boolean hung;
  private int completeAfterPolls;
  private int pendingPolls = -1; // -1: nothing in progress

  public SimSmbpbiGpu(String name, double slowdownLimitCelsius) {
    super(name);
    this.slowdownLimitCelsius = slowdownLimitCelsius;
    registers
        .defineBlock(SmbpbiPostBox.COMMAND_REGISTER, 4, true, new byte[4])
        .defineBlock(SmbpbiPostBox.DATA_REGISTER, 4, true, new byte[4])
        .defineBlock(EXTENDED_DATA_REGISTER, 4, true, new byte[4]);
  }

  @Override
  protected RegisterMap mapFor(int register) {
    return registers;
  }

  @Override
  protected boolean acknowledges() {
    return powered && !offBus;
  }

  @Override
  protected void registerWritten(int register) {
    if (register != SmbpbiPostBox.COMMAND_REGISTER) {
      return;
    }
    int command = dword(registers.getBlock(register));
    if ((command & SmbpbiCommand.INTR) == 0) {
      return;
    }
    pendingPolls = hung ? Integer.MAX_VALUE : completeAfterPolls;
    if (pendingPolls == 0) {
      execute(command);
    }
  }

  @Override
  protected void beforeRead(int register) {
    if (register != SmbpbiPostBox.COMMAND_REGISTER || pendingPolls <= 0) {
      return;
    }
    if (pendingPolls != Integer.MAX_VALUE) {
      pendingPolls--;
    }
    if (pendingPolls == 0) {
      execute(dword(registers.getBlock(register)));
    }
  }

  private void execute(int command) {
    pendingPolls = -1;
    int arg1 = SmbpbiCommand.arg1(command);
    SmbpbiStatus status = SmbpbiStatus.SUCCESS;
    int data = 0;
    switch (SmbpbiCommand.opcode(command)) {
      case SmbpbiCommand.OPCODE_NULL:
        break;
      case SmbpbiCommand.OPCODE_GET_CAP_DWORD:
        data = arg1 == 0 ? CAPABILITIES_0 : 0;
        break;
      case SmbpbiCommand.OPCODE_GET_TEMP:
        if (arg1 == SmbpbiCommand.ARG1_TEMP_GPU) {
          data = (int) Math.round(temperature);
        } else if (arg1 == SmbpbiCommand.ARG1_TEMP_T_LIMIT_MARGIN) {
          data = (int) Math.round(slowdownLimitCelsius - temperature);
        } else {
          status = SmbpbiStatus.ERR_ARG1;
        }
        break;
      case SmbpbiCommand.OPCODE_GET_EXT_TEMP:
        if (arg1 == SmbpbiCommand.ARG1_TEMP_GPU) {
          data = (int) Math.round(temperature * 256.0);
        } else {
          status = SmbpbiStatus.ERR_ARG1;
        }
        break;
      case SmbpbiCommand.OPCODE_GET_POWER:
        if (arg1 == SmbpbiCommand.ARG1_POWER_TOTAL) {
          data = (int) Math.round(watts * 1000.0);
        } else {
          status = SmbpbiStatus.ERR_ARG1;
        }
        break;
      default:
        status = SmbpbiStatus.ERR_OPCODE;
    }
    if (status == SmbpbiStatus.SUCCESS) {
      registers.setBlock(SmbpbiPostBox.DATA_REGISTER, bytes(data));
    }
    registers.setBlock(SmbpbiPostBox.COMMAND_REGISTER, bytes(SmbpbiCommand.complete(command, status)));
  }

  /** Physics input: die temperature and board power (ignored while frozen). */
  public synchronized void setTelemetry(double celsius, double boardWatts) {
    if (!frozen()) {
      temperature = celsius;
      watts = boardWatts;
    }
  }

  public synchronized double temperature() {
    return temperature;
  }

  public synchronized double watts() {
    return watts;
  }

  /** Slot power: an unpowered GPU does not answer on SMBus. */
  public synchronized void setPowered(boolean powered) {
    this.powered = powered;
    if (!powered) {
      pendingPolls = -1;
    }
  }

  /** The GPU stops answering on SMBus while its slot stays powered and present. */
  public synchronized void setOffBus(boolean offBus) {
    this.offBus = offBus;
  }

  /** Requests complete only after {@code polls} status reads (0: at once). */
  public synchronized void completeAfterPolls(int polls) {
    this.completeAfterPolls = Math.max(0, polls);
  }

  /** While hung, requests never complete. */
  public synchronized void setHung(boolean hung) {
    this.hung = hung;
  }

  private static int dword(byte[] b) {
    return Byte.toUnsignedInt(b[0])
        | Byte.toUnsignedInt(b[1]) << 8
        | Byte.toUnsignedInt(b[2]) << 16
        | Byte.toUnsignedInt(b[3]) << 24;
  }

  private static byte[] bytes(int v) {
    return new byte[] {(byte) v, (byte) (v >> 8), (byte) (v >> 16), (byte) (v >> 24)};
  }
}
