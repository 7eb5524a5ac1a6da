package io.gpuchassis.switchdrv.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FaultSpecsTest {

  @Test
  void every_kind_round_trips_through_its_wire_form() {
    List<Fault> all =
        List.of(
            new Fault.LinkDown(3),
            new Fault.LinkFlap(5, Duration.ofMillis(250)),
            new Fault.LinkDegrade(6, 4, 3),
            new Fault.MarginalLink(6, 8, 3),
            new Fault.SurpriseDown(0),
            new Fault.AerStorm(7, 5000),
            new Fault.MrpcTimeout(),
            new Fault.SwitchBusy(),
            new Fault.I2cNak(4),
            new Fault.FirmwareCrcMismatch(),
            new Fault.PowerLossDuringDownload(2048),
            new Fault.FirmwareBootFailure());
    assertEquals(FaultKind.values().length, all.size());
    for (Fault f : all) {
      assertEquals(f, FaultSpecs.parse(f.kind().wireName(), FaultSpecs.parameters(f)));
    }
  }

  @Test
  void defaults_and_errors() {
    assertEquals(
        new Fault.LinkFlap(1, Duration.ofSeconds(1)),
        FaultSpecs.parse("link-flap", Map.of("port", "1")));
    assertEquals(new Fault.I2cNak(0), FaultSpecs.parse("i2c-nak", Map.of()));
    assertThrows(IllegalArgumentException.class, () -> FaultSpecs.parse("link-down", Map.of()));
    assertThrows(
        IllegalArgumentException.class, () -> FaultSpecs.parse("link-down", Map.of("port", "x")));
    assertThrows(IllegalArgumentException.class, () -> FaultSpecs.parse("meteor-strike", Map.of()));
  }
}
