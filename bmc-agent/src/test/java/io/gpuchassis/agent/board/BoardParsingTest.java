package io.gpuchassis.agent.board;

import static io.gpuchassis.agent.board.BoardYaml.VALID;
import static io.gpuchassis.agent.board.BoardYaml.assertProblemAt;
import static io.gpuchassis.agent.board.BoardYaml.load;
import static io.gpuchassis.agent.board.BoardYaml.loadFails;
import static io.gpuchassis.agent.board.BoardYaml.replaceOnce;
import static io.gpuchassis.agent.board.BoardYaml.validWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Structural problems (unknown keys, missing keys, wrong types, unknown parts, YAML syntax) stop
 * the parse and are reported alone, with the file, the line and the path of the key as written.
 */
class BoardParsingTest {

  @TempDir Path dir;

  @Test
  void unknownKeyNamesTheKeyItsPathAndLine() {
    String yaml = validWith("      memoryGiB: 80\n", "      memoryGiB: 80\n      colour: green\n");

    BoardException e = loadFails(dir, yaml);

    assertProblemAt(
        e,
        yaml,
        "colour",
        "simulation.gpus[0].colour: unknown key 'colour'; known keys: deviceId,");
    assertEquals(1, e.problems().size());
  }

  @Test
  void unknownTopLevelKeyIsRejected() {
    String yaml = VALID + "cables: []\n";

    assertProblemAt(loadFails(dir, yaml), yaml, "cables", "cables: unknown key 'cables'");
  }

  @Test
  void identityKeysOfTheOldTopologyPointToTheSimulationSection() {
    String yaml =
        validWith("    laneCount: 144\n", "    serialNumber: \"CHIP-9\"\n    laneCount: 144\n");

    BoardException e = loadFails(dir, yaml);

    assertProblemAt(
        e,
        yaml,
        "serialNumber: \"CHIP-9\"",
        "switches[0].serialNumber: unknown key 'serialNumber'");
    assertTrue(
        e.getMessage()
            .contains("the agent reads serial numbers and firmware versions from the hardware"),
        e.getMessage());
  }

  @Test
  void missingRequiredKeyIsNamedWithTheLineOfItsMapping() {
    String yaml = validWith("      model: NVIDIA H100 PCIe\n", "");

    assertProblemAt(
        loadFails(dir, yaml), yaml, "- slot: 1", "simulation.gpus[0].model: missing required key");
  }

  @Test
  void missingRequiredTopLevelSectionIsNamed() {
    String yaml = VALID.replaceAll("(?s)slots:\n.*?\ni2c:", "i2c:");

    BoardException e = loadFails(dir, yaml);

    assertEquals("slots: missing required key", e.problems().get(0).text());
  }

  @Test
  void requiredKeyWithoutValueIsRejected() {
    String yaml = validWith("  sku: \"SKU-1\"\n", "  sku:\n");

    assertProblemAt(loadFails(dir, yaml), yaml, "sku:", "chassis.sku: a value is required");
  }

  @Test
  void quotedNumberForAnIntegerKeyIsAWrongType() {
    String yaml =
        validWith("{id: Host2, switch: SW2, port: 40,", "{id: Host2, switch: SW2, port: \"40\",");

    assertProblemAt(loadFails(dir, yaml), yaml, "Host2", "hosts[1].port: expected an integer");
  }

