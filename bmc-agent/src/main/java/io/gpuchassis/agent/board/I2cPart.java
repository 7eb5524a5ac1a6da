package io.gpuchassis.agent.board;

import java.util.Arrays;
import java.util.Optional;

/**
 * The I2C parts a board file may name, by their {@code part:} spelling. The list is closed: the
 * agent has a driver for each.
 */
public enum I2cPart {
  /** 12-bit temperature sensor. */
  TMP75("tmp75"),
  /** 9-bit temperature sensor, register-compatible with the TMP75. */
  LM75("lm75"),
  /** 12 V rail current and power monitor. */
  INA226("ina226"),
  /** Power supply speaking PMBus. */
  PMBUS_PSU("pmbus-psu"),
  /** Six-channel fan controller. */
  MAX31790("max31790"),
  /** 16-pin I/O expander. */
  PCA9555("pca9555"),
  /** Eight-channel I2C multiplexer. */
  PCA9548("pca9548"),
  /** IPMI FRU EEPROM (24C02 class). */
  FRU_EEPROM("fru-eeprom"),
  /**
   * A programmable part (a CPLD, a retimer) whose firmware reports its version in consecutive SMBus
   * byte registers.
   */
  VERSION_REGISTERS("version-registers");

  private final String fileName;

  I2cPart(String fileName) {
    this.fileName = fileName;
  }

  /** How the board file spells the part, e.g. {@code "pmbus-psu"}. */
  public String fileName() {
    return fileName;
  }

  /** The part with this board-file spelling. */
  public static Optional<I2cPart> fromFileName(String fileName) {
    return Arrays.stream(values()).filter(part -> part.fileName.equals(fileName)).findFirst();
  }

  @Override
  public String toString() {
    return fileName;
  }
}
