package io.gpuchassis.agent.sim.topology;

import static io.gpuchassis.agent.sim.topology.TopologyYaml.VALID;
import static io.gpuchassis.agent.sim.topology.TopologyYaml.lineOf;
import static io.gpuchassis.agent.sim.topology.TopologyYaml.load;
import static io.gpuchassis.agent.sim.topology.TopologyYaml.loadFails;
import static io.gpuchassis.agent.sim.topology.TopologyYaml.validWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Structural problems (unknown keys, missing keys, wrong types, YAML syntax) are reported with
 * the file, the line and the path of the key as written.
 */
class TopologyParsingTest {

  @TempDir Path dir;

  @Test
  void validFixtureLoads() {
    ChassisTopology topology = load(dir, VALID);

    assertEquals(4, topology.slots().size());
    assertEquals(2, topology.populatedSlots().size());
    assertEquals(0x2331, topology.gpuInSlot(1).orElseThrow().deviceId());
    assertEquals(0x26b9, topology.gpuInSlot(3).orElseThrow().deviceId());
    assertEquals(Optional.of(new I2cLocation(2, 0x59)), topology.switches().get(0).i2c());
    assertEquals(Optional.empty(), topology.powerSupplies().get(1).i2c());
  }

  @Test
  void unknownKeyNamesTheKeyItsPathAndLine() {
    String yaml = validWith("      memoryGiB: 80\n", "      memoryGiB: 80\n      colour: green\n");

    TopologyException e = loadFails(dir, yaml);

    assertMessage(e, "bad.yaml:" + lineOf(yaml, "colour") + ": slots[0].gpu.colour: unknown key 'colour'");
    assertTrue(e.getMessage().contains("known keys: deviceId, firmwareVersion"), e.getMessage());
  }

  @Test
  void unknownTopLevelKeyIsRejected() {
    String yaml = VALID + "cables: []\n";

    assertMessage(loadFails(dir, yaml), "bad.yaml:" + lineOf(yaml, "cables") + ": cables: unknown key 'cables'");
  }

  @Test
  void missingRequiredKeyIsNamedWithItsPath() {
    String yaml = validWith("      manufacturer: NVIDIA\n", "");

    TopologyException e = loadFails(dir, yaml);

    assertMessage(e, "slots[0].gpu.manufacturer: missing required key");
    assertTrue(e.line().isPresent(), "a missing key is reported with the line of its mapping");
  }

  @Test
  void missingRequiredTopLevelSectionIsNamed() {
    String yaml = validWith("powerSupplyRedundancy: {type: NPlusM, minNeeded: 1}\n", "");

    assertMessage(loadFails(dir, yaml), "powerSupplyRedundancy: missing required key");
  }

  @Test
  void requiredKeyWithoutValueIsRejected() {
    String yaml = validWith("  sku: \"SKU-1\"\n", "  sku:\n");

    assertMessage(loadFails(dir, yaml), "bad.yaml:" + lineOf(yaml, "sku:") + ": chassis.sku: a value is required");
  }

  @Test
  void quotedNumberForAnIntegerKeyIsAWrongType() {
    String yaml = validWith("{id: Host2, switch: SW2, port: 40,", "{id: Host2, switch: SW2, port: \"40\",");

    TopologyException e = loadFails(dir, yaml);

    assertMessage(e, "hosts[1].port:");
    assertTrue(e.getMessage().contains("integer"), e.getMessage());
  }

  @Test
  void decimalNumberForAnIntegerKeyIsAWrongType() {
    String yaml = validWith("      tdpWatts: 350\n", "      tdpWatts: 350.5\n");

    assertMessage(loadFails(dir, yaml), "bad.yaml:" + lineOf(yaml, "350.5") + ": slots[0].gpu.tdpWatts: '350.5' is not an integer");
  }

  @Test
  void unquotedVersionNumberIsNotSilentlyTurnedIntoAString() {
    // YAML reads 1.10 as the number 1.1; taking it as the version "1.1" would be wrong
    String yaml = validWith("    firmwareVersion: \"1.8.0.88\"\n", "    firmwareVersion: 1.10\n");

    TopologyException e = loadFails(dir, yaml);

    assertMessage(e, "switches[0].firmwareVersion: '1.1' is not a string");
    assertTrue(e.getMessage().contains("quotes"), e.getMessage());
  }

