package io.gpuchassis.sensor.chassis;

/**
 * What a device of a layout is, for listing and for the agent to map its board description's names.
 */
public enum DeviceKind {
  TEMPERATURE_SENSOR("temperature sensor"),
  POWER_MONITOR("power monitor"),
  POWER_SUPPLY("power supply"),
  FAN_CONTROLLER("fan controller"),
  /** An agent-driven PCA9548 in front of GPU sidebands. */
  MUX("mux"),
  /** A PCA9555 holding slot signals. */
  EXPANDER("expander"),
  /** A slot's GPU SMBPBI post-box. */
  GPU_SIDEBAND("GPU sideband"),
  /** A slot signal on a line outside the layout's I2C devices. */
  EXTERNAL_LINE("external line");

  private final String description;

  DeviceKind(String description) {
    this.description = description;
  }

  public String description() {
    return description;
  }
}
