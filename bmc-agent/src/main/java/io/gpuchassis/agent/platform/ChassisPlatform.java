package io.gpuchassis.agent.platform;

import com.pi4j.context.Context;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.fault.FaultInjector;
import io.gpuchassis.sensor.layout.SensorLayout;
import io.gpuchassis.switchdrv.DriverOptions;
import io.gpuchassis.switchdrv.SwitchDriver;
import java.util.Optional;

/**
 * The hardware the agent runs on, real or simulated: the seam between the agent and its chassis. The agent asks it for
 * the chassis inventory, a driver per switch chip and the Pi4J context of the sensor buses, and never learns which
 * implementation answers (only {@link PlatformAssembly} chooses one). Real and simulated platforms are built from the
 * same board description; only a simulated one has a fault switchboard.
 */
public interface ChassisPlatform extends AutoCloseable {

  /** What the agent runs on, in one line for the log (e.g. the board file and whether it is simulated). */
  String description();

  /** Whether the hardware is simulated: the agent says so in its log and in the Manager resource. */
  boolean simulated();

  /** The chassis as found at start: the board's parts, before anything has been polled. */
  ChassisState inventory();

  /**
   * A driver for switch chip {@code switchId} over its transport. Opening does not wait for the chip: a chip that is
   * absent or does not answer fails the driver's calls (with the device named), so that its worker reports it.
   */
  SwitchDriver openSwitch(String switchId, DriverOptions options);

  /** The Pi4J context whose I2C buses carry the chassis sensors, slot lines and GPU sidebands. */
  Context sensorContext();

  /** Where every sensor device sits. */
  SensorLayout sensorLayout();

  /** The power supply redundancy the board is designed for: the Redfish RedundancyType and the supplies needed. */
  SupplyRedundancy supplyRedundancy();

  /** The fault switchboard of simulated hardware; empty on real hardware. */
  Optional<FaultInjector> faults();

  /** Releases the hardware (closes buses and ports; stops a simulation). */
  @Override
  void close();
}
