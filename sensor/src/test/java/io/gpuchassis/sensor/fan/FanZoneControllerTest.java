package io.gpuchassis.sensor.fan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.sensor.poll.ReadingStatus;
import java.util.List;
import org.junit.jupiter.api.Test;

class FanZoneControllerTest {

  private static final FanControlSettings SETTINGS =
      FanControlSettings.defaults(); // target 10 °C, 20-100 %
  private static final List<FanStatus> FANS_OK =
      List.of(new FanStatus("Fan1", false), new FanStatus("Fan2", false));

  private static ThermalInput ok(String id, double margin) {
    return new ThermalInput(id, ReadingStatus.OK, margin);
  }

  @Test
  void followsTheHottestMargin() {
    var zone = new FanZoneController(SETTINGS, 50);
    FanDecision d =
        zone.step(List.of(ok("GPU1", 30), ok("GPU2", 4), ok("Inlet1", 20)), FANS_OK, 1.0);
    assertEquals(FanMode.NORMAL, d.mode());
    assertEquals("GPU2", d.hottestSensor().orElseThrow());
    assertEquals(4.0, d.hottestMargin());
    assertTrue(d.dutyPercent() > 50, "6 °C short of the target margin: more air");
  }

  @Test
  void convergesOnAFirstOrderPlant() {
    // plant: more air, more margin: margin = 0.7 × duty - 35, reached with a 20 s lag; margin 10
    // needs 64.3 %
    var zone = new FanZoneController(SETTINGS, 30);
    double margin = 0.7 * 30 - 35;
    FanDecision d = null;
    for (int t = 0; t < 900; t++) {
      d = zone.step(List.of(ok("GPU1", margin)), FANS_OK, 1.0);
      double equilibrium = 0.7 * d.dutyPercent() - 35;
      margin += (equilibrium - margin) * (1 - Math.exp(-1.0 / 20));
    }
    assertEquals(10.0, margin, 0.1);
    assertEquals(45.0 / 0.7, d.dutyPercent(), 0.2);
  }

  @Test
  void saturatesAtMaxDutyWithoutWindingUp() {
    var zone = new FanZoneController(SETTINGS, 50);
    for (int t = 0; t < 600; t++) {
      assertTrue(zone.step(List.of(ok("GPU1", -5)), FANS_OK, 1.0).dutyPercent() <= 100.0);
    }
    assertEquals(100.0, zone.duty());
    // the load goes away: the very next step must already come down (only the slew limit holds it)
    assertEquals(98.0, zone.step(List.of(ok("GPU1", 40)), FANS_OK, 1.0).dutyPercent(), 1e-9);
  }

  @Test
  void neverBelowMinDuty() {
    var zone = new FanZoneController(SETTINGS, 25);
    for (int t = 0; t < 600; t++) {
      zone.step(List.of(ok("GPU1", 60)), FANS_OK, 1.0);
    }
    assertEquals(20.0, zone.duty());
  }

  @Test
  void slewLimitsBothWays() {
    var zone = new FanZoneController(SETTINGS, 50);
    assertEquals(
        60.0, zone.step(List.of(ok("GPU1", -50)), FANS_OK, 1.0).dutyPercent(), 1e-9, "up 10 %/s");
    assertEquals(
        59.0, zone.step(List.of(ok("GPU1", 80)), FANS_OK, 0.5).dutyPercent(), 1e-9, "down 2 %/s");
  }

  @Test
  void fullSpeedAtOnceWhenASensorFailsOrGoesStale() {
    for (ReadingStatus lost : new ReadingStatus[] {ReadingStatus.FAILED, ReadingStatus.STALE}) {
      var zone = new FanZoneController(SETTINGS, 30);
      FanDecision d =
          zone.step(
              List.of(ok("GPU1", 25), new ThermalInput("GPU2", lost, Double.NaN)), FANS_OK, 0.1);
      assertEquals(100.0, d.dutyPercent(), "no slew limit into failsafe");
      assertEquals(FanMode.FAILSAFE_SENSOR_LOSS, d.mode());
      assertEquals(List.of("GPU2"), d.causes());
    }
  }

  @Test
  void fullSpeedWithoutAnyInput() {
    FanDecision d = new FanZoneController(SETTINGS, 30).step(List.of(), FANS_OK, 1.0);
    assertEquals(FanMode.FAILSAFE_SENSOR_LOSS, d.mode());
    assertEquals(100.0, d.dutyPercent());
  }

  @Test
  void fullSpeedWhenAFanFails() {
    var zone = new FanZoneController(SETTINGS, 30);
    FanDecision d =
        zone.step(
            List.of(ok("GPU1", 25)),
            List.of(new FanStatus("Fan1", false), new FanStatus("Fan2", true)),
            1.0);
    assertEquals(100.0, d.dutyPercent());
    assertEquals(FanMode.FAILSAFE_FAN_FAILURE, d.mode());
    assertEquals(List.of("Fan2"), d.causes());
  }

  @Test
  void leavingFailsafeIsBumpless() {
    var zone = new FanZoneController(SETTINGS, 30);
    zone.step(List.of(new ThermalInput("GPU1", ReadingStatus.FAILED, Double.NaN)), FANS_OK, 1.0);
    FanDecision back = zone.step(List.of(ok("GPU1", 30)), FANS_OK, 1.0);
    assertEquals(FanMode.NORMAL, back.mode());
    assertEquals(98.0, back.dutyPercent(), 1e-9, "slews down from full speed instead of dropping");
  }

  @Test
  void anOutsideFloorLiftsTheDutyAtOnce() {
    var zone = new FanZoneController(SETTINGS, 30);
    zone.setFloor(70);
    assertEquals(70.0, zone.step(List.of(ok("GPU1", 40)), FANS_OK, 0.1).dutyPercent());
    zone.setFloor(0);
    assertEquals(69.8, zone.step(List.of(ok("GPU1", 40)), FANS_OK, 0.1).dutyPercent(), 1e-9);
  }
}
