package io.gpuchassis.agent.board;

import static io.gpuchassis.agent.board.BoardYaml.assertProblemAt;
import static io.gpuchassis.agent.board.BoardYaml.load;
import static io.gpuchassis.agent.board.BoardYaml.loadFails;
import static io.gpuchassis.agent.board.BoardYaml.validWith;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpuchassis.agent.chassis.ProgrammablePart;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A programmable part's version registers, as the board file declares and simulates them. */
class ProgrammablePartRulesTest {

  private static final String FRU =
      "    - {id: ChassisFru, part: fru-eeprom, bus: 1, address: \"0x50\"}\n";
  private static final String CPLD =
      "    - {id: Cpld, part: version-registers, bus: 1, address: \"0x3c\", kind: CPLD,"
          + " manufacturer: Lattice, versionRegister: \"0x00\", versionBytes: 2}\n";

  @TempDir Path dir;

  private static String withPart(String part) {
    return validWith(FRU, FRU + part);
  }

  @Test
  void a_declared_part_is_a_device_and_a_part_of_the_model_without_a_version_yet() {
    BoardDescription board = load(dir, withPart(CPLD));
    ProgrammablePartDevice device = board.devicesOfType(ProgrammablePartDevice.class).get(0);
    assertEquals(0x3c, device.path().address());
    assertEquals(2, device.versionBytes());
    assertEquals(
        List.of(
            new ProgrammablePart(
                "Cpld", "CPLD", Optional.of("Lattice"), Optional.empty(), Optional.empty())),
        board.initialState().programmableParts());
    // not simulated explicitly: 1 followed by zeros
    assertArrayEquals(new int[] {1, 0}, board.simulation().partVersion(device));
  }

  @Test
  void a_version_spans_one_to_four_registers_that_end_at_0xff() {
    String five = withPart(CPLD.replace("versionBytes: 2", "versionBytes: 5"));
    assertProblemAt(
        loadFails(dir, five),
        five,
        "id: Cpld",
        "i2c.devices[8].versionBytes: a version is 1 to 4 registers, got 5");
    String past = withPart(CPLD.replace("\"0x00\"", "\"0xff\""));
    assertProblemAt(
        loadFails(dir, past),
        past,
        "id: Cpld",
        "i2c.devices[8].versionRegister: the version's registers run past 0xff, the last register of an SMBus target");
  }

  @Test
  void a_simulated_version_must_fit_the_registers_of_a_declared_part() {
    String simulated =
        withPart(CPLD)
            .replace(
                "simulation:\n",
                "simulation:\n  partVersions:\n    - {part: Cpld, version: \"1.4\"}\n");
    BoardDescription board = load(dir, simulated);
    assertArrayEquals(
        new int[] {1, 4},
        board.simulation().partVersion(board.devicesOfType(ProgrammablePartDevice.class).get(0)));

    String tooLong = simulated.replace("version: \"1.4\"", "version: \"1.4.2\"");
    assertProblemAt(
        loadFails(dir, tooLong),
        tooLong,
        "part: Cpld",
        "simulation.partVersions[0].version: '1.4.2' is not 2 numbers of 0-255 joined by dots, as Cpld's 2 version registers hold");
    String unknown = simulated.replace("{part: Cpld,", "{part: Nothing,");
    assertProblemAt(
        loadFails(dir, unknown),
        unknown,
        "part: Nothing",
        "simulation.partVersions[0].part: there is no version-registers device 'Nothing' under i2c.devices");
  }
}
