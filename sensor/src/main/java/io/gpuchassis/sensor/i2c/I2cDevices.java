package io.gpuchassis.sensor.i2c;

import com.pi4j.context.Context;
import com.pi4j.io.i2c.I2C;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Opens Pi4J I2C handles from a context, one per bus and address. Pi4J refuses a second I/O with
 * the same id, and several drivers legitimately share one address on one bus (every GPU behind a
 * mux channel answers at the same address), so handles are cached and shared.
 *
 * <p>Opening can fail without any transfer: Pi4J linuxfs throws from {@code context.create(...)}
 * when {@code /sys/bus/i2c/devices/i2c-N} or {@code /dev/i2c-N} is missing, and on a machine
 * without its native library (x86_64) the library cannot even load. {@link #open} turns any of
 * these into an {@linkplain SmbusDevice#unavailable unavailable device} naming the bus and the
 * reason, so one missing bus does not stop the others; {@link #device} throws instead.
 *
 * <p>Thread-safety: safe for concurrent use. Opening does not touch the bus.
 */
public final class I2cDevices {

  private final Context context;
  private final Map<Long, SmbusDevice> open = new HashMap<>();
  private final Map<Long, Throwable> failures = new HashMap<>();

  public I2cDevices(Context context) {
    this.context = Objects.requireNonNull(context, "context");
  }

  /**
   * The shared SMBus view of {@code address} on {@code bus}, opened on first use.
   *
   * @throws RuntimeException Pi4J's own exception when it cannot be opened (an {@link
   *     IllegalStateException} with the reason when what failed was an {@link Error}, such as a
   *     native library that cannot load)
   */
  public synchronized SmbusDevice device(int bus, int address) {
    SmbusDevice device = open(bus, address);
    if (!device.isAvailable()) {
      Throwable failure = failures.get(key(bus, address));
      if (failure instanceof RuntimeException e) {
        throw e;
      }
      throw new IllegalStateException(device.unavailableReason().orElseThrow(), failure);
    }
    return device;
  }

  /**
   * The shared SMBus view of {@code address} on {@code bus}, opened on first use; when it cannot be
   * opened, a device that fails every transfer with the reason (e.g. {@code "bus 9: ...
   * /sys/bus/i2c/devices/i2c-9 ... does not exist"}). Never throws for a device that cannot be
   * opened; the attempt is not repeated.
   */
  public synchronized SmbusDevice open(int bus, int address) {
    if (bus < 0 || address < 0x03 || address > 0x77) {
      throw new IllegalArgumentException(
          "no I2C device at bus " + bus + " address " + SmbusDevice.hex(address));
    }
    long key = key(bus, address);
    SmbusDevice device = open.get(key);
    if (device == null) {
      try {
        device = new SmbusDevice(openI2c(bus, address));
      } catch (RuntimeException | LinkageError e) {
        // LinkageError: Pi4J's native library for this architecture is missing
        // (UnsatisfiedLinkError, or
        // NoClassDefFoundError once its loader class failed to initialise)
        failures.put(key, e);
        device = SmbusDevice.unavailable(bus, address, "bus " + bus + ": " + reason(e));
      }
      open.put(key, device);
    }
    return device;
  }

  private I2C openI2c(int bus, int address) {
    return context.create(
        I2C.newConfigBuilder(context)
            .id("i2c-" + bus + "-" + SmbusDevice.hex(address))
            .bus(bus)
            .device(address));
  }

  private static long key(int bus, int address) {
    return ((long) bus << 8) | address;
  }

  private static String reason(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String message =
        root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    return root instanceof LinkageError
        ? "native I2C library cannot load (" + message + ")"
        : message;
  }
}
