package io.gpuchassis.sensor.i2c;

import com.pi4j.context.Context;
import com.pi4j.io.i2c.I2C;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Opens Pi4J I2C handles from a context, one per bus and address. Pi4J refuses a second I/O with the same id, and
 * several drivers legitimately share one address on one bus (every GPU behind a mux channel answers at the same
 * address), so handles are cached and shared.
 *
 * <p>Thread-safety: safe for concurrent use. Opening does not touch the bus.
 */
public final class I2cDevices {

  private final Context context;
  private final Map<Long, SmbusDevice> open = new HashMap<>();

  public I2cDevices(Context context) {
    this.context = Objects.requireNonNull(context, "context");
  }

  /** The shared SMBus view of {@code address} on {@code bus}, opened on first use. */
  public synchronized SmbusDevice device(int bus, int address) {
    if (bus < 0 || address < 0x03 || address > 0x77) {
      throw new IllegalArgumentException("no I2C device at bus " + bus + " address " + SmbusDevice.hex(address));
    }
    return open.computeIfAbsent(((long) bus << 8) | address, key -> new SmbusDevice(openI2c(bus, address)));
  }

  private I2C openI2c(int bus, int address) {
    return context.create(
        I2C.newConfigBuilder(context)
            .id("i2c-" + bus + "-" + SmbusDevice.hex(address))
            .bus(bus)
            .device(address));
  }
}
