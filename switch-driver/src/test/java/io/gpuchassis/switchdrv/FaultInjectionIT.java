package io.gpuchassis.switchdrv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.switchdrv.command.DownloadStatus;
import io.gpuchassis.switchdrv.command.FirmwareImage;
import io.gpuchassis.switchdrv.sim.FaultHandle;
import io.gpuchassis.switchdrv.sim.FaultKind;
import io.gpuchassis.switchdrv.sim.SimTiming;
import io.gpuchassis.switchdrv.sim.SimulatedSwitchConfig;
import java.time.Duration;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Every fault kind over every transport: the driver reports it as a value (link state, counters) or
 * as the right {@link SwitchException.Kind}, and the next call after the fault clears succeeds. The
 * faults whose point is a deadline are {@link FaultDeadlinesIT}'s. Each test has a rig of its own
 * and mostly waits on simulated links, so the tests run side by side.
 */
@Execution(ExecutionMode.CONCURRENT)
class FaultInjectionIT {

  private static final Duration SETTLE = Duration.ofSeconds(2);

  /** The rig's usual timings: a command is not cut short by a machine too busy to answer fast. */
  static SimRig rig(TransportKind kind) throws Exception {
    return SimRig.start(
        kind, SimulatedSwitchConfig.referenceChip(0x6a1c0001L, 3, SimTiming.fast()), SimRig.FAST);
  }

  /** A Gen6 firmware image for the second IMG copy, its body {@code bodyBytes} of zeros. */
  static byte[] imageForCopy1(String version, int bodyBytes) {
    return FirmwareImage.build(
        FirmwareType.IMG, Generation.GEN6, FirmwareVersion.parse(version), 1, new byte[bodyBytes]);
  }

  static PortStatus port(SwitchDriver d, int phys) {
    return SwitchDriverContractIT.port(d, phys);
  }

  @TestAllTransports
  void link_down_shows_the_port_down_until_cleared(TransportKind kind) throws Exception {
    try (SimRig rig = rig(kind)) {
      Await.until("ISL up", SETTLE, () -> port(rig.driver, 7).linkUp());
      try (FaultHandle f = rig.sim.faults().linkDown(7)) {
        assertEquals(FaultKind.LINK_DOWN, f.fault().kind());
        PortStatus p = port(rig.driver, 7);
        assertFalse(p.linkUp());
        assertEquals(0, p.negotiatedWidth());
        assertFalse(p.ltssm().isL0());
      }
      Await.until("link retrained", SETTLE, () -> port(rig.driver, 7).linkUp());
    }
  }

  @TestAllTransports
  void link_flap_drops_the_link_repeatedly_and_counts_errors(TransportKind kind) throws Exception {
    try (SimRig rig = rig(kind)) {
      Await.until("host up", SETTLE, () -> port(rig.driver, 5).linkUp());
      assertEquals(0, rig.driver.counters(5).receiverErrors());
      FaultHandle f = rig.sim.faults().linkFlap(5, Duration.ofMillis(40));
      Await.until("seen down", SETTLE, () -> !port(rig.driver, 5).linkUp());
      Await.until("seen up again while flapping", SETTLE, () -> port(rig.driver, 5).linkUp());
      PortCounters c = rig.driver.counters(5);
      assertTrue(c.receiverErrors() > 0 && c.badDllp() > 0 && c.badTlp() > 0, c.toString());
      assertTrue(c.correctable() >= c.receiverErrors() + c.badDllp() + c.badTlp());
      f.clear();
      Await.until("stable after clear", SETTLE, () -> port(rig.driver, 5).linkUp());
      long settled = rig.driver.counters(5).receiverErrors();
      Await.sleep(60);
      assertTrue(port(rig.driver, 5).linkUp());
      assertEquals(settled, rig.driver.counters(5).receiverErrors(), "no new errors once cleared");
    }
  }

  @TestAllTransports
  void link_degrade_narrows_width_and_speed(TransportKind kind) throws Exception {
    try (SimRig rig = rig(kind)) {
      Await.until("host up", SETTLE, () -> port(rig.driver, 6).linkUp());
      try (FaultHandle f = rig.sim.faults().linkDegrade(6, 4, 3)) {
        PortStatus p = port(rig.driver, 6);
        assertTrue(p.linkUp());
        assertEquals(4, p.negotiatedWidth());
        assertEquals(3, p.negotiatedGen());
        assertTrue(p.degraded());
        assertTrue(f.active());
      }
      Await.until("full width again", SETTLE, () -> port(rig.driver, 6).negotiatedWidth() == 16);
      assertFalse(port(rig.driver, 6).degraded());
    }
  }

  @TestAllTransports
  void a_marginal_link_trains_narrow_until_port_control_retrains_it_while_a_degraded_one_stays(
      TransportKind kind) throws Exception {
    try (SimRig rig = rig(kind)) {
      Await.until("host up", SETTLE, () -> port(rig.driver, 6).linkUp());
      try (FaultHandle marginal = rig.sim.faults().marginalLink(6, 8, 3)) {
        assertEquals(8, port(rig.driver, 6).negotiatedWidth(), "narrow until retrained");
        rig.driver.resetPort(6);
        Await.until(
            "retrained at full width",
            SETTLE,
            () -> port(rig.driver, 6).linkUp() && port(rig.driver, 6).negotiatedWidth() == 16);
        assertTrue(marginal.active(), "healed by the retrain, not by clearing the fault");
      }
      try (FaultHandle degraded = rig.sim.faults().linkDegrade(6, 4, 3)) {
        rig.driver.resetPort(6);
        Await.until("retrained", SETTLE, () -> port(rig.driver, 6).linkUp());
        assertEquals(4, port(rig.driver, 6).negotiatedWidth(), "a bad link stays bad");
      }
    }
  }

