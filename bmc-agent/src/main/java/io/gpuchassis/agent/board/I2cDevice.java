package io.gpuchassis.agent.board;

/** A device on the board's I2C buses that the agent talks to, other than muxes and switch chips. */
public sealed interface I2cDevice
    permits TemperatureSensorDevice,
        PowerSupplyDevice,
        FanControllerDevice,
        RailMonitorDevice,
        ExpanderDevice,
        FruEepromDevice,
        ProgrammablePartDevice {

  /** Board-unique id, e.g. {@code "InletTemp"}. */
  String id();

  /** Which part it is, and so which driver talks to it. */
  I2cPart part();

  /** Where it answers. */
  I2cPath path();
}
