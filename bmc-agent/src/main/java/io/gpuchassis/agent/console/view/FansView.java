package io.gpuchassis.agent.console.view;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Fan;
import io.gpuchassis.agent.console.view.TextTable.Column;
import io.gpuchassis.sensor.chassis.SensorIds;
import java.util.ArrayList;
import java.util.List;

/** {@code show fans}: each fan's speed and health, then what the fan loop decided last and why. */
public final class FansView {

  private final ConsoleHealth health;

  public FansView(ConsoleHealth health) {
    this.health = health;
  }

  public List<String> render(ChassisState state) {
    TextTable table =
        TextTable.of(
            Column.left("Fan"),
            Column.right("RPM"),
            Column.right("Max RPM"),
            Column.right("% of max"),
            Column.left("Health"),
            Column.flexible("Thresholds"));
    for (Fan fan : state.fans()) {
      String id = SensorIds.fanRpm(fan.id());
      Double rpm = health.value(id);
      table.row(
          fan.id(),
          Cells.number(rpm, 0),
          fan.maxRpm(),
          rpm == null || fan.maxRpm() <= 0 ? "-" : Cells.number(100 * rpm / fan.maxRpm(), 0),
          Cells.status(health.sensor(id)),
          Cells.thresholds(health.monitor().thresholds(id)));
    }
    List<String> lines = new ArrayList<>(table.lines());
    lines.add("");
    lines.addAll(
        new Fields()
            .add("Fans health", Cells.health(health.fans(state)))
            .add(
                "Fan control",
                health
                    .monitor()
                    .fanDecision()
                    .map(
                        d ->
                            d.mode()
                                + ", duty "
                                + Cells.number(d.dutyPercent(), 0)
                                + " %"
                                + d.hottestSensor().map(s -> ", hottest " + s).orElse("")
                                + (d.causes().isEmpty()
                                    ? ""
                                    : ", failsafe for " + String.join(" ", d.causes())))
                    .orElse("no decision yet"))
            .lines());
    return lines;
  }
}
