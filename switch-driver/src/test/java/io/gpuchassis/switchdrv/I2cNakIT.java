package io.gpuchassis.switchdrv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.switchdrv.sim.FaultHandle;
import io.gpuchassis.switchdrv.sim.SimTiming;
import io.gpuchassis.switchdrv.sim.SimulatedSwitchConfig;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The I2C NAK fault only exists on the I2C transport. */
class I2cNakIT {

  static SimRig rig() throws Exception {
    return SimRig.start(
        TransportKind.I2C, SimulatedSwitchConfig.referenceChip(1, 3, SimTiming.fast()));
  }

  @Test
  void a_slave_that_keeps_nakking_is_reported_as_nak_and_recovers() throws Exception {
    try (SimRig rig = rig()) {
      rig.driver.identity();
      FaultHandle f = rig.sim.faults().i2cNak();
      Await.Timed<SwitchException> t = Await.failure(rig.driver::dieTemperatureCelsius);
      assertEquals(SwitchException.Kind.NAK, t.value().kind());
      assertTrue(t.elapsed().compareTo(Duration.ofSeconds(1)) < 0, "took " + t.elapsed());
      f.clear();
      assertEquals(45.0, rig.driver.dieTemperatureCelsius(), 1e-9);
    }
  }

  @Test
  void a_few_nakked_transactions_are_hidden_by_retries() throws Exception {
    try (SimRig rig = rig()) {
      rig.driver.identity();
      FaultHandle f = rig.sim.faults().i2cNak(5);
      assertEquals(45.0, rig.driver.dieTemperatureCelsius(), 1e-9);
      assertTrue(!f.active(), "all five NAKs consumed");
    }
  }
}
