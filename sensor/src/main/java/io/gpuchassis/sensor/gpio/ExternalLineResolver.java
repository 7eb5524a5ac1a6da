package io.gpuchassis.sensor.gpio;

import io.gpuchassis.sensor.i2c.DeviceException;

/**
 * Turns the name of an external slot line (one not on a PCA9555 of the layout: a processor GPIO, a
 * connector GPIO owned by a PCIe switch) into a {@link GpioLine}. The agent supplies it; the
 * simulation supplies {@code SimulatedSensorBoard::externalLine}.
 *
 * <p>A returned line is ready to use: an output line is already requested as an output (at the
 * level it had, so a restart of the agent does not glitch slot power); the chassis does not
 * reconfigure it. Its methods must be safe to call from any thread: the line is read by the
 * external-lines poller and driven by slot commands that may run on another poller.
 */
@FunctionalInterface
public interface ExternalLineResolver {

  /** For layouts without external lines: every name is refused. */
  ExternalLineResolver NONE =
      name -> {
        throw new DeviceException("no resolver for external lines was given");
      };

  /**
   * The line called {@code name}. Throw (a {@link DeviceException} with the reason, or any runtime
   * exception) when it cannot be had; the chassis records the line as unavailable and carries on.
   */
  GpioLine resolve(String name) throws DeviceException;
}
