package io.gpuchassis.sensor.device.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class GpuIdentityTest {

  private static final GpuIdentity BASE =
      GpuIdentity.of("NVIDIA L40S", "1321223001234", 0x10DE, 0x26B9, 0x10DE, 0x1851);

  @Test
  void optionalFieldsStartEmptyAndAreAddedOneByOne() {
    assertTrue(BASE.firmwareVersion().isEmpty());
    assertTrue(BASE.memoryGiB().isEmpty());
    assertTrue(BASE.powerLimitWatts().isEmpty());
    GpuIdentity full =
        BASE.withFirmwareVersion("95.02.66.00.02")
            .withMemoryGiB(48)
            .withPowerLimitWatts(350)
            .withPcie(4, 16);
    assertEquals(
        new GpuIdentity(
            "NVIDIA L40S",
            "1321223001234",
            0x10DE,
            0x26B9,
            0x10DE,
            0x1851,
            Optional.of("95.02.66.00.02"),
            OptionalInt.of(48),
            OptionalDouble.of(350.0),
            OptionalInt.of(4),
            OptionalInt.of(16)),
        full);
  }

  @Test
  void implausibleValuesAreRefused() {
    assertThrows(
        IllegalArgumentException.class, () -> GpuIdentity.of(" ", "S1", 0x10DE, 0x2331, 0x10DE, 1));
    assertThrows(
        IllegalArgumentException.class, () -> GpuIdentity.of("M", "", 0x10DE, 0x2331, 0x10DE, 1));
    assertThrows(
        IllegalArgumentException.class, () -> GpuIdentity.of("M", "S1", 0xFFFF, 0x2331, 0x10DE, 1));
    assertThrows(
        IllegalArgumentException.class, () -> GpuIdentity.of("M", "S1", 0x10DE, 0, 0x10DE, 1));
    assertThrows(
        IllegalArgumentException.class,
        () -> GpuIdentity.of("M", "S1", 0x10DE, 0x2331, 0x10DE, 0x10000));
    assertThrows(IllegalArgumentException.class, () -> BASE.withPcie(7, 16));
    assertThrows(IllegalArgumentException.class, () -> BASE.withPcie(5, 5), "x5 is no link width");
    assertThrows(IllegalArgumentException.class, () -> BASE.withMemoryGiB(0));
    assertThrows(IllegalArgumentException.class, () -> BASE.withPowerLimitWatts(Double.NaN));
    assertThrows(IllegalArgumentException.class, () -> BASE.withFirmwareVersion(""));
  }
}
