package io.gpuchassis.agent.platform;

import com.pi4j.context.Context;
import io.gpuchassis.agent.board.BoardDescription;
import io.gpuchassis.agent.board.GpioLineRef;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.ethernet.DataPort;
import io.gpuchassis.agent.ethernet.PortReader;
import io.gpuchassis.agent.ethernet.PortSource;
import io.gpuchassis.agent.fault.FaultInjector;
import io.gpuchassis.sensor.gpio.GpioLine;
import io.gpuchassis.sensor.gpio.SlotSignal;
import io.gpuchassis.sensor.i2c.DeviceException;
import io.gpuchassis.switchdrv.DriverOptions;
import io.gpuchassis.switchdrv.SwitchDriver;
import java.time.Clock;
import java.util.Optional;

/**
 * The hardware the agent runs on, real or simulated: the seam between the agent and its chassis.
 * The agent asks it for the board, a driver per switch chip, the Pi4J context of the sensor buses
 * and the processor's GPIO lines, and never learns which implementation answers (only {@link
 * PlatformAssembly} chooses one). Real and simulated platforms are built from the same board
 * description; only a simulated one has a fault switchboard.
 */
public interface ChassisPlatform extends AutoCloseable {

  /** What the agent runs on, in one line for the log. */
  String description();

  /**
   * Whether the hardware is simulated: the agent says so in its log and in the Manager resource.
   */
  boolean simulated();

  /** The board description the platform was built from. */
  BoardDescription board();

  /**
   * The chassis the board describes, before the hardware has been read: no GPUs, no serial number
   * yet.
   */
  default ChassisState inventory() {
    return board().initialState();
  }

  /**
   * A driver for switch chip {@code switchId} over its transport. Opening does not wait for the
   * chip: a chip that is absent or does not answer fails the driver's calls, naming the device, so
   * that its worker reports it.
   */
  SwitchDriver openSwitch(String switchId, DriverOptions options);

  /** The Pi4J context whose I2C buses carry the chassis sensors, slot lines and GPU sidebands. */
  Context sensorContext();

  /**
   * A processor GPIO line of the board carrying {@code signal} of a slot: an input for presence,
   * otherwise an output, requested at the level a running slot has (powered, out of reset, LED
   * off).
   *
   * @throws DeviceException when the line cannot be had (no such gpiochip, or the GPIO provider
   *     cannot drive it)
   */
  GpioLine gpioLine(GpioLineRef line, SlotSignal signal) throws DeviceException;

  /**
   * A client of the ExpEther manager that sets the groups of the board's Ethernet hosts; empty when
   * the board has none. Opening does not wait for the manager: the first request connects.
   */
  default Optional<io.gpuchassis.switchdrv.expether.EemClient> expEtherManager() {
    return Optional.empty();
  }

  /**
   * Where the agent reads a data-path port of the board: sysfs below {@code /} and the real {@code
   * ethtool} on a board; a simulated platform answers from its simulated port files.
   */
  default PortSource dataPort(DataPort port, Clock clock) {
    return PortReader.onBoard(port, clock);
  }

  /**
   * Where the agent runs the data-path ports' tools: {@code ethtool -m}, {@code ethtool -i} and
   * {@code lldpcli} for their inventory, {@code ip}, {@code dcb} and {@code tc} for their RoCE
   * profile; the board's own, each given 5 s. A simulated platform answers from its simulated port
   * files.
   */
  default io.gpuchassis.agent.ethernet.ToolRunner dataPortTools() {
    return new io.gpuchassis.agent.ethernet.ProcessToolRunner(java.time.Duration.ofSeconds(5));
  }

  /**
   * The same tools, each given {@code timeout}: for a tool that runs for a while by design (the
   * round-trip probe's ping, 0.2 s an echo). A simulated platform's answer at once.
   */
  default io.gpuchassis.agent.ethernet.ToolRunner dataPortTools(java.time.Duration timeout) {
    return new io.gpuchassis.agent.ethernet.ProcessToolRunner(timeout);
  }

  /** The fault switchboard of simulated hardware; empty on real hardware. */
  Optional<FaultInjector> faults();

  /** Releases the hardware (closes buses and ports; stops a simulation). */
  @Override
  void close();
}