  @Test
  void decimalNumberForAnIntegerKeyIsAWrongType() {
    String yaml = validWith("      tdpWatts: 350\n", "      tdpWatts: 350.5\n");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "350.5",
        "simulation.gpus[0].tdpWatts: '350.5' is not an integer");
  }

  @Test
  void quotedNumberForADecimalKeyIsAWrongType() {
    String yaml = validWith("shuntOhms: 0.0005", "shuntOhms: \"0.0005\"");

    assertProblemAt(
        loadFails(dir, yaml), yaml, "RailSW1", "i2c.devices[5].shuntOhms: expected a number");
  }

  @Test
  void unquotedVersionNumberIsNotSilentlyTurnedIntoAString() {
    // YAML reads 1.10 as the number 1.1; taking it as the version "1.1" would be wrong
    String yaml = validWith("firmwareVersion: \"96.00.30.00.01\"", "firmwareVersion: 1.10");

    BoardException e = loadFails(dir, yaml);

    assertProblemAt(
        e,
        yaml,
        "firmwareVersion: 1.10",
        "simulation.gpus[0].firmwareVersion: '1.1' is not a string");
    assertTrue(e.getMessage().contains("quotes"), e.getMessage());
  }

  @Test
  void listWhereAMappingBelongsIsAWrongType() {
    String yaml =
        validWith(
            "powerSupplyRedundancy: {type: NPlusM, minNeeded: 1}",
            "powerSupplyRedundancy: [NPlusM, 1]");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "powerSupplyRedundancy",
        "powerSupplyRedundancy: expected a mapping of keys, found a list");
  }

  @Test
  void unknownEnumValueListsTheAllowedValues() {
    String yaml = validWith("physicalContext: Intake", "physicalContext: Inlet");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "Inlet",
        "i2c.devices[0].physicalContext: unknown value 'Inlet'; expected one of: Room, Intake, Exhaust");
  }

  @Test
  void unknownPartListsTheDeviceParts() {
    String yaml = validWith("part: tmp75", "part: tmp117");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "tmp117",
        "i2c.devices[0].part: unknown part 'tmp117'; device parts"
            + " are: fru-eeprom, ina226, lm75, max31790, pca9555, pmbus-psu, tmp75");
  }

  @Test
  void muxListedAsADeviceIsSentToTheMuxList() {
    String yaml = validWith("{id: SlotIo1, part: pca9555,", "{id: SlotIo1, part: pca9548,");

    BoardException e = loadFails(dir, yaml);

    assertProblemAt(e, yaml, "SlotIo1, part", "i2c.devices[6].part: unknown part 'pca9548'");
    assertTrue(
        e.getMessage().endsWith("a pca9548 is a mux: list it under i2c.muxes"), e.getMessage());
  }

  @Test
  void deviceWithoutPartIsMissingItsPart() {
    String yaml =
        validWith("{id: ChassisFru, part: fru-eeprom, bus: 1,", "{id: ChassisFru, bus: 1,");

    assertProblemAt(
        loadFails(dir, yaml), yaml, "ChassisFru, bus", "i2c.devices[7].part: missing required key");
  }

  @Test
  void keyOfAnotherPartIsUnknownForThisPart() {
    String yaml =
        validWith(
            "{id: SlotIo1, part: pca9555, bus: 9,",
            "{id: SlotIo1, part: pca9555, maxAmps: 5, bus: 9,");

    assertProblemAt(
        loadFails(dir, yaml), yaml, "maxAmps: 5", "i2c.devices[6].maxAmps: unknown key 'maxAmps'");
  }

  @Test
  void partitionIsOnlyAKeyOfTheUpstreamEndOfALink() {
    String yaml =
        validWith(
            "a: {switch: SW1, port: 56, width: 16, maxGen: 5}",
            "a: {switch: SW1, port: 56, width: 16, maxGen: 5, partition: 3}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "partition: 3",
        "interSwitchLinks[0].a.partition: unknown key 'partition'");
  }

  @Test
  void gpioMustBeANumberOrAMapping() {
    String yaml = validWith("perst: {switch: SW1, gpio: 12}", "perst: {switch: SW1, gpio: twelve}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "twelve",
        "slots[1].pins.perst.gpio: expected a switch GPIO number or a mapping {chip, line}, found a string");
  }

  @Test
  void processorGpioLineMappingIsStrict() {
    String yaml =
        validWith(
            "{gpio: {chip: gpiochip0, line: 17}}",
            "{gpio: {chip: gpiochip0, line: 17, offset: 2}}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "offset",
        "slots[1].pins.presence.gpio.offset: unknown key 'offset'");
  }

  @Test
  void hexIdsMayBeQuotedHexUnquotedHexOrDecimal() {
    String yaml = validWith("    vendorId: \"0x10de\"\n", "    vendorId: 0x10DE\n");
    yaml = replaceOnce(yaml, "deviceId: \"0x26b9\"", "deviceId: 9913");
    yaml = replaceOnce(yaml, "address: \"0x48\"", "address: 0x48");

    BoardDescription board = load(dir, yaml);

    assertEquals(0x10de, board.simulatedGpu(1).orElseThrow().vendorId());
    assertEquals(0x26b9, board.simulatedGpu(3).orElseThrow().deviceId());
    assertEquals(0x48, board.device("InletTemp").orElseThrow().path().address());
  }

  @Test
  void malformedHexIdIsNamed() {
    String yaml = validWith("    deviceId: \"0x2331\"\n", "    deviceId: \"H100\"\n");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "H100\"",
        "simulation.gpus[0].deviceId: 'H100' is not an integer or a hex string");
  }

  @Test
  void duplicateKeyIsRejected() {
    String yaml = validWith("  model: T-1\n", "  model: T-1\n  model: T-2\n");

    assertProblemAt(loadFails(dir, yaml), yaml, "T-2", "chassis.model: duplicate key");
  }

  @Test
  void emptyListItemIsRejected() {
    String yaml =
        validWith(
            "  - {id: Host2, switch: SW2, port: 40, width: 16, maxGen: 5}\n",
            "  - {id: Host2, switch: SW2, port: 40, width: 16, maxGen: 5}\n  -\n");

    assertEquals("hosts[2]: a value is required", loadFails(dir, yaml).problems().get(0).text());
  }

  @Test
  void yamlSyntaxErrorNamesTheLine() {
    String yaml = validWith("  model: T-1\n", "  model: T-1: x\n");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "T-1: x",
        "chassis: invalid YAML: mapping values are not allowed here");
  }

  @Test
  void emptyFileIsRejected() {
    BoardException empty = loadFails(dir, "\n");
    BoardException onlyComment = loadFails(dir, "# only a comment\n");

    assertTrue(
        empty.getMessage().endsWith(BoardYaml.FILE_NAME + ": the file is empty"),
        empty.getMessage());
    assertTrue(
        onlyComment.getMessage().endsWith(BoardYaml.FILE_NAME + ": the file has no content"));
    assertEquals(OptionalInt.empty(), onlyComment.problems().get(0).line());
  }

  @Test
  void missingFileIsABoardException() {
    Path missing = dir.resolve("missing.yaml");

    BoardException e = assertThrows(BoardException.class, () -> BoardDescription.load(missing));

    assertTrue(e.getMessage().startsWith(missing + ": cannot read the file"), e.getMessage());
    assertEquals(missing.toString(), e.source());
  }

  @Test
  void missingResourceIsABoardException() {
    BoardException e =
        assertThrows(BoardException.class, () -> BoardDescription.loadResource("/board/nope.yaml"));

    assertEquals("/board/nope.yaml: no such classpath resource", e.getMessage());
  }
}
