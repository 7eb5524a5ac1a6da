package io.gpuchassis.agent.console.view;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.WiredPort;
import io.gpuchassis.agent.console.view.TextTable.Column;
import io.gpuchassis.sensor.chassis.SensorIds;
import java.util.Comparator;
import java.util.List;

/**
 * {@code show slots}: one row per slot, empty ones included, with its GPU, health (the GPU's
 * Redfish status), the host it is bound to, its link and the GPU's temperature.
 */
public final class SlotsView {

  private final ConsoleHealth health;

  public SlotsView(ConsoleHealth health) {
    this.health = health;
  }

  public List<String> render(ChassisState state) {
    TextTable table =
        TextTable.of(
            Column.right("Slot"),
            Column.left("Present"),
            Column.flexible("GPU"),
            Column.left("Health"),
            Column.left("Host"),
            Column.left("Link"),
            Column.right("Temp C"));
    state.slots().stream()
        .sorted(Comparator.comparingInt(Slot::number))
        .forEach(
            slot -> {
              if (!slot.occupied()) {
                table.row(
                    slot.number(),
                    "no",
                    "-",
                    "-",
                    Cells.binding(state.binding(slot.number())),
                    "-",
                    "-");
                return;
              }
              WiredPort port = WiredPort.find(state, slot.switchId(), slot.port()).orElseThrow();
              table.row(
                  slot.number(),
                  "yes",
                  slot.gpu().orElseThrow().displayName(),
                  Cells.status(health.gpu(state, slot)),
                  Cells.binding(state.binding(slot.number())),
                  Cells.link(health.link(state, port)),
                  Cells.number(health.value(SensorIds.gpuTemperature(slot.number())), 0));
            });
    return table.lines();
  }
}
