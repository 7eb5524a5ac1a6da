package io.gpuchassis.agent.board;

import java.util.List;
import java.util.Objects;

/**
 * An I2C multiplexer on the board.
 *
 * <p>Either the agent drives it (selects a channel around each transfer; {@code kernelBuses}
 * empty), or the kernel's {@code i2c-mux-pca954x} driver owns it and gives each channel a bus of
 * its own ({@code kernelBuses} lists them by channel).
 *
 * @param id board-unique id, e.g. {@code "GpuMux1"}
 * @param part the mux part ({@link I2cPart#PCA9548})
 * @param bus Linux bus number the mux answers on
 * @param address 7-bit address of the mux
 * @param kernelBuses for a kernel-driven mux, the bus number of each channel (index = channel);
 *     empty for an agent-driven mux
 */
public record I2cMux(String id, I2cPart part, int bus, int address, List<Integer> kernelBuses) {

  public I2cMux {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(part, "part");
    kernelBuses = List.copyOf(kernelBuses);
  }

  /** Whether the kernel owns the mux (and the agent must never write its control register). */
  public boolean kernelDriven() {
    return !kernelBuses.isEmpty();
  }

  /** Where the mux itself answers. */
  public I2cPath path() {
    return I2cPath.direct(bus, address);
  }
}
