package io.gpuchassis.sensor.chassis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class SensorIdsTest {

  @Test
  void a_gpu_sensor_names_its_slot_and_nothing_else_does() {
    assertEquals(OptionalInt.of(12), SensorIds.slotOfGpuTemperature(SensorIds.gpuTemperature(12)));
    assertEquals(OptionalInt.empty(), SensorIds.slotOfGpuTemperature(SensorIds.gpuPower(12)));
    assertEquals(OptionalInt.of(3), SensorIds.slotOfGpu(SensorIds.gpuPower(3)));
    assertEquals(OptionalInt.of(3), SensorIds.slotOfGpu(SensorIds.gpuTemperature(3)));
    assertEquals(OptionalInt.empty(), SensorIds.slotOfGpu(SensorIds.fanRpm("Fan1")));
    assertEquals(OptionalInt.empty(), SensorIds.slotOfGpu("GPUx.Temperature"));
    assertEquals(OptionalInt.empty(), SensorIds.slotOfGpu(SensorIds.temperature("InletTemp")));
  }

  @Test
  void a_presence_sensor_names_its_slot_and_nothing_else_does() {
    assertEquals(OptionalInt.of(17), SensorIds.slotOfPresence(SensorIds.slotPresent(17)));
    assertEquals(OptionalInt.empty(), SensorIds.slotOfPresence(SensorIds.slotPowerEnabled(17)));
    assertEquals(OptionalInt.empty(), SensorIds.slotOfPresence("Slotx.Present"));
    assertEquals(OptionalInt.empty(), SensorIds.slotOfPresence(SensorIds.gpuTemperature(1)));
  }
}
