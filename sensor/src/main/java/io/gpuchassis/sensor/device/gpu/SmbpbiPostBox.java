package io.gpuchassis.sensor.device.gpu;

import io.gpuchassis.sensor.i2c.DeviceException;
import io.gpuchassis.sensor.i2c.DeviceIoException;
import io.gpuchassis.sensor.i2c.SmbusDevice;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * The SMBus post-box of an NVIDIA data-center GPU (SMBPBI). Command register 0x5C and data register
 * 0x5D are 4-byte registers accessed with SMBus block transfers, little-endian (reference §4.1). A
 * request writes the command dword with INTR set, polls the command register until its STATUS field
 * leaves NULL, and on SUCCESS reads the data register. The whole exchange holds the bus lock: one
 * request at a time per GPU, and no other transfer can slip in (behind a mux, wrap calls in {@link
 * io.gpuchassis.sensor.device.Pca9548Mux#onChannel}).
 *
 * <p>Thread-safety: safe. Blocking: a request takes at least {@link PostBoxTiming#firstPoll()} and
 * at most about {@link PostBoxTiming#timeout()}, after which it fails with {@link
 * PostBoxTimeoutException}.
 */
public final class SmbpbiPostBox {

  public static final int COMMAND_REGISTER = 0x5C;
  public static final int DATA_REGISTER = 0x5D;

  private final SmbusDevice device;
  private final PostBoxTiming timing;
  private volatile int capabilities0 = -1;

  public SmbpbiPostBox(SmbusDevice device, PostBoxTiming timing) {
    this.device = device;
    this.timing = timing;
  }

  /** Submits one request and returns the data dword of a successful answer. */
  public int request(int opcode, int arg1, int arg2) throws DeviceException {
    int command = SmbpbiCommand.encode(opcode, arg1, arg2);
    return device.atomically(
        () -> {
          long deadline = System.nanoTime() + timing.timeout().toNanos();
          device.writeBlock(COMMAND_REGISTER, littleEndian(command));
          pause(timing.firstPoll());
          while (true) {
            SmbpbiStatus status =
                SmbpbiCommand.status(dword(device.readBlock(COMMAND_REGISTER, 4)));
            if (status == SmbpbiStatus.SUCCESS) {
              return dword(device.readBlock(DATA_REGISTER, 4));
            }
            if (status != SmbpbiStatus.NULL) {
              throw new PostBoxException(describe(opcode, arg1) + " answered " + status, status);
            }
            if (System.nanoTime() - deadline > 0) {
              throw new PostBoxTimeoutException(
                  describe(opcode, arg1) + " not completed within " + timing.timeout());
            }
            pause(timing.pollInterval());
          }
        });
  }

  /** Capability dword {@code page} (GET_CAP_DWORD): which requests this GPU supports. */
  public int capabilities(int page) throws DeviceException {
    return request(SmbpbiCommand.OPCODE_GET_CAP_DWORD, page, 0);
  }

  /**
   * GPU core temperature. Uses GET_EXT_TEMP (1/256 °C) when capability dword 0 announces 8
   * fractional bits, otherwise GET_TEMP (whole degrees). The capability is probed once.
   */
  public double readTemperatureCelsius() throws DeviceException {
    if (extendedTemperature()) {
      return request(SmbpbiCommand.OPCODE_GET_EXT_TEMP, SmbpbiCommand.ARG1_TEMP_GPU, 0) / 256.0;
    }
    return request(SmbpbiCommand.OPCODE_GET_TEMP, SmbpbiCommand.ARG1_TEMP_GPU, 0);
  }

  /** Distance to the GPU's own slowdown limit (T_LIMIT), in °C; positive is below the limit. */
  public double readTemperatureMargin() throws DeviceException {
    return request(SmbpbiCommand.OPCODE_GET_TEMP, SmbpbiCommand.ARG1_TEMP_T_LIMIT_MARGIN, 0);
  }

  /** Total board power in watts (GET_POWER reports milliwatts). */
  public double readPowerWatts() throws DeviceException {
    return Integer.toUnsignedLong(
            request(SmbpbiCommand.OPCODE_GET_POWER, SmbpbiCommand.ARG1_POWER_TOTAL, 0))
        / 1000.0;
  }

  /**
   * One GET_SYS_ID_DATA field, read a dword per request (ARG2 = dword index). The requests are
   * separate: behind a mux, wrap the call in {@code onChannel} to keep the channel selected.
   */
  public byte[] readSysIdData(SysIdDataType type) throws DeviceException {
    byte[] field = new byte[type.size()];
    for (int index = 0; index < type.dwords(); index++) {
      SysIdData.putDword(
          field, index, request(SmbpbiCommand.OPCODE_GET_SYS_ID_DATA, type.arg1(), index));
    }
    return field;
  }

  /**
   * Model, serial number, PCI ids and what else the GPU reports about itself ({@link
   * GpuIdentityReader}). About 25 requests; identity does not change while the card is seated, so
   * read it once per power-on.
   */
  public GpuIdentity readIdentity() throws DeviceException {
    return new GpuIdentityReader(this).read();
  }

  private boolean extendedTemperature() throws DeviceException {
    int caps = capabilities0;
    if (caps == -1) {
      caps = capabilities(0);
      capabilities0 = caps;
    }
    return ((caps >> SmbpbiCommand.CAP0_EXT_TEMP_BITS_SHIFT) & 0x0F) == 8;
  }

  @Override
  public String toString() {
    return "SMBPBI post-box at " + device;
  }

  private String describe(int opcode, int arg1) {
    return String.format("%s: SMBPBI opcode 0x%02X arg1 0x%02X", device, opcode, arg1);
  }

  private static void pause(Duration d) throws DeviceIoException {
    if (d.isZero()) {
      return;
    }
    LockSupport.parkNanos(d.toNanos());
    if (Thread.currentThread().isInterrupted()) {
      throw new DeviceIoException("interrupted while waiting for the GPU post-box");
    }
  }

  static byte[] littleEndian(int value) {
    return new byte[] {
      (byte) value, (byte) (value >> 8), (byte) (value >> 16), (byte) (value >> 24)
    };
  }

  static int dword(byte[] b) {
    return Byte.toUnsignedInt(b[0])
        | Byte.toUnsignedInt(b[1]) << 8
        | Byte.toUnsignedInt(b[2]) << 16
        | Byte.toUnsignedInt(b[3]) << 24;
  }
}
