package io.gpuchassis.sensor.poll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StuckReadingDetectorTest {

  @Test
  void tripsAtExactlyTheNthIdenticalSample() {
    StuckReadingDetector detector = new StuckReadingDetector(5);
    for (int i = 1; i < 5; i++) {
      assertFalse(detector.accept(25.0625), "sample " + i + " of 5");
    }
    assertTrue(detector.accept(25.0625), "the 5th identical sample");
    assertTrue(detector.accept(25.0625), "and it stays stuck");
  }

  @Test
  void anyChangeResetsTheRun() {
    StuckReadingDetector detector = new StuckReadingDetector(3);
    detector.accept(25.0);
    detector.accept(25.0);
    assertFalse(detector.accept(25.0625), "one LSB is a change");
    assertFalse(detector.accept(25.0625));
    assertTrue(detector.accept(25.0625));
    assertFalse(detector.accept(25.0), "valid again at the first change");
    assertFalse(detector.stuck());
  }

  @Test
  void aDitheringSensorNeverTrips() {
    StuckReadingDetector detector = new StuckReadingDetector(3);
    double[] dither = {25.0, 25.0, 25.0625, 24.9375, 24.9375, 25.0, 25.125, 25.125, 25.0625};
    for (double v : dither) {
      assertFalse(detector.accept(v), "two in a row are not three");
    }
  }

  @Test
  void comparesBitsNotRoundedValues() {
    StuckReadingDetector detector = new StuckReadingDetector(2);
    detector.accept(0.0);
    assertFalse(detector.accept(-0.0), "+0 and -0 are different readings");
    assertTrue(detector.accept(-0.0));
  }

  @Test
  void aWindowBelowTwoIsRejected() {
    assertThrows(IllegalArgumentException.class, () -> new StuckReadingDetector(1));
    assertEquals(60, new StuckReadingDetector(StuckReadingDetector.DEFAULT_SAMPLES).samples());
  }
}