  @Test
  void listWhereAMappingBelongsIsAWrongType() {
    String yaml = validWith("powerSupplyRedundancy: {type: NPlusM, minNeeded: 1}", "powerSupplyRedundancy: [NPlusM, 1]");

    assertMessage(loadFails(dir, yaml), "powerSupplyRedundancy: expected a mapping of keys, found a list");
  }

  @Test
  void unknownEnumValueListsTheAllowedValues() {
    String yaml = validWith("physicalContext: Intake", "physicalContext: Inlet");

    TopologyException e = loadFails(dir, yaml);

    assertMessage(e, "temperatureSensors[0].physicalContext: unknown value 'Inlet'; expected one of: Room, Intake, Exhaust");
  }

  @Test
  void hexIdsMayBeQuotedHexUnquotedHexOrDecimal() {
    String yaml = validWith("      vendorId: \"0x10de\"\n", "      vendorId: 0x10DE\n");
    yaml = TopologyYaml.replaceOnce(yaml, "deviceId: \"0x26b9\"", "deviceId: 9913");

    ChassisTopology topology = load(dir, yaml);

    assertEquals(0x10de, topology.gpuInSlot(1).orElseThrow().vendorId());
    assertEquals(0x26b9, topology.gpuInSlot(3).orElseThrow().deviceId());
  }

  @Test
  void malformedHexIdIsNamed() {
    String yaml = validWith("      deviceId: \"0x2331\"\n", "      deviceId: \"H100\"\n");

    TopologyException e = loadFails(dir, yaml);

    assertMessage(e, "bad.yaml:" + lineOf(yaml, "H100\"") + ": slots[0].gpu.deviceId: 'H100' is not an integer or a hex string");
  }

  @Test
  void duplicateKeyIsRejected() {
    String yaml = validWith("  model: T-1\n", "  model: T-1\n  model: T-2\n");

    assertMessage(loadFails(dir, yaml), "bad.yaml:" + lineOf(yaml, "T-2") + ": chassis.model: duplicate key");
  }

  @Test
  void emptyListItemIsRejected() {
    String yaml = validWith("  - {id: Fan2, maxRpm: 16000}\n", "  - {id: Fan2, maxRpm: 16000}\n  -\n");

    assertMessage(loadFails(dir, yaml), "fans[2]: a value is required");
  }

  @Test
  void optionalListsMayBeLeftOut() {
    String yaml = validWith("      fans:\n        - {id: Fan1, maxRpm: 16000}\n        - {id: Fan2, maxRpm: 16000}\n"
        .replace("      ", ""), "");

    assertEquals(List.of(), load(dir, yaml).fans());
  }

  @Test
  void yamlSyntaxErrorNamesTheLine() {
    String yaml = validWith("  model: T-1\n", "  model: T-1: x\n");

    TopologyException e = loadFails(dir, yaml);

    assertMessage(e, "bad.yaml:" + lineOf(yaml, "T-1: x") + ": chassis: invalid YAML: mapping values are not allowed here");
  }

  @Test
  void emptyFileIsRejected() {
    assertMessage(loadFails(dir, "\n"), "bad.yaml: the file is empty");
    assertMessage(loadFails(dir, "# only a comment\n"), "bad.yaml: the file has no content");
  }

  @Test
  void missingFileIsATopologyException() {
    Path missing = dir.resolve("missing.yaml");

    TopologyException e = assertThrows(TopologyException.class, () -> ChassisTopology.load(missing));

    assertTrue(e.getMessage().startsWith(missing + ": cannot read the file"), e.getMessage());
  }

  /** The message contains {@code expected}; a {@code bad.yaml:} prefix is matched at the end of the path. */
  static void assertMessage(TopologyException e, String expected) {
    assertTrue(e.getMessage().contains(expected),
        () -> "expected message to contain\n  " + expected + "\nbut was\n  " + e.getMessage());
    if (expected.startsWith(TopologyYaml.FILE_NAME)) {
      assertTrue(e.getMessage().contains("/" + expected) || e.getMessage().startsWith(expected),
          () -> "the message must start with the file: " + e.getMessage());
    }
  }
}
