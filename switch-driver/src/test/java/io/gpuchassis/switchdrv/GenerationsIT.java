package io.gpuchassis.switchdrv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.switchdrv.command.FirmwareImage;
import io.gpuchassis.switchdrv.sim.Attachment;
import io.gpuchassis.switchdrv.sim.ChipIdentity;
import io.gpuchassis.switchdrv.sim.SimulatedSwitchConfig;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The generation-dependent layouts (command word PAX field, DIETEMP sub-command, LNKSTAT input and
 * record count, PART_INFO sub-command and records, image type codes) over Gen4, Gen5 and Gen6
 * parts.
 */
class GenerationsIT {

  @ParameterizedTest(name = "[{0} 0x{1}]")
  @CsvSource({
    "GEN4, 4000, 4.40 B123, PFX, 100",
    "GEN5, 5184, 6.30 B0A7, PSX, 84",
    "GEN6, 6344, 9.20 B04A, PSX, 144"
  })
  void each_generation_speaks_its_own_layouts(
      Generation gen, String deviceHex, String firmware, String variant, int lanes)
      throws Exception {
    int deviceId = Integer.parseInt(deviceHex, 16);
    SimulatedSwitchConfig cfg =
        SimulatedSwitchConfig.builder(
                new ChipIdentity(
                    0x11F8, deviceId, 77, FirmwareVersion.parse(firmware), "test part", 1))
            .partitions(1)
            .dieTemperature(60.5)
            .port(0, 16, 4, Attachment.host(0))
            .port(9, 8, 4, Attachment.gpu(4, 8))
            .bind(0, 1, 9)
            .build();
    try (SimRig rig = SimRig.start(TransportKind.IN_MEMORY, cfg)) {
      SwitchIdentity id = rig.driver.identity();
      assertEquals(gen, id.generation());
      assertEquals(variant, id.variant());
      assertEquals(lanes, id.lanes());
      assertEquals(1, id.revision());
      assertEquals(60.5, rig.driver.dieTemperatureCelsius(), 1e-9);
      Await.until(
          "links",
          java.time.Duration.ofSeconds(2),
          () -> rig.driver.ports().stream().allMatch(PortStatus::linkUp));
      PortStatus gpu = rig.driver.ports().get(1);
      assertEquals(9, gpu.physicalPort());
      assertEquals(4, gpu.negotiatedGen());
      assertTrue(gpu.ltssm().isL0());
      byte[] image =
          FirmwareImage.build(
              FirmwareType.CFG, gen, FirmwareVersion.parse(firmware), 1, new byte[10]);
      rig.driver.downloadFirmware(image, ProgressListener.NONE);
      rig.driver.activatePartition(FirmwareType.CFG, 1);
      FirmwarePartitions parts = rig.driver.firmwarePartitions();
      assertTrue(parts.find(FirmwareType.CFG, 1).orElseThrow().active());
      assertEquals(gen == Generation.GEN5, parts.find(FirmwareType.RIOT, 0).isPresent());
    }
  }
}
