package io.gpuchassis.agent.sim.topology;

import static io.gpuchassis.agent.sim.topology.TopologyParsingTest.assertMessage;
import static io.gpuchassis.agent.sim.topology.TopologyYaml.loadFails;
import static io.gpuchassis.agent.sim.topology.TopologyYaml.replaceOnce;
import static io.gpuchassis.agent.sim.topology.TopologyYaml.validWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each semantic rule rejects a topology that breaks it, naming the file and the path of the
 * offending key. The fixture is {@link TopologyYaml#VALID}: SW1 (slots 1-2, Host1) linked to SW2
 * (slots 3-4, Host2).
 */
class TopologyValidationTest {

  private static final String SLOT_4 = "{id: 4, switch: SW2, port: 8, width: 16, maxGen: 5}";
  private static final String HOST_1 = "{id: Host1, switch: SW1, port: 40, width: 16, maxGen: 5}";
  private static final String LINK_END_B = "b: {switch: SW2, port: 64, width: 16, maxGen: 5}";

  @TempDir Path dir;

  // --- references and ports -------------------------------------------------------------------

  @Test
  void slotOnUnknownSwitch() {
    String yaml = validWith(SLOT_4, "{id: 4, switch: PSX9, port: 8, width: 16, maxGen: 5}");

    assertMessage(loadFails(dir, yaml), "bad.yaml: slots[3].switch: unknown switch 'PSX9'; switches are: SW1, SW2");
  }

  @Test
  void hostOnUnknownSwitch() {
    String yaml = validWith(HOST_1, "{id: Host1, switch: SW7, port: 40, width: 16, maxGen: 5}");

    assertMessage(loadFails(dir, yaml), "bad.yaml: hosts[0].switch: unknown switch 'SW7'");
  }

  @Test
  void linkEndOnUnknownSwitch() {
    String yaml = validWith(LINK_END_B, "b: {switch: SW3, port: 64, width: 16, maxGen: 5}");

    assertMessage(loadFails(dir, yaml), "bad.yaml: interSwitchLinks[0].b.switch: unknown switch 'SW3'");
  }

  @Test
  void portNumberBeyondTheChipsPortCount() {
    String yaml = validWith(SLOT_4, "{id: 4, switch: SW2, port: 72, width: 16, maxGen: 5}");

    assertMessage(loadFails(dir, yaml), "bad.yaml: slots[3].port: switch 'SW2' has no port 72 (its ports are 0..71)");
  }

  @Test
  void negativePortNumber() {
    String yaml = validWith(HOST_1, "{id: Host1, switch: SW1, port: -1, width: 16, maxGen: 5}");

    assertMessage(loadFails(dir, yaml), "bad.yaml: hosts[0].port: switch 'SW1' has no port -1");
  }

  @Test
  void switchPortUsedBySlotAndHost() {
    String yaml = validWith(HOST_1, "{id: Host1, switch: SW1, port: 8, width: 16, maxGen: 5}");

    assertMessage(loadFails(dir, yaml), "bad.yaml: hosts[0].port: switch port SW1:8 is already used by slots[1]");
  }

  @Test
  void switchPortUsedBySlotAndLinkEnd() {
    String yaml = validWith(LINK_END_B, "b: {switch: SW2, port: 8, width: 16, maxGen: 5}");

    assertMessage(loadFails(dir, yaml), "bad.yaml: interSwitchLinks[0].b.port: switch port SW2:8 is already used by slots[3]");
  }

  @Test
  void switchPortUsedByTwoSlots() {
    String yaml = validWith(SLOT_4, "{id: 4, switch: SW2, port: 0, width: 16, maxGen: 5}");

    assertMessage(loadFails(dir, yaml), "bad.yaml: slots[3].port: switch port SW2:0 is already used by slots[2]");
  }

  @Test
  void linkFromASwitchToItself() {
    String yaml = validWith(LINK_END_B, "b: {switch: SW1, port: 64, width: 16, maxGen: 5}");

    TopologyException e = loadFails(dir, yaml);

    assertMessage(e, "bad.yaml: interSwitchLinks[0].b.switch: the link joins switch 'SW1' to itself");
  }

  // --- widths, generations, lanes -------------------------------------------------------------

  @Test
  void portWidthThatIsNotAPcieWidth() {
    String yaml = validWith(HOST_1, "{id: Host1, switch: SW1, port: 40, width: 12, maxGen: 5}");

    assertMessage(loadFails(dir, yaml), "bad.yaml: hosts[0].width: 12 is not a PCIe link width; use 1, 2, 4, 8 or 16");
  }

  @Test
  void gpuWidthThatIsNotAPcieWidth() {
    String yaml = validWith("      maxWidth: 16\n", "      maxWidth: 32\n");

    assertMessage(loadFails(dir, yaml), "bad.yaml: slots[0].gpu.maxWidth: 32 is not a PCIe link width");
  }

  @Test
  void pcieGenerationAboveSix() {
    String yaml = validWith(SLOT_4, "{id: 4, switch: SW2, port: 8, width: 16, maxGen: 7}");

    assertMessage(loadFails(dir, yaml), "bad.yaml: slots[3].maxGen: 7 is not a PCIe generation; use 1..6");
  }

  @Test
  void pcieGenerationZeroOnAGpu() {
    String yaml = validWith("maxGen: 4,\n", "maxGen: 0,\n");

    assertMessage(loadFails(dir, yaml), "bad.yaml: slots[2].gpu.maxGen: 0 is not a PCIe generation");
  }

  @Test
  void pcieGenerationOfASwitch() {
    String yaml = validWith("    maxGen: 5\n    i2c: {bus: 2", "    maxGen: 9\n    i2c: {bus: 2");

    assertMessage(loadFails(dir, yaml), "bad.yaml: switches[0].maxGen: 9 is not a PCIe generation");
  }

  @Test
  void portFasterThanItsSwitch() {
    String yaml = validWith(SLOT_4, "{id: 4, switch: SW2, port: 8, width: 16, maxGen: 6}");

    assertMessage(loadFails(dir, yaml), "bad.yaml: slots[3].maxGen: Gen6 is more than switch 'SW2' supports (maxGen 5)");
  }

  @Test
  void portsNeedMoreLanesThanTheChipHas() {
    String yaml = validWith("laneCount: 144, portCount: 72,", "laneCount: 32, portCount: 72,");

    // SW2 carries two x16 slots, one x16 host and one x16 link end: 64 lanes
    assertMessage(loadFails(dir, yaml), "bad.yaml: switches[1].laneCount: the ports wired to switch 'SW2' use 64 lanes, more than its 32");
  }

  // --- fabric ------------------------------------------------------------------------------------

  @Test
  void switchesNotJoinedByLinks() {
    String yaml = validWith(
        "interSwitchLinks:\n  - a: {switch: SW1, port: 56, width: 16, maxGen: 5}\n    " + LINK_END_B + "\n", "");

    assertMessage(loadFails(dir, yaml), "bad.yaml: interSwitchLinks: no inter-switch link path from switch 'SW1' to 'SW2'");
  }

  @Test
  void atLeastOneHost() {
    String yaml = validWith("hosts:\n  " + "- " + HOST_1 + "\n  - {id: Host2, switch: SW2, port: 40, width: 16, maxGen: 5}\n",
        "hosts: []\n");

    assertMessage(loadFails(dir, yaml), "bad.yaml: hosts: at least one host is required");
  }

  @Test
  void atLeastOneSlot() {
    String yaml = TopologyYaml.VALID.replaceAll("(?s)slots:\n.*?\nfans:", "slots: []\nfans:");

    assertMessage(loadFails(dir, yaml), "bad.yaml: slots: at least one slot is required");
  }

  @Test
  void atLeastOneSwitch() {
    String yaml = TopologyYaml.VALID.replaceAll("(?s)switches:\n.*?\ninterSwitchLinks:", "switches: []\ninterSwitchLinks:");

    TopologyException e = loadFails(dir, yaml);

    assertMessage(e, "bad.yaml: switches: at least one switch chip is required");
  }

  // --- unique ids and serials --------------------------------------------------------------------

  @Test
  void duplicateSlotNumber() {
    String yaml = validWith(SLOT_4, "{id: 2, switch: SW2, port: 8, width: 16, maxGen: 5}");

    assertMessage(loadFails(dir, yaml), "bad.yaml: slots[3].id: duplicate slot id '2' (also slots[1])");
  }

  @Test
  void duplicateHostId() {
    String yaml = validWith("{id: Host2,", "{id: Host1,");

    assertMessage(loadFails(dir, yaml), "bad.yaml: hosts[1].id: duplicate host id 'Host1' (also hosts[0])");
  }

  @Test
  void duplicateSwitchId() {
    String yaml = validWith("{id: SW2,", "{id: SW1,");

    TopologyException e = loadFails(dir, yaml);

    assertMessage(e, "bad.yaml: switches[1].id: duplicate switch id 'SW1' (also switches[0])");
  }

  @Test
  void duplicateFanId() {
    String yaml = validWith("{id: Fan2,", "{id: Fan1,");

    assertMessage(loadFails(dir, yaml), "bad.yaml: fans[1].id: duplicate fan id 'Fan1' (also fans[0])");
  }

  @Test
  void duplicatePowerSupplyId() {
    String yaml = validWith("{id: PSU2,", "{id: PSU1,");

    assertMessage(loadFails(dir, yaml), "bad.yaml: powerSupplies[1].id: duplicate power supply id 'PSU1'");
  }

  @Test
  void duplicateSensorId() {
    String yaml = validWith("{id: OutletTemp,", "{id: InletTemp,");

    assertMessage(loadFails(dir, yaml), "bad.yaml: temperatureSensors[1].id: duplicate sensor id 'InletTemp'");
  }

  @Test
  void duplicateGpuSerialNumber() {
    String yaml = validWith("serialNumber: \"GPU-B\"", "serialNumber: \"GPU-A\"");

    assertMessage(loadFails(dir, yaml), "bad.yaml: slots[2].gpu.serialNumber: GPU serial number 'GPU-A' is already used by slots[0].gpu");
  }

  @Test
  void slotNumbersStartAtOne() {
    String yaml = validWith(SLOT_4, "{id: 0, switch: SW2, port: 8, width: 16, maxGen: 5}");

    assertMessage(loadFails(dir, yaml), "bad.yaml: slots[3].id: slot numbers start at 1, got 0");
  }

  @Test
  void blankIdIsRejected() {
    String yaml = validWith("{id: Fan2,", "{id: \"  \",");

    assertMessage(loadFails(dir, yaml), "bad.yaml: fans[1].id: must not be blank");
  }

  // --- values --------------------------------------------------------------------------------------

  @Test
  void pciIdWiderThanSixteenBits() {
    String yaml = validWith("      vendorId: \"0x10de\"\n", "      vendorId: \"0x10de0\"\n");

    assertMessage(loadFails(dir, yaml), "bad.yaml: slots[0].gpu.vendorId: 0x10de0 is not a 16-bit PCI ID");
  }

  @Test
  void gpuMemoryMustBePositive() {
    String yaml = validWith("      memoryGiB: 80\n", "      memoryGiB: 0\n");

    assertMessage(loadFails(dir, yaml), "bad.yaml: slots[0].gpu.memoryGiB: must be 1 or more, got 0");
  }

  @Test
  void fanSpeedMustBePositive() {
    String yaml = validWith("{id: Fan2, maxRpm: 16000}", "{id: Fan2, maxRpm: 0}");

    assertMessage(loadFails(dir, yaml), "bad.yaml: fans[1].maxRpm: must be 1 or more, got 0");
  }

  @Test
  void powerSupplyRatingMustBePositive() {
    String yaml = validWith("{id: PSU2, model: \"CRPS 2000W\", ratedWatts: 2000}", "{id: PSU2, model: \"CRPS 2000W\", ratedWatts: -5}");

    assertMessage(loadFails(dir, yaml), "bad.yaml: powerSupplies[1].ratedWatts: must be 1 or more, got -5");
  }

  // --- power redundancy -----------------------------------------------------------------------------

  @Test
  void redundancyNeedingMoreSuppliesThanExist() {
    String yaml = validWith("{type: NPlusM, minNeeded: 1}", "{type: NPlusM, minNeeded: 3}");

    assertMessage(loadFails(dir, yaml), "bad.yaml: powerSupplyRedundancy.minNeeded: must be between 1 and the number of power supplies (2), got 3");
  }

  @Test
  void redundancyWithoutASpareSupply() {
    String yaml = validWith("{type: NPlusM, minNeeded: 1}", "{type: NPlusM, minNeeded: 2}");

    assertMessage(loadFails(dir, yaml), "bad.yaml: powerSupplyRedundancy.minNeeded: NPlusM needs a spare supply, but all 2 are needed");
  }

  @Test
  void notRedundantMayNeedEverySupply() {
    String yaml = validWith("{type: NPlusM, minNeeded: 1}", "{type: NotRedundant, minNeeded: 2}");

    assertEquals(RedundancyType.NotRedundant, TopologyYaml.load(dir, yaml).powerSupplyRedundancy().type());
  }

  // --- I2C -------------------------------------------------------------------------------------------

  @Test
  void i2cAddressOutsideTheSevenBitRange() {
    String yaml = validWith("{bus: 7, address: \"0x48\"}", "{bus: 7, address: \"0x80\"}");

    assertMessage(loadFails(dir, yaml), "bad.yaml: temperatureSensors[0].i2c.address: 0x80 is not a 7-bit device address (0x08..0x77)");
  }

  @Test
  void negativeI2cBus() {
    String yaml = validWith("{bus: 6, address: \"0x58\"}", "{bus: -1, address: \"0x58\"}");

    assertMessage(loadFails(dir, yaml), "bad.yaml: powerSupplies[0].i2c.bus: must be 0 or more, got -1");
  }

  @Test
  void twoDevicesAtOneI2cAddress() {
    String yaml = validWith("{bus: 7, address: \"0x48\"}", "{bus: 2, address: \"0x59\"}");

    assertMessage(loadFails(dir, yaml), "bad.yaml: temperatureSensors[0].i2c: bus 2 address 0x59 is already used by switches[0].i2c");
  }

  // --- reporting -------------------------------------------------------------------------------------

  @Test
  void allProblemsAreReportedOneLineEach() {
    String yaml = validWith(SLOT_4, "{id: 4, switch: PSX9, port: 8, width: 3, maxGen: 5}");
    yaml = replaceOnce(yaml, "{id: Fan2,", "{id: Fan1,");

    TopologyException e = loadFails(dir, yaml);

    assertEquals(
        List.of(
            "slots[3].width: 3 is not a PCIe link width; use 1, 2, 4, 8 or 16",
            "slots[3].switch: unknown switch 'PSX9'; switches are: SW1, SW2",
            "fans[1].id: duplicate fan id 'Fan1' (also fans[0])"),
        e.problems());
    assertEquals(3, e.getMessage().lines().count());
    assertTrue(e.getMessage().lines().allMatch(line -> line.contains(TopologyYaml.FILE_NAME + ": ")));
    assertTrue(e.line().isEmpty());
  }
}
