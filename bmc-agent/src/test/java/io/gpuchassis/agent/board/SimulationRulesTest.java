package io.gpuchassis.agent.board;

import static io.gpuchassis.agent.board.BoardYaml.assertProblemAt;
import static io.gpuchassis.agent.board.BoardYaml.load;
import static io.gpuchassis.agent.board.BoardYaml.loadFails;
import static io.gpuchassis.agent.board.BoardYaml.validWith;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code simulation} section only fills what the board has, with values real parts could
 * report.
 */
class SimulationRulesTest {

  private static final String SW2_IDENTITY =
      "{switch: SW2, serialNumber: \"CHIP-2\", firmwareVersion: \"1.8.0.88\"}";
  private static final String GPU_B_SLOT = "{slot: 3, model: NVIDIA L40S,";

  @TempDir Path dir;

  @Test
  void chassisSerialNumberNeedsTheChassisFru() {
    String yaml = validWith("  fru: ChassisFru\n", "");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "chassisSerialNumber",
        "simulation.chassisSerialNumber: the simulator"
            + " writes the chassis serial number into the chassis FRU EEPROM; name that device with chassis.fru");
  }

  @Test
  void chassisSerialNumberMustNotBeBlank() {
    String yaml = validWith("chassisSerialNumber: \"SN-1\"", "chassisSerialNumber: \" \"");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "chassisSerialNumber",
        "simulation.chassisSerialNumber: must not be blank");
  }

  @Test
  void switchIdentityForUnknownSwitch() {
    String yaml =
        validWith(
            SW2_IDENTITY, "{switch: SW9, serialNumber: \"CHIP-2\", firmwareVersion: \"1.8.0.88\"}");

    assertProblemAt(
        loadFails(dir, yaml), yaml, "SW9", "simulation.switches[1].switch: unknown switch 'SW9'");
  }

  @Test
  void switchIdentityListedTwice() {
    String yaml =
        validWith(
            SW2_IDENTITY, "{switch: SW1, serialNumber: \"CHIP-2\", firmwareVersion: \"1.8.0.88\"}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "CHIP-2",
        "simulation.switches[1].switch: switch 'SW1' is already listed at simulation.switches[0]");
  }

  @Test
  void everySwitchOrNone() {
    String yaml = validWith("    - " + SW2_IDENTITY + "\n", "");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "  switches:",
        "simulation.switches: no entry for switch 'SW2'; list every switch or none");
  }

  @Test
  void noSwitchIdentitiesAtAllIsFine() {
    String yaml = BoardYaml.VALID.replaceAll("(?s)  switches:\n.*?\n  gpus:", "  gpus:");

    assertEquals(Map.of(), load(dir, yaml).simulation().switches());
  }

  @Test
  void switchFirmwareVersionMustNotBeBlank() {
    String yaml =
        validWith(SW2_IDENTITY, "{switch: SW2, serialNumber: \"CHIP-2\", firmwareVersion: \"\"}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "CHIP-2",
        "simulation.switches[1].firmwareVersion: must not be blank");
  }

  @Test
  void gpuInUnknownSlot() {
    String yaml = validWith(GPU_B_SLOT, "{slot: 9, model: NVIDIA L40S,");

    assertProblemAt(
        loadFails(dir, yaml), yaml, "slot: 9", "simulation.gpus[1].slot: there is no slot 9");
  }

  @Test
  void twoGpusInOneSlot() {
    String yaml = validWith(GPU_B_SLOT, "{slot: 1, model: NVIDIA L40S,");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "slot: 1, model",
        "simulation.gpus[1].slot: slot 1 already holds the GPU of simulation.gpus[0]");
  }

  @Test
  void gpuSerialNumbersAreUnique() {
    String yaml = validWith("serialNumber: \"GPU-B\"", "serialNumber: \"GPU-A\"");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "subsystemId: \"0x1851\"",
        "simulation.gpus[1].serialNumber: GPU serial number 'GPU-A' is already used by simulation.gpus[0]");
  }

  @Test
  void gpuPciIdWiderThanSixteenBits() {
    String yaml = validWith("    vendorId: \"0x10de\"\n", "    vendorId: \"0x10de0\"\n");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "0x10de0",
        "simulation.gpus[0].vendorId: 0x10de0 is not a 16-bit PCI ID");
  }

  @Test
  void gpuMemoryMustBePositive() {
    String yaml = validWith("      memoryGiB: 80\n", "      memoryGiB: 0\n");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "memoryGiB: 0",
        "simulation.gpus[0].memoryGiB: must be 1 or more, got 0");
  }

  @Test
  void gpuGenerationAndWidthAreReal() {
    String yaml = validWith("maxGen: 4, maxWidth: 16}", "maxGen: 0, maxWidth: 12}");

    BoardException e = loadFails(dir, yaml);

    assertProblemAt(e, yaml, "maxGen: 0", "simulation.gpus[1].maxGen: 0 is not a PCIe generation");
    assertProblemAt(
        e, yaml, "maxWidth: 12", "simulation.gpus[1].maxWidth: 12 is not a PCIe link width");
  }
}
