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
import java.util.EnumSet;
import java.util.Set;

/**
 * Every fault kind over every transport: the driver reports it as a value (link state, counters) or
 * as the right {@link SwitchException.Kind}, never takes longer than its deadline, and the next
 * call after the fault clears succeeds.
 */
class FaultInjectionIT {

  private static final Duration SETTLE = Duration.ofSeconds(2);

  /**
   * The command deadline in the tests of deadlines: short, yet long enough that a busy retry on a
   * loaded machine is not cut short by a slow answer (250 ms was, seen as TIMEOUT instead of BUSY).
   */
  private static final Duration COMMAND_TIMEOUT = Duration.ofMillis(500);

  /** The transports' wait for one answer in the tests of deadlines (the UART console's). */
  private static final Duration TRANSPORT_IO = Duration.ofMillis(500);

  /** Deadline plus one transport I/O timeout of slack. */
  private static final Duration BOUND = COMMAND_TIMEOUT.plusMillis(700);

  /**
   * The busy retries' bound: an exchange begun just before the deadline may take the usual wait for
   * one answer ({@link SimRig#IO}) over a transport whose exchange the deadline does not cut short.
   * A driver that kept retrying past its deadline would still break it.
   */
  private static final Duration BUSY_BOUND = BOUND.plus(SimRig.IO);

  /** The rig's usual timings: a command is not cut short by a machine too busy to answer fast. */
  static SimRig rig(TransportKind kind) throws Exception {
    return SimRig.start(
        kind, SimulatedSwitchConfig.referenceChip(0x6a1c0001L, 3, SimTiming.fast()), SimRig.FAST);
  }

  /** The short command deadline, only for the tests that check a failure is reported within it. */
  static SimRig deadlineRig(TransportKind kind) throws Exception {
    return SimRig.start(
        kind,
        SimulatedSwitchConfig.referenceChip(0x6a1c0001L, 3, SimTiming.fast()),
        SimRig.FAST.withCommandTimeout(COMMAND_TIMEOUT),
        TRANSPORT_IO);
  }

