package io.gpuchassis.sensor.sim.device;

import io.gpuchassis.sensor.device.gpu.GpuIdentity;
import io.gpuchassis.sensor.device.gpu.SmbpbiCommand;
import io.gpuchassis.sensor.device.gpu.SmbpbiPostBox;
import io.gpuchassis.sensor.device.gpu.SmbpbiStatus;
import io.gpuchassis.sensor.device.gpu.SysIdData;
import io.gpuchassis.sensor.device.gpu.SysIdDataType;
import io.gpuchassis.sensor.sim.bus.TargetKind;
import java.nio.ByteOrder;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * A GPU's SMBus post-box: 4-byte block registers for command (0x5C) and data (0x5D), little-endian.
 * A command written with INTR set is executed and the command register then shows its STATUS;
 * {@link #completeAfterPolls} keeps the status NULL for that many status reads first, and {@link
 * #setHung} never completes. Supports GET_CAP_DWORD (pages 0-5), GET_TEMP (GPU, T_LIMIT margin),
 * GET_EXT_TEMP (SFXP24.8), GET_POWER (total, mW) and GET_SYS_ID_DATA for the {@link
 * SysIdDataType}s, answered from a {@link GpuIdentity} byte for byte as {@link SysIdData} lays them
 * out: a field the identity lacks is not announced and answers ERR_NOT_SUPPORTED, as does a sys-id
 * type this GPU does not model; a dword index past the field answers ERR_ARG2, a type past the
 * header's last one ERR_ARG1.
 *
 * <p>An unpowered GPU (slot power off) does not acknowledge, nor does one that {@linkplain
 * #setOffBus fell off the bus}.
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

  /** GET_CAP_DWORD pages the header defines (NV_MSGBOX_DATA_CAP_COUNT). */
  public static final int CAPABILITY_PAGES = 6;

  private final RegisterMap registers = new RegisterMap(ByteOrder.LITTLE_ENDIAN);
  private final double slowdownLimitCelsius;
  private final GpuIdentity identity;
  private final Map<SysIdDataType, byte[]> sysIdFields = new EnumMap<>(SysIdDataType.class);
  private final Map<SysIdDataType, SmbpbiStatus> sysIdFailures = new EnumMap<>(SysIdDataType.class);
  private int capabilityPages = CAPABILITY_PAGES;
  private double temperature = 30.0;
  private double watts;
  private boolean powered = true;
  private boolean offBus;
  private boolean hung;
  private int completeAfterPolls;
  private int pendingPolls = -1; // -1: nothing in progress

  /** A GPU with {@link #referenceIdentity} and a serial number made from {@code name}. */
  public SimSmbpbiGpu(String name, double slowdownLimitCelsius) {
    this(name, slowdownLimitCelsius, referenceIdentity(serialFor(name)));
  }

  /**
   * A GPU that reports {@code identity}.
   *
   * @throws IllegalArgumentException when a field does not fit its SYS_ID_DATA size or is not
   *     printable ASCII
   */
  public SimSmbpbiGpu(String name, double slowdownLimitCelsius, GpuIdentity identity) {
    super(name);
    this.slowdownLimitCelsius = slowdownLimitCelsius;
    this.identity = Objects.requireNonNull(identity, "identity");
    encode(identity);
    registers
        .defineBlock(SmbpbiPostBox.COMMAND_REGISTER, 4, true, new byte[4])
        .defineBlock(SmbpbiPostBox.DATA_REGISTER, 4, true, new byte[4])
        .defineBlock(EXTENDED_DATA_REGISTER, 4, true, new byte[4]);
  }

  /**
   * The post-box is an SMBus command device: a read is answered only within the transaction naming
   * its register.
   */
  @Override
  public TargetKind kind() {
    return TargetKind.SMBUS_COMMAND;
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
        if (arg1 < capabilityPages) {
          data = capabilities(arg1);
        } else {
          status = SmbpbiStatus.ERR_ARG1;
        }
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
      case SmbpbiCommand.OPCODE_GET_SYS_ID_DATA:
        status = sysIdStatus(arg1, SmbpbiCommand.arg2(command));
        if (status == SmbpbiStatus.SUCCESS) {
          data =
              SysIdData.dword(
                  sysIdFields.get(SysIdDataType.ofArg1(arg1)), SmbpbiCommand.arg2(command));
        }
        break;
      default:
        status = SmbpbiStatus.ERR_OPCODE;
    }
    if (status == SmbpbiStatus.SUCCESS) {
      registers.setBlock(SmbpbiPostBox.DATA_REGISTER, bytes(data));
    }
    registers.setBlock(
        SmbpbiPostBox.COMMAND_REGISTER, bytes(SmbpbiCommand.complete(command, status)));
  }

  private SmbpbiStatus sysIdStatus(int arg1, int dwordIndex) {
    if (arg1 > SysIdDataType.LAST_DEFINED_TYPE) {
      return SmbpbiStatus.ERR_ARG1;
    }
    SysIdDataType type = SysIdDataType.ofArg1(arg1);
    if (type == null || !sysIdFields.containsKey(type)) {
      return SmbpbiStatus.ERR_NOT_SUPPORTED;
    }
    if (sysIdFailures.containsKey(type)) {
      return sysIdFailures.get(type);
    }
    return dwordIndex < type.dwords() ? SmbpbiStatus.SUCCESS : SmbpbiStatus.ERR_ARG2;
  }

  private int capabilities(int page) {
    int caps = page == 0 ? CAPABILITIES_0 : 0;
    for (SysIdDataType type : sysIdFields.keySet()) {
      if (type.capabilityPage() == page) {
        caps |= type.capabilityMask();
      }
    }
    return caps;
  }

  private void encode(GpuIdentity id) {
    putString(SysIdDataType.MARKETING_NAME, id.model());
    putString(SysIdDataType.SERIAL_NUMBER, id.serialNumber());
    putNumber(SysIdDataType.VENDOR_ID, id.vendorId());
    putNumber(SysIdDataType.DEVICE_ID, id.deviceId());
    putNumber(SysIdDataType.SUBSYSTEM_VENDOR_ID, id.subsystemVendorId());
    putNumber(SysIdDataType.SUBSYSTEM_ID, id.subsystemId());
    id.firmwareVersion().ifPresent(v -> putString(SysIdDataType.FIRMWARE_VERSION, v));
    id.memoryGiB().ifPresent(gib -> putNumber(SysIdDataType.MAX_DRAM_CAPACITY, gib * 1024L));
    id.powerLimitWatts().ifPresent(w -> putNumber(SysIdDataType.TGP_LIMIT, Math.round(w * 1000.0)));
    id.maxPcieGeneration().ifPresent(g -> putNumber(SysIdDataType.PCIE_SPEED, g));
    id.maxPcieWidth().ifPresent(lanes -> putNumber(SysIdDataType.PCIE_WIDTH, lanes));
  }

  private void putString(SysIdDataType type, String text) {
    sysIdFields.put(type, SysIdData.encodeString(text, type.size()));
  }

  private void putNumber(SysIdDataType type, long value) {
    sysIdFields.put(type, SysIdData.encodeUnsigned(value, type.size()));
  }

  /**
   * An NVIDIA H100 PCIe (10DE:2331, subsystem 10DE:1626, VBIOS 96.00.30.00.01, 80 GiB, 350 W TGP,
   * PCIe Gen5 x16) with the given serial number.
   */
  public static GpuIdentity referenceIdentity(String serialNumber) {
    return GpuIdentity.of("NVIDIA H100 PCIe", serialNumber, 0x10DE, 0x2331, 0x10DE, 0x1626)
        .withFirmwareVersion("96.00.30.00.01")
        .withMemoryGiB(80)
        .withPowerLimitWatts(350.0)
        .withPcie(5, 16);
  }

  /**
   * {@code SIM-} and the letters and digits of {@code name}, cut to the 16 bytes of the serial
   * number field.
   */
  public static String serialFor(String name) {
    String serial = "SIM-" + name.replaceAll("[^A-Za-z0-9]", "");
    return serial.substring(0, Math.min(serial.length(), SysIdDataType.SERIAL_NUMBER.size()));
  }

  /** What this GPU reports in GET_SYS_ID_DATA. */
  public GpuIdentity identity() {
    return identity;
  }

  /**
   * From now on a GET_SYS_ID_DATA of {@code type} answers {@code status} although the capability
   * stays announced, as a value that needs the host driver does while it is not loaded; {@link
   * SmbpbiStatus#SUCCESS} restores it.
   */
  public synchronized void failSysIdData(SysIdDataType type, SmbpbiStatus status) {
    if (status == SmbpbiStatus.SUCCESS) {
      sysIdFailures.remove(type);
    } else {
      sysIdFailures.put(type, status);
    }
  }

  /**
   * From now on the GPU announces {@code type} and reports exactly {@code field} for it, e.g. the
   * zeros of an unprogrammed value or the bytes of a corrupt one. {@link #identity()} stays what
   * the GPU was built with.
   */
  public synchronized void setSysIdData(SysIdDataType type, byte[] field) {
    if (field.length != type.size()) {
      throw new IllegalArgumentException(
          type + " is " + type.size() + " bytes, not " + field.length);
    }
    sysIdFields.put(type, field.clone());
  }

  /** Firmware that predates later capability pages answers ERR_ARG1 from page {@code pages} on. */
  public synchronized void setCapabilityPages(int pages) {
    this.capabilityPages = Math.max(1, Math.min(pages, CAPABILITY_PAGES));
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
