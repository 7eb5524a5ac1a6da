package io.gpuchassis.agent.board;

import static io.gpuchassis.agent.board.BoardYaml.VALID;
import static io.gpuchassis.agent.board.BoardYaml.assertProblemAt;
import static io.gpuchassis.agent.board.BoardYaml.load;
import static io.gpuchassis.agent.board.BoardYaml.loadFails;
import static io.gpuchassis.agent.board.BoardYaml.replaceOnce;
import static io.gpuchassis.agent.board.BoardYaml.validWith;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What each device part needs beyond its path. Fixture devices: [0] InletTemp, [1] OutletTemp, [2]
 * PSU1, [3] PSU2, [4] FanController (Fan1, Fan2), [5] RailSW1, [6] SlotIo1, [7] ChassisFru.
 */
class DeviceRulesTest {

  private static final String FAN_2 = "{id: Fan2, channel: 1, maxRpm: 12000}";
  private static final String RAIL = "shuntOhms: 0.0005, maxAmps: 160, feeds: [1, 2]";
  private static final String PSU_2 =
      "{id: PSU2, part: pmbus-psu, bus: 6, address: \"0x59\", model: \"CRPS 2000W\", ratedWatts: 2000}";
  private static final String REDUNDANCY = "powerSupplyRedundancy: {type: NPlusM, minNeeded: 1}\n";

  @TempDir Path dir;

  // --- power supplies ----------------------------------------------------------------------------

  @Test
  void supplyModelMustNotBeBlank() {
    String yaml = validWith(PSU_2, PSU_2.replace("\"CRPS 2000W\"", "\"\""));

    assertProblemAt(loadFails(dir, yaml), yaml, "PSU2", "i2c.devices[3].model: must not be blank");
  }

  @Test
  void supplyRatingMustBePositive() {
    String yaml = validWith(PSU_2, PSU_2.replace("ratedWatts: 2000", "ratedWatts: -5"));

    assertProblemAt(
        loadFails(dir, yaml), yaml, "PSU2", "i2c.devices[3].ratedWatts: must be 1 or more, got -5");
  }