  /**
   * The short command deadline with the usual wait for one answer, for the busy retries: their
   * point is what happens at the deadline, not how long one answer may take (beside CPU hogs and
   * other builds, a first read slower than half a second failed the test before the fault was on).
   */
  static SimRig busyRig(TransportKind kind) throws Exception {
    return SimRig.start(
        kind,
        SimulatedSwitchConfig.referenceChip(0x6a1c0001L, 3, SimTiming.fast()),
        SimRig.FAST.withCommandTimeout(COMMAND_TIMEOUT));
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
  void mrpc_timeout_is_reported_within_the_deadline_and_recovers(TransportKind kind)
      throws Exception {
    try (SimRig rig = deadlineRig(kind)) {
      rig.driver.identity();
      FaultHandle f = rig.sim.faults().mrpcTimeout();
      Await.Timed<SwitchException> t = Await.failure(rig.driver::dieTemperatureCelsius);
      assertEquals(SwitchException.Kind.TIMEOUT, t.value().kind(), t.value().getMessage());
      assertTrue(t.elapsed().compareTo(BOUND) < 0, "took " + t.elapsed());
      // still hung: the next call is refused within its deadline as well, never wedges
      Await.Timed<SwitchException> again = Await.failure(rig.driver::dieTemperatureCelsius);
      assertTrue(
          again.value().kind() == SwitchException.Kind.TIMEOUT
              || again.value().kind() == SwitchException.Kind.BUSY,
          again.value().getMessage());
      assertTrue(again.elapsed().compareTo(BOUND) < 0, "took " + again.elapsed());
      f.clear();
      assertEquals(45.0, rig.driver.dieTemperatureCelsius(), 1e-9);
      assertEquals(9, rig.driver.ports().size());
    }
  }

  @TestAllTransports
  void switch_busy_is_retried_then_reported_busy_and_recovers(TransportKind kind) throws Exception {
    try (SimRig rig = busyRig(kind)) {
      rig.driver.identity();
      FaultHandle f = rig.sim.faults().switchBusy();
      Await.Timed<SwitchException> t = Await.failure(rig.driver::dieTemperatureCelsius);
      assertEquals(SwitchException.Kind.BUSY, t.value().kind());
      assertEquals(0x64002, t.value().firmwareCode().getAsLong());
      assertTrue(
          t.elapsed().compareTo(COMMAND_TIMEOUT.minusMillis(60)) > 0, "retried with back-off");
      assertTrue(t.elapsed().compareTo(BUSY_BOUND) < 0, "took " + t.elapsed());
      f.clear();
      assertEquals(45.0, rig.driver.dieTemperatureCelsius(), 1e-9);
    }
  }

  /**
   * Over every transport, activating a partition on a busy switch is BUSY: its partition read is
   * retried until the deadline (that the toggle itself is never re-submitted on a busy answer is
   * RetryingMrpcEngineTest's, as the switch is busy for every command here).
   */
  @TestAllTransports
  void activating_a_partition_on_a_busy_switch_is_busy(TransportKind kind) throws Exception {
    try (SimRig rig = busyRig(kind)) {
      rig.driver.identity();
      FaultHandle f = rig.sim.faults().switchBusy();
      Await.Timed<SwitchException> toggle =
          Await.failure(() -> rig.driver.activatePartition(FirmwareType.IMG, 1));
      assertEquals(SwitchException.Kind.BUSY, toggle.value().kind());
      assertEquals(0x64002, toggle.value().firmwareCode().getAsLong());
      f.clear();
      assertEquals(45.0, rig.driver.dieTemperatureCelsius(), 1e-9);
    }
  }

  @TestAllTransports
  void firmware_crc_mismatch_fails_the_download_and_a_clean_retry_succeeds(TransportKind kind)
      throws Exception {
    try (SimRig rig = rig(kind)) {
      byte[] image =
          FirmwareImage.build(
              FirmwareType.IMG,
              Generation.GEN6,
              FirmwareVersion.parse("9.21 B002"),
              1,
              new byte[1500]);
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
  void power_loss_during_download_keeps_the_running_image_and_recovers(TransportKind kind)
      throws Exception {
    try (SimRig rig = deadlineRig(kind)) {
      byte[] image =
          FirmwareImage.build(
              FirmwareType.IMG,
              Generation.GEN6,
              FirmwareVersion.parse("9.21 B003"),
              1,
              new byte[3000]);
      long bootsBefore = rig.sim.boots();
      rig.sim.faults().powerLossDuringDownload(2000);
      Set<SwitchException.Kind> chipGone =
          EnumSet.of(
              SwitchException.Kind.IO, SwitchException.Kind.NAK, SwitchException.Kind.TIMEOUT);
      Await.Timed<SwitchException> t =
          Await.failure(() -> rig.driver.downloadFirmware(image, ProgressListener.NONE));
      assertTrue(chipGone.contains(t.value().kind()), t.value().toString());
      assertTrue(t.elapsed().compareTo(Duration.ofSeconds(3)) < 0, "took " + t.elapsed());
      assertEquals(bootsBefore + 1, rig.sim.boots());
      assertTrue(rig.sim.faults().active().isEmpty(), "one-shot fault fired");
      FirmwarePartitions parts = Await.succeeds(SETTLE, rig.driver::firmwarePartitions);
      assertFalse(
          parts.find(FirmwareType.IMG, 1).orElseThrow().valid(), "half-written copy is invalid");
      FirmwarePartition running = parts.find(FirmwareType.IMG, 0).orElseThrow();
      assertTrue(running.valid() && running.active() && running.running());
      rig.driver.downloadFirmware(image, ProgressListener.NONE);
      assertTrue(rig.driver.firmwarePartitions().find(FirmwareType.IMG, 1).orElseThrow().valid());
      assertEquals("9.20 B04A", rig.driver.identity().firmwareVersion().toString());
    }
  }

  @TestAllTransports
  void an_image_that_does_not_boot_leaves_the_chip_on_the_copy_it_ran_before(TransportKind kind)
      throws Exception {
    try (SimRig rig = rig(kind)) {
      byte[] image =
          FirmwareImage.build(
              FirmwareType.IMG,
              Generation.GEN6,
              FirmwareVersion.parse("9.21 B004"),
              1,
              new byte[1200]);
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
      byte[] image =
          FirmwareImage.build(
              FirmwareType.IMG,
              Generation.GEN6,
              FirmwareVersion.parse("9.21 B005"),
              1,
              new byte[1100]);
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
