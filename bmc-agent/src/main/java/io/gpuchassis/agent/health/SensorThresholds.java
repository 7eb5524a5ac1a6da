package io.gpuchassis.agent.health;

import io.gpuchassis.sensor.chassis.SensorIds;
import io.gpuchassis.sensor.layout.FanControllerSpec;
import io.gpuchassis.sensor.layout.FanSpec;
import io.gpuchassis.sensor.layout.Placement;
import io.gpuchassis.sensor.layout.PsuSpec;
import io.gpuchassis.sensor.layout.SensorLayout;
import io.gpuchassis.sensor.layout.TemperatureSensorSpec;
import io.gpuchassis.sensor.threshold.Debounce;
import io.gpuchassis.sensor.threshold.Thresholds;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The thresholds the agent watches, by sensor. The values follow datacenter GPU and CRPS practice:
 * a GPU slows itself near 85-90 °C, so caution at 80 leaves the fans room to act first; fatal at 95
 * is where the card shuts down by itself. A fan below 500 RPM has stalled. Every level needs two
 * samples in a row to assert and to clear, so one noisy read never raises an event.
 */
public final class SensorThresholds {

  public static final Thresholds GPU_TEMPERATURE =
      Thresholds.builder().upperCaution(80).upperCritical(88).upperFatal(95).hysteresis(2).build();
  public static final Thresholds INLET_TEMPERATURE =
      Thresholds.builder().upperCaution(35).upperCritical(40).upperFatal(45).hysteresis(1).build();
  public static final Thresholds EXHAUST_TEMPERATURE =
      Thresholds.builder().upperCaution(55).upperCritical(65).upperFatal(75).hysteresis(2).build();
  public static final Thresholds BOARD_TEMPERATURE =
      Thresholds.builder().upperCaution(60).upperCritical(70).upperFatal(80).hysteresis(2).build();
  public static final Thresholds PSU_TEMPERATURE =
      Thresholds.builder().upperCaution(60).upperCritical(70).upperFatal(80).hysteresis(2).build();
  public static final Thresholds FAN_SPEED =
      Thresholds.builder().lowerCaution(1000).lowerCritical(500).hysteresis(100).build();

  /** A fan below this speed counts as failed for the fan loop (full speed on the others). */
  public static final double FAN_STALL_RPM = 500;

  public static final Debounce DEBOUNCE = Debounce.samples(2);

  private SensorThresholds() {}

  /**
   * Every watched sensor of the layout with its thresholds; GPU temperatures only for {@code
   * gpuSlots}.
   */
  public static Map<String, Thresholds> of(SensorLayout layout, Set<Integer> gpuSlots) {
    Map<String, Thresholds> all = new LinkedHashMap<>();
    for (TemperatureSensorSpec t : layout.temperatureSensors()) {
      all.put(SensorIds.temperature(t.id()), forPlacement(t.placement()));
    }
    for (PsuSpec p : layout.psus()) {
      all.put(SensorIds.psuTemperature(p.id()), PSU_TEMPERATURE);
    }
    for (FanSpec f : layout.fanController().map(FanControllerSpec::fans).orElse(List.of())) {
      all.put(SensorIds.fanRpm(f.id()), FAN_SPEED);
    }
    gpuSlots.stream()
        .sorted()
        .forEach(slot -> all.put(SensorIds.gpuTemperature(slot), GPU_TEMPERATURE));
    return all;
  }

  private static Thresholds forPlacement(Placement placement) {
    return switch (placement) {
      case INLET -> INLET_TEMPERATURE;
      case EXHAUST -> EXHAUST_TEMPERATURE;
      case BOARD -> BOARD_TEMPERATURE;
    };
  }
}
