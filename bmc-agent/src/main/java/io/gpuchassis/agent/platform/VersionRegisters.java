package io.gpuchassis.agent.platform;

import com.pi4j.context.Context;
import io.gpuchassis.agent.board.ProgrammablePartDevice;
import io.gpuchassis.sensor.i2c.DeviceException;
import io.gpuchassis.sensor.i2c.I2cDevices;
import io.gpuchassis.sensor.i2c.SmbusDevice;
import java.util.StringJoiner;

/**
 * Reads a programmable part's firmware version from its version registers: one SMBus read-byte
 * transaction per register, most significant first, shown as decimal numbers joined by dots.
 */
final class VersionRegisters {

  private VersionRegisters() {}

  /** The version the part reports, e.g. {@code "1.4"}. */
  static String read(Context i2c, ProgrammablePartDevice part) throws DeviceException {
    SmbusDevice device = new I2cDevices(i2c).open(part.path().bus(), part.path().address());
    StringJoiner version = new StringJoiner(".");
    for (int i = 0; i < part.versionBytes(); i++) {
      version.add(Integer.toString(device.readByte(part.versionRegister() + i)));
    }
    return version.toString();
  }
}
