package io.gpuchassis.sensor.device.gpu;

import io.gpuchassis.sensor.i2c.DeviceException;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Reads a {@link GpuIdentity} field by field. Each type is asked for only when its GET_CAP_DWORD
 * bit announces it. A required field that is not announced, or answered with an error, fails the
 * read. An optional field is empty when it is not announced, when the GPU answers NOT_SUPPORTED or
 * NOT_AVAILABLE (some values need the host driver loaded; read again later), or when its value is
 * zero or blank, which is what an unprogrammed field holds. A value that is present but implausible
 * fails the read: no garbage in the inventory.
 *
 * <p>One reader per read; not thread-safe. Blocking: one post-box request per capability page and
 * per field dword.
 */
final class GpuIdentityReader {

  private static final Set<SmbpbiStatus> ABSENT =
      EnumSet.of(SmbpbiStatus.ERR_NOT_SUPPORTED, SmbpbiStatus.ERR_NOT_AVAILABLE);
  // a GPU whose firmware predates a capability page rejects the page number
  private static final Set<SmbpbiStatus> NO_SUCH_PAGE =
      EnumSet.of(SmbpbiStatus.ERR_ARG1, SmbpbiStatus.ERR_NOT_SUPPORTED);

  private final SmbpbiPostBox postBox;
  private final Map<Integer, Integer> capabilities = new HashMap<>();

  GpuIdentityReader(SmbpbiPostBox postBox) {
    this.postBox = postBox;
  }

  GpuIdentity read() throws DeviceException {
    String model = text(SysIdDataType.MARKETING_NAME, required(SysIdDataType.MARKETING_NAME));
    String serial = text(SysIdDataType.SERIAL_NUMBER, required(SysIdDataType.SERIAL_NUMBER));
    long vendor = SysIdData.decodeUnsigned(required(SysIdDataType.VENDOR_ID));
    long device = SysIdData.decodeUnsigned(required(SysIdDataType.DEVICE_ID));
    long subsystemVendor = SysIdData.decodeUnsigned(required(SysIdDataType.SUBSYSTEM_VENDOR_ID));
    long subsystem = SysIdData.decodeUnsigned(required(SysIdDataType.SUBSYSTEM_ID));
    Optional<byte[]> firmwareField = optional(SysIdDataType.FIRMWARE_VERSION);
    Optional<String> firmware =
        firmwareField.isEmpty()
            ? Optional.empty()
            : Optional.of(text(SysIdDataType.FIRMWARE_VERSION, firmwareField.get()))
                .filter(v -> !v.isEmpty());
    OptionalLong memoryMiB = number(optional(SysIdDataType.MAX_DRAM_CAPACITY));
    OptionalInt memoryGiB =
        memoryMiB.isPresent()
            ? OptionalInt.of((int) Math.round(memoryMiB.getAsLong() / 1024.0))
            : OptionalInt.empty();
    OptionalLong tgpMilliwatts = number(optional(SysIdDataType.TGP_LIMIT));
    OptionalLong generation = number(optional(SysIdDataType.PCIE_SPEED));
    OptionalLong lanes = number(optional(SysIdDataType.PCIE_WIDTH));
    try {
      return new GpuIdentity(
          model,
          serial,
          (int) vendor,
          (int) device,
          (int) subsystemVendor,
          (int) subsystem,
          firmware,
          memoryGiB,
          tgpMilliwatts.isPresent()
              ? OptionalDouble.of(tgpMilliwatts.getAsLong() / 1000.0)
              : OptionalDouble.empty(),
          asInt(generation),
          asInt(lanes));
    } catch (IllegalArgumentException e) {
      throw new DeviceException(postBox + ": implausible identity: " + e.getMessage(), e);
    }
  }

  private String text(SysIdDataType type, byte[] field) throws DeviceException {
    try {
      return SysIdData.decodeString(field);
    } catch (IllegalArgumentException e) {
      throw new DeviceException(postBox + ": " + type + " is not text: " + e.getMessage(), e);
    }
  }

  private byte[] required(SysIdDataType type) throws DeviceException {
    if (!announced(type)) {
      throw new DeviceException(
          String.format(
              "%s does not announce %s (capability dword %d mask 0x%08X)",
              postBox, type, type.capabilityPage(), type.capabilityMask()));
    }
    return postBox.readSysIdData(type);
  }

  private Optional<byte[]> optional(SysIdDataType type) throws DeviceException {
    if (!announced(type)) {
      return Optional.empty();
    }
    try {
      return Optional.of(postBox.readSysIdData(type));
    } catch (PostBoxException e) {
      if (ABSENT.contains(e.status())) {
        return Optional.empty();
      }
      throw e;
    }
  }

  private boolean announced(SysIdDataType type) throws DeviceException {
    Integer caps = capabilities.get(type.capabilityPage());
    if (caps == null) {
      caps = readCapabilities(type.capabilityPage());
      capabilities.put(type.capabilityPage(), caps);
    }
    return type.announcedIn(caps);
  }

  private int readCapabilities(int page) throws DeviceException {
    try {
      return postBox.capabilities(page);
    } catch (PostBoxException e) {
      if (!NO_SUCH_PAGE.contains(e.status())) {
        throw e;
      }
      return 0;
    }
  }

  // one-byte fields: no overflow
  private static OptionalInt asInt(OptionalLong value) {
    return value.isPresent() ? OptionalInt.of((int) value.getAsLong()) : OptionalInt.empty();
  }

  private static OptionalLong number(Optional<byte[]> field) {
    if (field.isEmpty()) {
      return OptionalLong.empty();
    }
    long value = SysIdData.decodeUnsigned(field.get());
    return value == 0 ? OptionalLong.empty() : OptionalLong.of(value);
  }
}
