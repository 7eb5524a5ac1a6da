package io.gpuchassis.agent.board;

import static io.gpuchassis.agent.board.BoardYaml.VALID;
import static io.gpuchassis.agent.board.BoardYaml.assertProblemAt;
import static io.gpuchassis.agent.board.BoardYaml.loadFails;
import static io.gpuchassis.agent.board.BoardYaml.validWith;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The PCIe wiring and identity rules the board file keeps from the topology file, each reported at
 * the line of the offending key. The fixture is {@link BoardYaml#VALID}: SW1 (slots 1-2, Host1)
 * linked to SW2 (slots 3-4, Host2).
 */
class BoardValidationTest {

  private static final String SLOT_4 = "{id: 4, switch: SW2, port: 8, width: 16, maxGen: 5}";
  private static final String HOST_1 = "{id: Host1, switch: SW1, port: 40, width: 16, maxGen: 5}";
  private static final String LINK_END_B = "b: {switch: SW2, port: 64, width: 16, maxGen: 5}";

  @TempDir Path dir;

  // --- references and ports -------------------------------------------------------------------

  @Test
  void slotOnUnknownSwitch() {
    String yaml = validWith(SLOT_4, "{id: 4, switch: PSX9, port: 8, width: 16, maxGen: 5}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "PSX9",
        "slots[3].switch: unknown switch 'PSX9'; switches are: SW1, SW2");
  }

  @Test
  void hostOnUnknownSwitch() {
    String yaml = validWith(HOST_1, "{id: Host1, switch: SW7, port: 40, width: 16, maxGen: 5}");

    assertProblemAt(loadFails(dir, yaml), yaml, "SW7", "hosts[0].switch: unknown switch 'SW7'");
  }

  @Test
  void linkEndOnUnknownSwitch() {
    String yaml = validWith(LINK_END_B, "b: {switch: SW3, port: 64, width: 16, maxGen: 5}");

    assertProblemAt(
        loadFails(dir, yaml), yaml, "SW3", "interSwitchLinks[0].b.switch: unknown switch 'SW3'");
  }

  @Test
  void portNumberBeyondTheChipsPortCount() {
    String yaml = validWith(SLOT_4, "{id: 4, switch: SW2, port: 72, width: 16, maxGen: 5}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "port: 72",
        "slots[3].port: switch 'SW2' has no port 72 (its ports are 0..71)");
  }

  @Test
  void negativePortNumber() {
    String yaml = validWith(HOST_1, "{id: Host1, switch: SW1, port: -1, width: 16, maxGen: 5}");

    assertProblemAt(
        loadFails(dir, yaml), yaml, "port: -1", "hosts[0].port: switch 'SW1' has no port -1");
  }

  @Test
  void switchPortUsedBySlotAndHost() {
    String yaml = validWith(HOST_1, "{id: Host1, switch: SW1, port: 8, width: 16, maxGen: 5}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "Host1",
        "hosts[0].port: switch port SW1:8 is already used by slots[1]");
  }

  @Test
  void switchPortUsedBySlotAndLinkEnd() {
    String yaml = validWith(LINK_END_B, "b: {switch: SW2, port: 8, width: 16, maxGen: 5}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "b: {switch: SW2",
        "interSwitchLinks[0].b.port: switch port SW2:8 is already used by slots[3]");
  }

  @Test
  void switchPortUsedByTwoSlots() {
    String yaml = validWith(SLOT_4, "{id: 4, switch: SW2, port: 0, width: 16, maxGen: 5}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "{id: 4,",
        "slots[3].port: switch port SW2:0 is already used by slots[2]");
  }

  @Test
  void linkFromASwitchToItself() {
    String yaml = validWith(LINK_END_B, "b: {switch: SW1, port: 64, width: 16, maxGen: 5}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "b: {switch: SW1",
        "interSwitchLinks[0].b.switch: the link joins switch 'SW1' to itself");
  }

  // --- widths, generations, lanes -------------------------------------------------------------

  @Test
  void portWidthThatIsNotAPcieWidth() {
    String yaml = validWith(HOST_1, "{id: Host1, switch: SW1, port: 40, width: 12, maxGen: 5}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "width: 12",
        "hosts[0].width: 12 is not a PCIe link width; use 1, 2, 4, 8 or 16");
  }

  @Test
  void pcieGenerationAboveSix() {
    String yaml = validWith(SLOT_4, "{id: 4, switch: SW2, port: 8, width: 16, maxGen: 7}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "maxGen: 7",
        "slots[3].maxGen: 7 is not a PCIe generation; use 1..6");
  }

  @Test
  void pcieGenerationOfASwitch() {
    String yaml = validWith("    maxGen: 5\n    i2c: {bus: 2", "    maxGen: 9\n    i2c: {bus: 2");

    assertProblemAt(
        loadFails(dir, yaml), yaml, "maxGen: 9", "switches[0].maxGen: 9 is not a PCIe generation");
  }

  @Test
  void portFasterThanItsSwitch() {
    String yaml = validWith(SLOT_4, "{id: 4, switch: SW2, port: 8, width: 16, maxGen: 6}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "maxGen: 6",
        "slots[3].maxGen: Gen6 is more than switch 'SW2' supports (maxGen 5)");
  }

  @Test
  void portsNeedMoreLanesThanTheChipHas() {
    String yaml = validWith("laneCount: 144, portCount: 72,", "laneCount: 32, portCount: 72,");

    // SW2 carries two x16 slots, one x16 host and one x16 link end: 64 lanes
    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "laneCount: 32",
        "switches[1].laneCount: the ports wired to switch 'SW2' use 64 lanes, more than its 32");
  }

  // --- fabric ------------------------------------------------------------------------------------

  @Test
  void switchesNotJoinedByLinks() {
    String yaml =
        validWith(
            "interSwitchLinks:\n  - a: {switch: SW1, port: 56, width: 16, maxGen: 5}\n    "
                + LINK_END_B
                + "\n",
            "interSwitchLinks: []\n");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "interSwitchLinks: []",
        "interSwitchLinks: no inter-switch link path from switch 'SW1' to 'SW2'");
  }

  @Test
  void withoutALinkSectionTheUnreachableSwitchIsShown() {
    String yaml =
        validWith(
            "interSwitchLinks:\n  - a: {switch: SW1, port: 56, width: 16, maxGen: 5}\n    "
                + LINK_END_B
                + "\n",
            "");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "{id: SW2",
        "interSwitchLinks: no inter-switch link path from switch 'SW1' to 'SW2'");
  }

  @Test
  void atLeastOneHost() {
    String yaml =
        validWith(
            "hosts:\n  - "
                + HOST_1
                + "\n  - {id: Host2, switch: SW2, port: 40, width: 16, maxGen: 5}\n",
            "hosts: []\n");

    assertProblemAt(
        loadFails(dir, yaml), yaml, "hosts: []", "hosts: at least one host is required");
  }

  @Test
  void atLeastOneSlot() {
    String yaml = VALID.replaceAll("(?s)slots:\n.*?\ni2c:", "slots: []\ni2c:");

    assertProblemAt(
        loadFails(dir, yaml), yaml, "slots: []", "slots: at least one slot is required");
  }

  @Test
  void atLeastOneSwitch() {
    String yaml =
        VALID.replaceAll(
            "(?s)switches:\n.*?\ninterSwitchLinks:", "switches: []\ninterSwitchLinks:");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "switches: []",
        "switches: at least one switch chip is required");
  }

  // --- unique ids and values ---------------------------------------------------------------------

  @Test
  void duplicateSlotNumber() {
    String yaml = validWith(SLOT_4, "{id: 2, switch: SW2, port: 8, width: 16, maxGen: 5}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "{id: 2, switch: SW2",
        "slots[3].id: duplicate slot id '2' (also slots[1])");
  }

  @Test
  void duplicateHostId() {
    String yaml = validWith("{id: Host2,", "{id: Host1,");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "switch: SW2, port: 40",
        "hosts[1].id: duplicate host id 'Host1' (also hosts[0])");
  }

  @Test
  void duplicateSwitchId() {
    String yaml = validWith("{id: SW2,", "{id: SW1,");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "{id: SW1,",
        "switches[1].id: duplicate switch id 'SW1' (also switches[0])");
  }

  @Test
  void slotNumbersStartAtOne() {
    String yaml = validWith(SLOT_4, "{id: 0, switch: SW2, port: 8, width: 16, maxGen: 5}");

    assertProblemAt(
        loadFails(dir, yaml), yaml, "{id: 0,", "slots[3].id: slot numbers start at 1, got 0");
  }

  @Test
  void blankHostIdIsRejected() {
    String yaml = validWith("{id: Host2,", "{id: \"  \",");

    assertProblemAt(loadFails(dir, yaml), yaml, "{id: \"  \"", "hosts[1].id: must not be blank");
  }

  @Test
  void blankChassisFieldIsRejected() {
    String yaml = validWith("  model: T-1\n", "  model: \"\"\n");

    assertProblemAt(loadFails(dir, yaml), yaml, "model: \"\"", "chassis.model: must not be blank");
  }

  @Test
  void switchPciIdWiderThanSixteenBits() {
    String yaml = validWith("    vendorId: \"0x1000\"\n", "    vendorId: \"0x10000\"\n");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "0x10000",
        "switches[0].vendorId: 0x10000 is not a 16-bit PCI ID");
  }
}
