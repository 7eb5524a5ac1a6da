package io.gpuchassis.agent.board;

import static io.gpuchassis.agent.board.BoardYaml.assertProblem;
import static io.gpuchassis.agent.board.BoardYaml.assertProblemAt;
import static io.gpuchassis.agent.board.BoardYaml.lineOf;
import static io.gpuchassis.agent.board.BoardYaml.load;
import static io.gpuchassis.agent.board.BoardYaml.loadFails;
import static io.gpuchassis.agent.board.BoardYaml.validWith;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The slots' connector signals. In the fixture slot 1 uses pins 0-3 of SlotIo1; slot 2 uses lines
 * 17 and 18 of gpiochip0, GPIO 12 of SW1 and pin 4 of SlotIo1; slot 3 uses GPIO 3 of SW2.
 */
class SlotLineRulesTest {

  private static final String SLOT_1_PRESENCE = "presence: {expander: SlotIo1, pin: 0}";
  private static final String SLOT_2_PERST = "perst: {switch: SW1, gpio: 12}";
  private static final String SLOT_3_PRESENCE = "presence: {switch: SW2, gpio: 3}";

  @TempDir Path dir;

  // --- forms -------------------------------------------------------------------------------------

  @Test
  void expanderPinWithoutPinNumberIsNoForm() {
    String yaml = validWith(SLOT_1_PRESENCE, "presence: {expander: SlotIo1}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "presence: {expander: SlotIo1}",
        "slots[0].pins.presence: write one of"
            + " {expander: ID, pin: N}, {gpio: {chip: gpiochipN, line: N}} or {switch: ID, gpio: N}");
  }

  @Test
  void twoFormsInOneSignalAreNoForm() {
    String yaml =
        validWith(SLOT_1_PRESENCE, "presence: {expander: SlotIo1, pin: 0, switch: SW1, gpio: 7}");

    assertProblemAt(loadFails(dir, yaml), yaml, "gpio: 7", "slots[0].pins.presence: write one of");
  }

  @Test
  void emptySignalIsNoForm() {
    String yaml = validWith(SLOT_2_PERST, "perst: {}");

    assertProblemAt(loadFails(dir, yaml), yaml, "perst: {}", "slots[1].pins.perst: write one of");
  }

  @Test
  void switchWithoutGpioNumberIsNoForm() {
    String yaml = validWith(SLOT_2_PERST, "perst: {switch: SW1}");

    assertProblemAt(
        loadFails(dir, yaml), yaml, "perst: {switch: SW1}", "slots[1].pins.perst: write one of");
  }

  @Test
  void switchWithAProcessorLineIsNoForm() {
    String yaml = validWith(SLOT_2_PERST, "perst: {switch: SW1, gpio: {chip: gpiochip0, line: 5}}");

    assertProblemAt(loadFails(dir, yaml), yaml, "line: 5", "slots[1].pins.perst: write one of");
  }

  @Test
  void gpioNumberWithoutSwitchPointsToTheTwoGpioForms() {
    String yaml = validWith(SLOT_2_PERST, "perst: {gpio: 12}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "perst: {gpio: 12}",
        "slots[1].pins.perst.gpio: a GPIO number belongs"
            + " to a switch: {switch: ID, gpio: N}; a processor line is {gpio: {chip: gpiochipN, line: N}}");
  }

  // --- expander pins -----------------------------------------------------------------------------

  @Test
  void expanderHasSixteenPins() {
    String yaml = validWith(SLOT_1_PRESENCE, "presence: {expander: SlotIo1, pin: 16}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "pin: 16",
        "slots[0].pins.presence.pin: a pca9555 has pins 0-15, got 16");
  }

  @Test
  void unknownExpanderListsTheExpanders() {
    String yaml = validWith(SLOT_1_PRESENCE, "presence: {expander: SlotIo9, pin: 0}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "SlotIo9",
        "slots[0].pins.presence.expander: unknown expander 'SlotIo9'; expanders are: SlotIo1");
  }

  @Test
  void expanderMustBeAPca9555() {
    String yaml = validWith(SLOT_1_PRESENCE, "presence: {expander: InletTemp, pin: 0}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "expander: InletTemp",
        "slots[0].pins.presence.expander: 'InletTemp' is a tmp75, not a pca9555");
  }

  @Test
  void muxIsNoExpander() {
    String yaml = validWith(SLOT_1_PRESENCE, "presence: {expander: GpuMux1, pin: 0}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "expander: GpuMux1",
        "slots[0].pins.presence.expander: 'GpuMux1' is a mux, not a pca9555");
  }

  @Test
  void expanderPinDrivesOneSignal() {
    String yaml =
        validWith(
            "attentionLed: {expander: SlotIo1, pin: 4}",
            "attentionLed: {expander: SlotIo1, pin: 3}");

    assertProblem(
        loadFails(dir, yaml),
        lineOf(BoardYaml.VALID, "attentionLed: {expander: SlotIo1, pin: 4}"),
        "slots[1].pins.attentionLed.pin: pin 3 of expander SlotIo1 is already used by slots[0].pins.attentionLed");
  }

