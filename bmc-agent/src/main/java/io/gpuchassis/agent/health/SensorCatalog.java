package io.gpuchassis.agent.health;

import io.gpuchassis.sensor.chassis.SensorIds;
import io.gpuchassis.sensor.layout.FanControllerSpec;
import io.gpuchassis.sensor.layout.FanSpec;
import io.gpuchassis.sensor.layout.PowerMonitorSpec;
import io.gpuchassis.sensor.layout.PsuSpec;
import io.gpuchassis.sensor.layout.SensorLayout;
import io.gpuchassis.sensor.layout.TemperatureSensorSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The sensors a chassis shows through Redfish, in a stable order, from its sensor layout. */
public final class SensorCatalog {

  /**
   * The device that answers for the fan speeds: the board's fan controller (it carries this id in
   * every board).
   */
  public static final String FAN_CONTROLLER = "FanController";

  private final List<ChassisSensor> sensors;

  public SensorCatalog(SensorLayout layout, Set<Integer> gpuSlots) {
    List<ChassisSensor> all = new ArrayList<>();
    for (TemperatureSensorSpec t : layout.temperatureSensors()) {
      String context =
          switch (t.placement()) {
            case INLET -> "Intake";
            case EXHAUST -> "Exhaust";
            case BOARD -> "Backplane";
          };
      all.add(sensor(SensorIds.temperature(t.id()), "Temperature", context, t.id()));
    }
    for (PsuSpec p : layout.psus()) {
      all.add(sensor(SensorIds.psuInputVolts(p.id()), "Voltage", "PowerSupply", p.id()));
      all.add(sensor(SensorIds.psuOutputVolts(p.id()), "Voltage", "PowerSupply", p.id()));
      all.add(sensor(SensorIds.psuOutputAmps(p.id()), "Current", "PowerSupply", p.id()));
      all.add(sensor(SensorIds.psuOutputWatts(p.id()), "Power", "PowerSupply", p.id()));
      all.add(sensor(SensorIds.psuTemperature(p.id()), "Temperature", "PowerSupply", p.id()));
      all.add(sensor(SensorIds.psuFanRpm(p.id()), "Rotational", "PowerSupply", p.id()));
    }
    for (PowerMonitorSpec m : layout.powerMonitors()) {
      all.add(sensor(SensorIds.railVolts(m.id()), "Voltage", "VoltageRegulator", m.id()));
      all.add(sensor(SensorIds.railAmps(m.id()), "Current", "VoltageRegulator", m.id()));
      all.add(sensor(SensorIds.railWatts(m.id()), "Power", "VoltageRegulator", m.id()));
    }
    for (FanSpec f : layout.fanController().map(FanControllerSpec::fans).orElse(List.of())) {
      all.add(sensor(SensorIds.fanRpm(f.id()), "Rotational", "Fan", FAN_CONTROLLER));
    }
    gpuSlots.stream()
        .sorted()
        .forEach(
            slot -> {
              all.add(sensor(SensorIds.gpuTemperature(slot), "Temperature", "GPU", "GPU" + slot));
              all.add(sensor(SensorIds.gpuPower(slot), "Power", "GPU", "GPU" + slot));
            });
    this.sensors = List.copyOf(all);
  }

  public List<ChassisSensor> all() {
    return sensors;
  }

  public Optional<ChassisSensor> byRedfishId(String id) {
    return sensors.stream().filter(s -> s.redfishId().equals(id)).findFirst();
  }

  public Optional<ChassisSensor> bySensorId(String id) {
    return sensors.stream().filter(s -> s.sensorId().equals(id)).findFirst();
  }

  private static ChassisSensor sensor(String sensorId, String type, String context, String device) {
    String units =
        switch (type) {
          case "Temperature" -> "Cel";
          case "Power" -> "W";
          case "Voltage" -> "V";
          case "Current" -> "A";
          default -> "RPM";
        };
    return new ChassisSensor(
        ChassisSensor.redfishIdOf(sensorId), sensorId, type, units, context, device);
  }
}
