package io.gpuchassis.agent.console.view;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.PowerSupply;
import io.gpuchassis.agent.console.view.TextTable.Column;
import io.gpuchassis.sensor.chassis.SensorIds;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code show psus}: each power supply's health (its STATUS_WORD) and readings, then the
 * redundancy.
 */
public final class PsusView {

  private final ConsoleHealth health;

  public PsusView(ConsoleHealth health) {
    this.health = health;
  }

  public List<String> render(ChassisState state) {
    TextTable table =
        TextTable.of(
            Column.left("PSU"),
            Column.flexible("Model"),
            Column.right("Rated W"),
            Column.left("Health"),
            Column.right("In V"),
            Column.right("Out V"),
            Column.right("Out A"),
            Column.right("Out W"),
            Column.right("Temp C"));
    for (PowerSupply psu : state.powerSupplies()) {
      String id = psu.id();
      table.row(
          id,
          psu.model(),
          psu.ratedWatts(),
          Cells.status(health.supply(id)),
          Cells.number(health.value(SensorIds.psuInputVolts(id)), 1),
          Cells.number(health.value(SensorIds.psuOutputVolts(id)), 2),
          Cells.number(health.value(SensorIds.psuOutputAmps(id)), 1),
          Cells.number(health.value(SensorIds.psuOutputWatts(id)), 0),
          Cells.number(health.value(SensorIds.psuTemperature(id)), 1));
    }
    List<String> lines = new ArrayList<>(table.lines());
    lines.add("");
    lines.addAll(
        new Fields()
            .add(
                "Redundancy",
                health.chassis().redundancyType()
                    + ", "
                    + health.chassis().minSuppliesNeeded()
                    + " needed, "
                    + Cells.health(health.supplyRedundancy(state)))
            .add("Output total", Cells.number(health.suppliesOutputWatts(state), 0) + " W")
            .lines());
    return lines;
  }
}
