package io.gpuchassis.agent.board;

import static io.gpuchassis.agent.board.BoardYaml.lineOf;
import static io.gpuchassis.agent.board.BoardYaml.loadFails;
import static io.gpuchassis.agent.board.BoardYaml.replaceOnce;
import static io.gpuchassis.agent.board.BoardYaml.validWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How problems are reported: every semantic problem at once, one per message line, each with the
 * file, the line of its key and the key path, in the order of the lines.
 */
class ErrorReportingTest {

  @TempDir Path dir;

  @Test
  void allSemanticProblemsAreReportedTogetherInLineOrder() {
    // broken from the bottom up, to show the report is ordered by line, not by rule
    String yaml = validWith("{type: NPlusM, minNeeded: 1}", "{type: NPlusM, minNeeded: 5}");
    yaml = replaceOnce(yaml, "{expander: SlotIo1, pin: 2}", "{expander: SlotIo9, pin: 2}");
    yaml =
        replaceOnce(
            yaml,
            "{id: 4, switch: SW2, port: 8, width: 16, maxGen: 5}",
            "{id: 4, switch: SW2, port: 8, width: 3, maxGen: 5}");

    BoardException e = loadFails(dir, yaml);

    assertEquals(
        List.of(
            new BoardProblem(
                OptionalInt.of(lineOf(yaml, "perst: {expander: SlotIo9")),
                "slots[0].pins.perst.expander",
                "unknown expander 'SlotIo9'; expanders are: SlotIo1"),
            new BoardProblem(
                OptionalInt.of(lineOf(yaml, "width: 3")),
                "slots[3].width",
                "3 is not a PCIe link width; use 1, 2, 4, 8 or 16"),
            new BoardProblem(
                OptionalInt.of(lineOf(yaml, "minNeeded: 5")),
                "powerSupplyRedundancy.minNeeded",
                "must be between 1 and the number of power supplies (2), got 5")),
        e.problems());
  }

  @Test
  void messageHasOneLinePerProblemEachNamingFileLineAndKey() {
    String yaml =
        validWith("{id: Fan2, channel: 1, maxRpm: 12000}", "{id: Fan1, channel: 1, maxRpm: 0}");
    Path file = dir.resolve(BoardYaml.FILE_NAME);
    int fanLine = lineOf(yaml, "maxRpm: 0");

    BoardException e = loadFails(dir, yaml);

    assertEquals(
        file
            + ":"
            + fanLine
            + ": i2c.devices[4].fans[1].id: duplicate fan id 'Fan1' (also"
            + " i2c.devices[4].fans[0])\n"
            + file
            + ":"
            + fanLine
            + ": i2c.devices[4].fans[1].maxRpm: must be 1 or more, got 0",
        e.getMessage());
    assertEquals(file.toString(), e.source());
  }

  @Test
  void semanticProblemInBlockStyleIsAtTheKeysOwnLine() {
    String yaml = validWith("    portCount: 72\n", "    portCount: 0\n");

    BoardException e = loadFails(dir, yaml);

    assertEquals(OptionalInt.of(lineOf(yaml, "portCount: 0")), e.problems().get(0).line());
    assertEquals("switches[0].portCount: must be 1 or more, got 0", e.problems().get(0).text());
  }

  @Test
  void semanticProblemInANestedFlowListIsAtTheItemsLine() {
    String yaml =
        validWith(
            "kernelBuses: [30, 31, 32, 33, 34, 35, 36, 37]",
            "kernelBuses: [30, 31, 32, 33,\n                  34, 35, 36, -37]");

    BoardException e = loadFails(dir, yaml);

    assertEquals(OptionalInt.of(lineOf(yaml, "-37")), e.problems().get(0).line());
    assertEquals("i2c.muxes[1].kernelBuses[7]", e.problems().get(0).keyPath());
  }

  @Test
  void problemRendersWithAndWithoutLine() {
    BoardProblem atKey = new BoardProblem(OptionalInt.of(46), "slots[2].pins", "bad");
    BoardProblem atFile = new BoardProblem(OptionalInt.empty(), "", "the file is empty");

    assertEquals("board.yaml:46: slots[2].pins: bad", atKey.render("board.yaml"));
    assertEquals("board.yaml: the file is empty", atFile.render("board.yaml"));
  }

  @Test
  void invalidFileChangesNothingAndCanBeLoadedAgainOnceFixed() {
    String broken = validWith("{id: 4, switch: SW2, port: 8,", "{id: 4, switch: SW2, port: 99,");

    assertTrue(loadFails(dir, broken).getMessage().contains("slots[3].port"));
    assertEquals(4, BoardYaml.load(dir, BoardYaml.VALID).slots().size());
  }
}
