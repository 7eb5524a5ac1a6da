package io.gpuchassis.sensor.sim.bus;

/**
 * How a target answers a read that is not the repeated-start half of a combined transfer.
 *
 * <p>On the wire an SMBus read (read byte/word/block) is a write of the command code, a REPEATED
 * START and the read: one transaction. Pi4J linuxfs does that for {@code readRegister(...)} (one
 * {@code I2C_RDWR} ioctl); a {@code write(...)} followed by a separate {@code read(...)} puts a
 * STOP in between.
 */
public enum TargetKind {
  /**
   * Keeps its register pointer across a STOP, so a separate read returns the register a separate
   * write pointed at: LM75/TMP75, INA226, PCA9555, PCA9548, MAX31790, 24C02 EEPROMs. The default.
   */
  POINTER_REGISTER,
  /**
   * Answers a read only as the repeated-start half of the transaction that carried its command
   * code; a read after a STOP is not acknowledged: PMBus supplies, a GPU's SMBPBI post-box.
   */
  SMBUS_COMMAND
}
