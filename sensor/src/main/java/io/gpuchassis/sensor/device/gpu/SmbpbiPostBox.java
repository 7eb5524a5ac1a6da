package io.gpuchassis.sensor.device.gpu;

import io.gpuchassis.sensor.device.Pca9548Mux;
import io.gpuchassis.sensor.i2c.DeviceAction;
import io.gpuchassis.sensor.i2c.DeviceException;
import io.gpuchassis.sensor.i2c.DeviceIoException;
import io.gpuchassis.sensor.i2c.SmbusDevice;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The SMBus post-box of an NVIDIA data-center GPU (SMBPBI). Command register 0x5C and data register
 * 0x5D are 4-byte registers accessed with SMBus block transfers, little-endian (reference §4.1). A
 * request writes the command dword with INTR set, polls the command register until its STATUS field
 * leaves NULL, and on SUCCESS reads the data register.
 *
 * <p>One request at a time per GPU: a request holds this post-box's own lock from the command write
 * to the answer. The bus is held only for each transaction (the command write; a status read with
 * the data read that follows it), not while the GPU works on the request: a post-box {@linkplain
 * #behind behind a mux channel} selects its channel, transfers and deselects under the bus lock for
 * every transaction, so the requests of GPUs behind other channels of the same bus proceed in
 * between. The GPU keeps its post-box state while its channel is disconnected. A post-box on its
 * own device holds the bus lock per transaction the same way; a caller that wraps it in {@link
 * io.gpuchassis.sensor.device.Pca9548Mux#onChannel} holds the bus for the whole call instead.
 *
 * <p>Thread-safety: safe. Blocking: a request takes at least {@link PostBoxTiming#firstPoll()} and
 * at most about {@link PostBoxTiming#timeout()}, after which it fails with {@link
 * PostBoxTimeoutException}.
 */
public final class SmbpbiPostBox {

  public static final int COMMAND_REGISTER = 0x5C;
  public static final int DATA_REGISTER = 0x5D;

  private final SmbusDevice device;
  private final Pca9548Mux mux; // null: the device is reached directly
  private final int channel;
  private final PostBoxTiming timing;
  private final ReentrantLock requestLock = new ReentrantLock();
  private volatile int capabilities0 = -1;

  /** The post-box of the GPU at {@code device}, reached directly (or by a caller's mux section). */
  public SmbpbiPostBox(SmbusDevice device, PostBoxTiming timing) {
    this(device, null, 0, timing);
  }

  private SmbpbiPostBox(SmbusDevice device, Pca9548Mux mux, int channel, PostBoxTiming timing) {
    this.device = device;
    this.mux = mux;
    this.channel = channel;
    this.timing = timing;
  }

  /**
   * The post-box of the GPU at {@code device} behind {@code channel} of {@code mux} (on the same
   * bus): every transaction selects the channel and deselects it again.
   */
  public static SmbpbiPostBox behind(
      Pca9548Mux mux, int channel, SmbusDevice device, PostBoxTiming timing) {
    if (channel < 0 || channel >= Pca9548Mux.CHANNELS) {
      throw new IllegalArgumentException("PCA9548 channel must be 0-7: " + channel);
    }
    if (mux.device().bus() != device.bus()) {
      throw new IllegalArgumentException(
          "the mux (" + mux.device() + ") and the GPU (" + device + ") are on different buses");
    }
    return new SmbpbiPostBox(device, mux, channel, timing);
  }

  /** Submits one request and returns the data dword of a successful answer. */
  public int request(int opcode, int arg1, int arg2) throws DeviceException {
    int command = SmbpbiCommand.encode(opcode, arg1, arg2);
    requestLock.lock();
    try {
      long deadline = System.nanoTime() + timing.timeout().toNanos();
      transaction(
          () -> {
            device.writeBlock(COMMAND_REGISTER, littleEndian(command));
            return null;
          });
      // the GPU works on the request: the bus is free meanwhile
      pause(timing.firstPoll());
      while (true) {
        Answer answer = transaction(this::readAnswer);
        if (answer.status() == SmbpbiStatus.SUCCESS) {
          return answer.data();
        }
        if (answer.status() != SmbpbiStatus.NULL) {
          throw new PostBoxException(
              describe(opcode, arg1) + " answered " + answer.status(), answer.status());
        }
        if (System.nanoTime() - deadline > 0) {
          throw new PostBoxTimeoutException(
              describe(opcode, arg1) + " not completed within " + timing.timeout());
        }
        pause(timing.pollInterval());
      }
    } finally {
      requestLock.unlock();
    }
  }

  private record Answer(SmbpbiStatus status, int data) {}

  /** The request's status and, once it succeeded, the data register, in one bus transaction. */
  private Answer readAnswer() throws DeviceException {
    SmbpbiStatus status = SmbpbiCommand.status(dword(device.readBlock(COMMAND_REGISTER, 4)));
    int data = status == SmbpbiStatus.SUCCESS ? dword(device.readBlock(DATA_REGISTER, 4)) : 0;
    return new Answer(status, data);
  }

  /** One bus transaction with the GPU: under the bus lock, on its mux channel if it has one. */
  private <T> T transaction(DeviceAction<T> action) throws DeviceException {
    return mux == null ? device.atomically(action) : mux.onChannel(channel, action);
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

  /** One GET_SYS_ID_DATA field, read a dword per request (ARG2 = dword index). */
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
    return "SMBPBI post-box at "
        + device
        + (mux == null ? "" : " behind channel " + channel + " of the mux at " + mux.device());
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
