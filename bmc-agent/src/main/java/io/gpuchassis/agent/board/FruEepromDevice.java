package io.gpuchassis.agent.board;

import java.util.Objects;

/**
 * An EEPROM holding IPMI FRU data (serial number and asset fields).
 *
 * @param id board-unique id, e.g. {@code "ChassisFru"}
 * @param path where the EEPROM answers
 */
public record FruEepromDevice(String id, I2cPath path) implements I2cDevice {

  public FruEepromDevice {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(path, "path");
  }

  @Override
  public I2cPart part() {
    return I2cPart.FRU_EEPROM;
  }
}
