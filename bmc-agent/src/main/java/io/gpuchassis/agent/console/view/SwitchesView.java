package io.gpuchassis.agent.console.view;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.SwitchChip;
import io.gpuchassis.agent.chassis.SwitchObservation;
import io.gpuchassis.agent.console.view.TextTable.Column;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * {@code show switches}: each switch chip with what it last reported (serial, firmware, die
 * temperature) and its health as the Switch resource judges it: the chip itself, and with its ports
 * (rollup).
 */
public final class SwitchesView {

  private final ConsoleHealth health;
  private final Predicate<String> updating;

  /**
   * @param updating whether a chip's firmware is being written or the chip reset now
   *     (FirmwareUpdates::updating)
   */
  public SwitchesView(ConsoleHealth health, Predicate<String> updating) {
    this.health = health;
    this.updating = updating;
  }

  public List<String> render(ChassisState state) {
    TextTable table =
        TextTable.of(
            Column.left("Switch"),
            Column.flexible("Model"),
            Column.left("Serial"),
            Column.left("Firmware"),
            Column.left("Health"),
            Column.left("Rollup"),
            Column.right("Temp C"),
            Column.flexible("Note"));
    for (SwitchChip chip : state.switches()) {
      Optional<SwitchObservation> o = state.switchObservation(chip.id());
      String note =
          updating.test(chip.id())
              ? "updating"
              : o.flatMap(SwitchObservation::failure).orElse(o.isEmpty() ? "not polled yet" : "");
      table.row(
          chip.id(),
          chip.model(),
          o.flatMap(SwitchObservation::serialNumber).orElse("-"),
          o.flatMap(SwitchObservation::firmwareVersion).orElse("-"),
          Cells.health(health.fabric().ofSwitch(state, chip.id())),
          Cells.health(health.fabric().rollupOfSwitch(state, chip.id())),
          o.map(obs -> Cells.number(obs.dieTemperatureCelsius(), 1)).orElse("-"),
          note);
    }
    return table.lines();
  }
}
