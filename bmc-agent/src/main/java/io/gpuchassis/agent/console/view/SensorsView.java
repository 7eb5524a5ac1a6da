package io.gpuchassis.agent.console.view;

import io.gpuchassis.agent.console.view.TextTable.Column;
import io.gpuchassis.agent.health.ChassisSensor;
import java.util.List;

/**
 * {@code show sensors}: every sensor Redfish lists, with its reading, its Redfish health, the
 * threshold engine's severity and the thresholds watched.
 */
public final class SensorsView {

  private final ConsoleHealth health;

  public SensorsView(ConsoleHealth health) {
    this.health = health;
  }

  public List<String> render() {
    TextTable table = table();
    for (ChassisSensor s : health.catalog().all()) {
      row(table, s, health);
    }
    return table.lines();
  }

  static TextTable table() {
    return TextTable.of(
        Column.left("Sensor"),
        Column.right("Reading"),
        Column.left("Unit"),
        Column.left("Health"),
        Column.left("Severity"),
        Column.flexible("Thresholds"));
  }

  static void row(TextTable table, ChassisSensor s, ConsoleHealth health) {
    table.row(
        s.redfishId(),
        Cells.number(health.value(s.sensorId()), decimals(s.units())),
        s.units(),
        Cells.status(health.sensor(s.sensorId())),
        health.monitor().severity(s.sensorId()).name().toLowerCase(java.util.Locale.ROOT),
        Cells.thresholds(health.monitor().thresholds(s.sensorId())));
  }

  /** Volts and amps need their decimals; degrees, watts and RPM do not. */
  private static int decimals(String units) {
    return units.equals("V") || units.equals("A") ? 2 : units.equals("Cel") ? 1 : 0;
  }
}
