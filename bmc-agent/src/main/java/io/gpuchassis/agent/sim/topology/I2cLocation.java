package io.gpuchassis.agent.sim.topology;

/**
 * Where a device answers on the management processor's I2C buses.
 *
 * <p>A device behind an I2C multiplexer channel is addressed by the Linux bus number of that
 * channel (the kernel's {@code i2c-mux} driver gives every channel its own bus), so bus plus
 * address is enough to find any device.
 *
 * @param bus Linux I2C bus number ({@code /dev/i2c-N}), 0 or more
 * @param address 7-bit device address, 0x08..0x77
 */
public record I2cLocation(int bus, int address) {

  /** Human-readable form used in messages, e.g. {@code "bus 7 address 0x48"}. */
  public String describe() {
    return "bus " + bus + " address " + HexIds.format(address, 2);
  }
}
