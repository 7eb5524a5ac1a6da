package io.gpuchassis.agent.board;

import java.util.Objects;
import java.util.Optional;

/**
 * How the agent reaches a device on the management processor's I2C buses: open {@code
 * /dev/i2c-<bus>}, select the mux channel if there is one, talk to {@code address}.
 *
 * <p>A device behind a multiplexer that the kernel drives has no {@link MuxHop}: its bus is the one
 * the kernel made for that channel.
 *
 * @param bus Linux I2C bus number
 * @param mux the channel of an agent-driven mux to select first; empty for a device wired to {@code
 *     bus} directly or behind a kernel-driven mux
 * @param address 7-bit device address, 0x08-0x77
 */
public record I2cPath(int bus, Optional<MuxHop> mux, int address) {

  public I2cPath {
    Objects.requireNonNull(mux, "mux");
  }

  /** A device wired to {@code bus} directly, or behind a kernel-driven mux. */
  public static I2cPath direct(int bus, int address) {
    return new I2cPath(bus, Optional.empty(), address);
  }

  /** The character device to open, e.g. {@code "/dev/i2c-10"}. */
  public String devicePath() {
    return "/dev/i2c-" + bus;
  }

  /**
   * For messages: {@code "/dev/i2c-2 address 0x59"} or {@code "/dev/i2c-10 channel 3 of mux GpuMux1
   * (0x70), address 0x4f"}.
   */
  public String describe() {
    String where =
        mux.map(
                hop ->
                    devicePath()
                        + " channel "
                        + hop.channel()
                        + " of mux "
                        + hop.muxId()
                        + " ("
                        + HexIds.format(hop.muxAddress(), 2)
                        + "),")
            .orElse(devicePath());
    return where + " address " + HexIds.format(address, 2);
  }
}
