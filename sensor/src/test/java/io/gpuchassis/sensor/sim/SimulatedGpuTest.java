package io.gpuchassis.sensor.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.pi4j.context.Context;
import io.gpuchassis.sensor.device.gpu.GpuIdentity;
import io.gpuchassis.sensor.device.gpu.PostBoxTiming;
import io.gpuchassis.sensor.device.gpu.SmbpbiPostBox;
import io.gpuchassis.sensor.i2c.I2cDevices;
import io.gpuchassis.sensor.i2c.Pi4jContexts;
import io.gpuchassis.sensor.sim.bus.SimI2cNetwork;
import io.gpuchassis.sensor.sim.bus.SimulatedI2CProvider;
import io.gpuchassis.sensor.sim.device.SimSmbpbiGpu;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class SimulatedGpuTest {

  @Test
  void theTwoArgumentFormGetsAnIdentityFromItsSlot() {
    SimulatedGpu gpu = new SimulatedGpu(3, 300);
    assertEquals("SIM-GPU3", gpu.identity().serialNumber());
    assertEquals("NVIDIA H100 PCIe", gpu.identity().model());
    assertEquals(
        OptionalDouble.of(300.0), gpu.identity().powerLimitWatts(), "the TDP is its power limit");
    assertEquals(SimulatedGpu.defaultIdentity(3, 300), gpu.identity());
  }

  @Test
  void theDefaultSerialIsTheOneTheBoardsGpuDeviceReports() {
    assertEquals(
        new SimSmbpbiGpu("GPU12", 87.0).identity().serialNumber(),
        new SimulatedGpu(12, 350).identity().serialNumber());
    assertEquals(
        new SimSmbpbiGpu("GPU12", 87.0).identity(),
        new SimulatedGpu(12, 350).identity(),
        "at the reference 350 W they are the same card");
  }

  @Test
  void anotherCardHasAnotherSerialNumberAndTheSameRating() {
    SimulatedGpu card =
        new SimulatedGpu(
            1, 350, GpuIdentity.of("NVIDIA H100 PCIe", "1654123000101", 0x10DE, 0x2331, 0x10DE, 1));
    SimulatedGpu other = card.another();
    assertEquals("1654123999901", other.identity().serialNumber());
    assertEquals("1654123888801", other.another().identity().serialNumber());
    assertEquals(card.identity().model(), other.identity().model());
    assertEquals(350, other.tdpWatts());
    assertEquals(1, other.slot());
  }

  @Test
  void itsPostBoxReportsItsIdentity() throws Exception {
    GpuIdentity l4 =
        GpuIdentity.of("NVIDIA L4", "1322823012345", 0x10DE, 0x27B8, 0x10DE, 0x16CA)
            .withMemoryGiB(24)
            .withPowerLimitWatts(72)
            .withPcie(4, 16);
    SimulatedGpu gpu = new SimulatedGpu(9, 72, l4);
    SimSmbpbiGpu postBox = gpu.newSmbpbiGpu(87.0);
    assertEquals("GPU9", postBox.name());

    SimI2cNetwork network = new SimI2cNetwork();
    network.bus(1).attach(0x4F, postBox);
    Context context = Pi4jContexts.withI2c(new SimulatedI2CProvider(network));
    try {
      var driver =
          new SmbpbiPostBox(new I2cDevices(context).device(1, 0x4F), PostBoxTiming.immediate());
      assertEquals(l4, driver.readIdentity());
    } finally {
      context.shutdown();
    }
  }
}
