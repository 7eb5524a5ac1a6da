package io.gpuchassis.sensor.sim;

import io.gpuchassis.sensor.layout.SensorLayout;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * What to simulate: the device layout, which slots hold which GPU, and the starting conditions.
 *
 * @param layout where every device sits (the same description the real drivers are wired from)
 * @param gpus the GPUs, by slot; slots not listed are empty
 * @param inletCelsius starting inlet air temperature
 * @param gpuLoad starting utilisation of every GPU, 0-1
 * @param warmStart true to start as after an agent restart, with the devices in the state the
 *     previous run left: occupied slots powered and out of reset, the fan controller configured and
 *     its fans at 60 %; false for a cold start after power-on: every slot off and in reset, every
 *     device at its reset defaults
 * @param thermal physics constants
 */
public record SimulatedSensorBoardConfig(
    SensorLayout layout,
    List<SimulatedGpu> gpus,
    double inletCelsius,
    double gpuLoad,
    boolean warmStart,
    ThermalParameters thermal) {

  public SimulatedSensorBoardConfig {
    gpus = List.copyOf(gpus);
    Set<Integer> seen = new HashSet<>();
    for (SimulatedGpu g : gpus) {
      if (layout.slot(g.slot()).isEmpty()) {
        throw new IllegalArgumentException(
            "GPU in slot " + g.slot() + ", which the layout does not have");
      }
      if (!seen.add(g.slot())) {
        throw new IllegalArgumentException("two GPUs in slot " + g.slot());
      }
    }
    if (gpuLoad < 0 || gpuLoad > 1) {
      throw new IllegalArgumentException("GPU load must be 0-1: " + gpuLoad);
    }
  }

  /**
   * The reference chassis with 16 GPUs of 350 W (slots 5, 10, 15 and 20 empty), 25 °C inlet, 60 %
   * load, warm start.
   */
  public static SimulatedSensorBoardConfig reference() {
    List<SimulatedGpu> gpus =
        IntStream.rangeClosed(1, 20)
            .filter(s -> s % 5 != 0)
            .mapToObj(s -> new SimulatedGpu(s, 350))
            .toList();
    return new SimulatedSensorBoardConfig(
        SensorLayout.reference(), gpus, 25.0, 0.6, true, ThermalParameters.defaults());
  }

  public SimulatedSensorBoardConfig withInletCelsius(double celsius) {
    return new SimulatedSensorBoardConfig(layout, gpus, celsius, gpuLoad, warmStart, thermal);
  }

  public SimulatedSensorBoardConfig withWarmStart(boolean warm) {
    return new SimulatedSensorBoardConfig(layout, gpus, inletCelsius, gpuLoad, warm, thermal);
  }
}