  @Test
  void supplyIdsAreUniqueAmongAllI2cParts() {
    String yaml = validWith("{id: PSU2,", "{id: PSU1,");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "address: \"0x59\", model",
        "i2c.devices[3].id: duplicate id 'PSU1' (also i2c.devices[2])");
  }

  // --- fans --------------------------------------------------------------------------------------

  @Test
  void fanControllerHasSixChannels() {
    String yaml = validWith(FAN_2, "{id: Fan2, channel: 6, maxRpm: 12000}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "Fan2",
        "i2c.devices[4].fans[1].channel: a max31790 has channels 0-5, got 6");
  }

  @Test
  void twoFansOnOneChannel() {
    String yaml = validWith(FAN_2, "{id: Fan2, channel: 0, maxRpm: 12000}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "Fan2",
        "i2c.devices[4].fans[1].channel: channel 0 already drives i2c.devices[4].fans[0]");
  }

  @Test
  void fanControllerDrivesAtMostSixFans() {
    StringBuilder fans = new StringBuilder(FAN_2);
    for (int i = 3; i <= 7; i++) {
      fans.append("\n        - {id: Fan").append(i).append(", channel: 5, maxRpm: 12000}");
    }
    String yaml = validWith(FAN_2, fans.toString());

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "      fans:",
        "i2c.devices[4].fans: a max31790 drives at most 6 fans, got 7");
  }

  @Test
  void fanIdsAreUniqueAcrossControllers() {
    String yaml =
        replaceOnce(
            VALID,
            "    - {id: SlotIo1,",
            "    - {id: RearFans, part: max31790, bus: 8, address: \"0x21\", fans: [{id: Fan1, channel: 0, maxRpm: 9000}]}\n"
                + "    - {id: SlotIo1,");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "RearFans",
        "i2c.devices[6].fans[0].id: duplicate fan id 'Fan1' (also i2c.devices[4].fans[0])");
  }

  @Test
  void fanSpeedMustBePositive() {
    String yaml = validWith(FAN_2, "{id: Fan2, channel: 1, maxRpm: 0}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "Fan2",
        "i2c.devices[4].fans[1].maxRpm: must be 1 or more, got 0");
  }

  @Test
  void pulsesPerRevolutionMustBePositive() {
    String yaml =
        validWith(
            "    address: \"0x20\"\n      fans:",
            "    address: \"0x20\"\n      pulsesPerRevolution: 0\n      fans:");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "pulsesPerRevolution",
        "i2c.devices[4].pulsesPerRevolution: must be 1 or more, got 0");
  }

  // --- rail monitors -----------------------------------------------------------------------------

  @Test
  void shuntMustBePositive() {
    String yaml = validWith(RAIL, "shuntOhms: 0, maxAmps: 160, feeds: [1, 2]");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "RailSW1",
        "i2c.devices[5].shuntOhms: must be more than 0, got 0");
  }

  @Test
  void shuntVoltageAtMaxAmpsMustFitTheIna226Range() {
    String yaml = validWith(RAIL, "shuntOhms: 0.001, maxAmps: 160, feeds: [1, 2]");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "RailSW1",
        "i2c.devices[5].maxAmps: at 160 A the shunt drops 160 mV,"
            + " more than the 81.92 mV an ina226 measures; lower maxAmps or use a smaller shunt");
  }

  @Test
  void tinyShuntVoltageOverflowsTheCalibration() {
    String yaml = validWith(RAIL, "shuntOhms: 0.0001, maxAmps: 10, feeds: [1, 2]");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "RailSW1",
        "i2c.devices[5].maxAmps: at 10 A the shunt drops only 1 mV;"
            + " below 5.12 mV the ina226 calibration register overflows; raise maxAmps");
  }

  @Test
  void railFeedsExistingSlots() {
    String yaml = validWith(RAIL, "shuntOhms: 0.0005, maxAmps: 160, feeds: [1, 9]");

    assertProblemAt(
        loadFails(dir, yaml), yaml, "RailSW1", "i2c.devices[5].feeds[1]: there is no slot 9");
  }

  @Test
  void railFeedsASlotOnce() {
    String yaml = validWith(RAIL, "shuntOhms: 0.0005, maxAmps: 160, feeds: [1, 1]");

    assertProblemAt(
        loadFails(dir, yaml), yaml, "RailSW1", "i2c.devices[5].feeds[1]: slot 1 is listed twice");
  }

  // --- chassis FRU -------------------------------------------------------------------------------

  @Test
  void chassisFruMustBeAKnownDevice() {
    String yaml = validWith("  fru: ChassisFru\n", "  fru: BoardFru\n");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "fru: BoardFru",
        "chassis.fru: unknown FRU EEPROM 'BoardFru'; FRU EEPROMs are: ChassisFru");
  }

  @Test
  void chassisFruMustBeAFruEeprom() {
    String yaml = validWith("  fru: ChassisFru\n", "  fru: SlotIo1\n");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "fru: SlotIo1",
        "chassis.fru: 'SlotIo1' is a pca9555, not a fru-eeprom");
  }

  // --- power-supply redundancy -------------------------------------------------------------------

  @Test
  void redundancyIsRequiredWithSuppliesAndShownAtTheFirstSupply() {
    String yaml = validWith(REDUNDANCY, "");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "{id: PSU1",
        "powerSupplyRedundancy: required when there are" + " pmbus-psu devices");
  }

  @Test
  void redundancyWithoutSuppliesIsRejected() {
    String yaml =
        validWith(
            "    - {id: PSU1, part: pmbus-psu, bus: 6, address: \"0x58\", model: \"CRPS 2000W\", ratedWatts: 2000}\n",
            "");
    yaml = replaceOnce(yaml, "    - " + PSU_2 + "\n", "");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "powerSupplyRedundancy",
        "powerSupplyRedundancy: there are no pmbus-psu devices under i2c.devices");
  }

  @Test
  void boardWithoutSuppliesNeedsNoRedundancy() {
    String yaml =
        validWith(
            "    - {id: PSU1, part: pmbus-psu, bus: 6, address: \"0x58\", model: \"CRPS 2000W\", ratedWatts: 2000}\n",
            "");
    yaml = replaceOnce(yaml, "    - " + PSU_2 + "\n", "");
    yaml = replaceOnce(yaml, REDUNDANCY, "");

    BoardDescription board = load(dir, yaml);

    assertEquals(Optional.empty(), board.powerSupplyRedundancy());
    assertEquals(0, board.powerSupplies().size());
  }

  @Test
  void redundancyNeedingMoreSuppliesThanExist() {
    String yaml = validWith("{type: NPlusM, minNeeded: 1}", "{type: NPlusM, minNeeded: 3}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "minNeeded: 3",
        "powerSupplyRedundancy.minNeeded: must be between 1"
            + " and the number of power supplies (2), got 3");
  }

  @Test
  void redundancyWithoutASpareSupply() {
    String yaml = validWith("{type: NPlusM, minNeeded: 1}", "{type: NPlusM, minNeeded: 2}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "minNeeded: 2",
        "powerSupplyRedundancy.minNeeded: NPlusM needs a spare supply, but all 2 are needed");
  }

  @Test
  void notRedundantMayNeedEverySupply() {
    String yaml = validWith("{type: NPlusM, minNeeded: 1}", "{type: NotRedundant, minNeeded: 2}");

    assertEquals(
        RedundancyType.NotRedundant, load(dir, yaml).powerSupplyRedundancy().orElseThrow().type());
  }
}
