package io.gpuchassis.switchdrv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.switchdrv.sim.FaultHandle;
import io.gpuchassis.switchdrv.sim.SimTiming;
import io.gpuchassis.switchdrv.sim.SimulatedSwitchConfig;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;

/**
 * The faults whose point is a deadline, over every transport: a hung or busy chip, or one that
 * loses power mid-download, is reported within the command's deadline as the right {@link
 * SwitchException.Kind}, and the next call after the fault clears succeeds. Its tests run one at a
 * time, unlike {@link FaultInjectionIT}'s: what they measure is how long a call takes.
 */
class FaultDeadlinesIT {

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
  void power_loss_during_download_keeps_the_running_image_and_recovers(TransportKind kind)
      throws Exception {
    try (SimRig rig = deadlineRig(kind)) {
      byte[] image = FaultInjectionIT.imageForCopy1("9.21 B003", 3000);
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
}