  @TestAllTransports
  void surprise_down_drops_the_link_and_counts_one_uncorrectable_error(TransportKind kind)
      throws Exception {
    try (SimRig rig = rig(kind)) {
      rig.driver.bind(0, 1, 0);
      Await.until("GPU up", SETTLE, () -> port(rig.driver, 0).linkUp());
      assertEquals(0, rig.driver.counters(0).surpriseDown());
      try (FaultHandle f = rig.sim.faults().surpriseDown(0)) {
        assertFalse(port(rig.driver, 0).linkUp());
        PortCounters c = rig.driver.counters(0);
        assertEquals(1, c.surpriseDown());
        assertEquals(1, c.uncorrectable());
        assertEquals(0, c.correctable());
        assertTrue(
            rig.driver.bindings().get(0).bound(),
            "still bound: the device vanished, not the binding");
        assertTrue(f.active());
      }
      Await.until("GPU back", SETTLE, () -> port(rig.driver, 0).linkUp());
    }
  }

  @TestAllTransports
  void aer_storm_raises_correctable_counters_until_cleared(TransportKind kind) throws Exception {
    try (SimRig rig = rig(kind)) {
      assertEquals(0, rig.driver.counters(7).correctable());
      FaultHandle f = rig.sim.faults().aerStorm(7, 100_000);
      Await.until("errors counted", SETTLE, () -> rig.driver.counters(7).badDllp() > 100);
      PortCounters c = rig.driver.counters(7);
      assertTrue(c.receiverErrors() > c.badTlp() && c.badTlp() > c.badDllp(), c.toString());
      assertEquals(0, c.uncorrectable());
      assertEquals(0, rig.driver.counters(8).correctable(), "other ports unaffected");
      f.clear();
      long after = rig.driver.counters(7).correctable();
      Await.sleep(20);
      assertEquals(after, rig.driver.counters(7).correctable());
    }
  }

  @TestAllTransports
  void firmware_crc_mismatch_fails_the_download_and_a_clean_retry_succeeds(TransportKind kind)
      throws Exception {
    try (SimRig rig = rig(kind)) {
      byte[] image = imageForCopy1("9.21 B002", 1500);
      FaultHandle f = rig.sim.faults().firmwareCrcMismatch();
      SwitchException e =
          assertThrows(
              SwitchException.class,
              () -> rig.driver.downloadFirmware(image, ProgressListener.NONE));
      assertEquals(SwitchException.Kind.DEVICE_ERROR, e.kind());
      assertEquals(DownloadStatus.DL_CRC_INCORRECT, e.firmwareCode().getAsLong());
      FirmwarePartitions parts = rig.driver.firmwarePartitions();
      assertFalse(parts.find(FirmwareType.IMG, 1).orElseThrow().valid());
      assertTrue(parts.find(FirmwareType.IMG, 0).orElseThrow().running());
      f.clear();
      rig.driver.downloadFirmware(image, ProgressListener.NONE);
      assertTrue(rig.driver.firmwarePartitions().find(FirmwareType.IMG, 1).orElseThrow().valid());
    }
  }

  @TestAllTransports
  void an_image_that_does_not_boot_leaves_the_chip_on_the_copy_it_ran_before(TransportKind kind)
      throws Exception {
    try (SimRig rig = rig(kind)) {
      byte[] image = imageForCopy1("9.21 B004", 1200);
      rig.driver.downloadFirmware(image, ProgressListener.NONE);
      rig.driver.activatePartition(FirmwareType.IMG, 1);
      FaultHandle f = rig.sim.faults().firmwareBootFailure();
      rig.driver.resetSwitch();
      assertEquals(
          "9.20 B04A", rig.driver.identity().firmwareVersion().toString(), "the old image runs");
      FirmwarePartitions parts = rig.driver.firmwarePartitions();
      assertTrue(parts.find(FirmwareType.IMG, 0).orElseThrow().running());
      assertTrue(
          parts.find(FirmwareType.IMG, 1).orElseThrow().active(),
          "the failed copy is still marked active");
      f.clear();
      rig.driver.resetSwitch();
      assertEquals(
          "9.21 B004",
          rig.driver.identity().firmwareVersion().toString(),
          "boots once the fault is gone");
    }
  }

  @TestAllTransports
  void the_copy_that_runs_is_never_erased_by_a_download(TransportKind kind) throws Exception {
    try (SimRig rig = rig(kind)) {
      byte[] image = imageForCopy1("9.21 B005", 1100);
      rig.driver.downloadFirmware(image, ProgressListener.NONE);
      rig.driver.activatePartition(FirmwareType.IMG, 1);
      // Copy 1 boots next, copy 0 still runs: a second download would land on the running copy.
      SwitchException e =
          assertThrows(
              SwitchException.class,
              () -> rig.driver.downloadFirmware(image, ProgressListener.NONE));
      assertEquals(DownloadStatus.DL_RUNNING_PARTITION, e.firmwareCode().getAsLong());
      FirmwarePartition running =
          rig.driver.firmwarePartitions().find(FirmwareType.IMG, 0).orElseThrow();
      assertTrue(running.valid() && running.running(), "the running copy is intact");
    }
  }
}
