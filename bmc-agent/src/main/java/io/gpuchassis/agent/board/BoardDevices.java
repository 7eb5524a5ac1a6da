package io.gpuchassis.agent.board;

import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The device nodes a board file names: the I2C adapters of its switch chips, muxes and devices (a
 * kernel-driven mux's channel buses included), the UARTs and switchtec nodes of its switch chips,
 * the gpiochips of its processor GPIO lines, and its console port. The service may open these and
 * no others (docs/PACKAGING.md, {@code bmc-agent devices}).
 */
public final class BoardDevices {

  private BoardDevices() {}

  /** Every device node the board names, sorted. */
  public static SortedSet<String> of(BoardDescription board) {
    SortedSet<String> nodes = new TreeSet<>();
    for (BoardSwitch chip : board.switches()) {
      if (chip.access() instanceof I2cAccess i2c) {
        addPath(nodes, i2c.path());
      } else if (chip.access() instanceof UartAccess uart) {
        nodes.add(uart.device());
      } else if (chip.access() instanceof InbandAccess inband) {
        nodes.add(inband.device());
      }
    }
    for (I2cMux mux : board.muxes()) {
      nodes.add(i2cBus(mux.bus()));
      mux.kernelBuses().forEach(bus -> nodes.add(i2cBus(bus)));
    }
    board.devices().forEach(device -> addPath(nodes, device.path()));
    for (SlotAccess slot : board.slotAccess()) {
      slot.sideband().ifPresent(path -> addPath(nodes, path));
      SlotLines lines = slot.lines();
      for (Optional<LineRef> line :
          java.util.List.of(
              lines.presence(), lines.powerEnable(), lines.perst(), lines.attentionLed())) {
        line.filter(GpioLineRef.class::isInstance)
            .map(GpioLineRef.class::cast)
            .ifPresent(gpio -> nodes.add("/dev/" + gpio.chip()));
      }
    }
    board.console().ifPresent(port -> nodes.add(port.device()));
    return nodes;
  }

  private static void addPath(SortedSet<String> nodes, I2cPath path) {
    nodes.add(i2cBus(path.bus()));
    path.mux().ifPresent(hop -> nodes.add(i2cBus(hop.muxBus())));
  }

  private static String i2cBus(int bus) {
    return "/dev/i2c-" + bus;
  }
}