  // --- processor GPIO lines ----------------------------------------------------------------------

  @Test
  void gpioChipIsAGpiochipName() {
    String yaml =
        validWith(
            "{gpio: {chip: gpiochip0, line: 17}}", "{gpio: {chip: /dev/gpiochip0, line: 17}}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "/dev/gpiochip0",
        "slots[1].pins.presence.gpio.chip: '/dev/gpiochip0'"
            + " is not a GPIO chip name such as gpiochip0 (as in /dev/gpiochip0)");
  }

  @Test
  void gpioLineIsNotNegative() {
    String yaml =
        validWith("{gpio: {chip: gpiochip0, line: 17}}", "{gpio: {chip: gpiochip0, line: -1}}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "line: -1",
        "slots[1].pins.presence.gpio.line: must be 0 or more, got -1");
  }

  @Test
  void gpioLineDrivesOneSignal() {
    String yaml =
        validWith("{gpio: {chip: gpiochip0, line: 18}}", "{gpio: {chip: gpiochip0, line: 17}}");

    assertProblem(
        loadFails(dir, yaml),
        lineOf(BoardYaml.VALID, "powerEnable: {gpio:"),
        "slots[1].pins.powerEnable.gpio.line: line 17 of gpiochip0 is already used by slots[1].pins.presence");
  }

  @Test
  void sameLineNumberOnAnotherChipIsAnotherLine() {
    String yaml =
        validWith("{gpio: {chip: gpiochip0, line: 18}}", "{gpio: {chip: gpiochip1, line: 17}}");

    assertEquals(
        Optional.of(new GpioLineRef("gpiochip1", 17)),
        load(dir, yaml).slotAccess(2).orElseThrow().lines().powerEnable());
  }

  // --- switch GPIOs ------------------------------------------------------------------------------

  @Test
  void switchGpioOnUnknownSwitch() {
    String yaml = validWith(SLOT_2_PERST, "perst: {switch: SW9, gpio: 12}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "SW9",
        "slots[1].pins.perst.switch: unknown switch 'SW9'; switches are: SW1, SW2");
  }

  @Test
  void switchGpioIsNotNegative() {
    String yaml = validWith(SLOT_2_PERST, "perst: {switch: SW1, gpio: -2}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "gpio: -2",
        "slots[1].pins.perst.gpio: must be 0 or more, got -2");
  }

  @Test
  void switchGpioDrivesOneSignal() {
    String yaml = validWith(SLOT_3_PRESENCE, "presence: {switch: SW1, gpio: 12}");

    assertProblemAt(
        loadFails(dir, yaml),
        yaml,
        "presence: {switch: SW1, gpio: 12}",
        "slots[2].pins.presence.gpio: GPIO 12 of switch SW1 is already used by slots[1].pins.perst");
  }

  @Test
  void sameGpioNumberOnAnotherSwitchIsAnotherPin() {
    String yaml = validWith(SLOT_3_PRESENCE, "presence: {switch: SW2, gpio: 12}");

    assertEquals(
        Optional.of(new SwitchGpioRef("SW2", 12)),
        load(dir, yaml).slotAccess(3).orElseThrow().lines().presence());
  }

  // --- the chassis identify LED ------------------------------------------------------------------

  @Test
  void theIdentifyLedIsWrittenAsASlotSignalIs() {
    String yaml =
        validWith("fru: ChassisFru", "fru: ChassisFru\n  identifyLed: {switch: SW2, gpio: 40}");

    assertEquals(Optional.of(new SwitchGpioRef("SW2", 40)), load(dir, yaml).identifyLed());
    assertEquals(Optional.empty(), load(dir, BoardYaml.VALID).identifyLed(), "it is optional");
  }

  @Test
  void theIdentifyLedTakesNoLineASlotSignalUses() {
    String yaml =
        validWith("fru: ChassisFru", "fru: ChassisFru\n  identifyLed: {expander: SlotIo1, pin: 3}");

    assertProblem(
        loadFails(dir, yaml),
        lineOf(yaml, "identifyLed: {expander: SlotIo1, pin: 3}"),
        "chassis.identifyLed.pin: pin 3 of expander SlotIo1 is already used by"
            + " slots[0].pins.attentionLed");
  }

  @Test
  void theIdentifyLedNamesAnExpanderThatExists() {
    String yaml =
        validWith("fru: ChassisFru", "fru: ChassisFru\n  identifyLed: {expander: PanelIo, pin: 0}");

    assertProblemAt(
        loadFails(dir, yaml), yaml, "expander: PanelIo", "chassis.identifyLed.expander:");
  }
}
