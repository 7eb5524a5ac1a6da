package io.gpuchassis.switchdrv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.switchdrv.command.FirmwareImage;
import io.gpuchassis.switchdrv.mrpc.FirmwareErrors;
import io.gpuchassis.switchdrv.sim.Attachment;
import io.gpuchassis.switchdrv.sim.ChipIdentity;
import io.gpuchassis.switchdrv.sim.SimTiming;
import io.gpuchassis.switchdrv.sim.SimulatedSwitchConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The driver's behaviour, specified once and run over every transport (in memory, MoE/TCP with
 * whole MRPCs, MoE/TCP as a GAS link, I2C through Pi4J, UART console over a pty served by
 * PtyConsole, the kernel char-device protocol on a simulated device node). Each test has a rig of
 * its own, so the tests run side by side.
 */
@Execution(ExecutionMode.CONCURRENT)
class SwitchDriverContractIT {

  private static final Duration SETTLE = Duration.ofSeconds(2);

  static SimulatedSwitchConfig reference() {
    return SimulatedSwitchConfig.referenceChip(0x6a1c0001L, 3, SimTiming.fast());
  }

  static PortStatus port(SwitchDriver d, int phys) {
    return d.ports().stream().filter(p -> p.physicalPort() == phys).findFirst().orElseThrow();
  }

  @TestAllTransports
  void identity_reports_the_configured_chip(TransportKind kind) throws Exception {
    try (SimRig rig = SimRig.start(kind, reference())) {
      SwitchIdentity id = rig.driver.identity();
      assertEquals(0x11F8, id.vendorId());
      assertEquals(0x6260, id.deviceId());
      assertEquals(Generation.GEN6, id.generation());
      assertEquals("PFX", id.variant());
      assertEquals(160, id.lanes());
      assertEquals(0x6a1c0001L, id.serialNumber());
      assertEquals("9.20 B04A", id.firmwareVersion().toString());
      assertEquals(BootPhase.MAIN_FIRMWARE, id.bootPhase());
      assertEquals("PFX 160xG6", id.productId());
    }
  }

  @TestAllTransports
  void die_temperature_is_the_mean_of_the_sensors(TransportKind kind) throws Exception {
    SimulatedSwitchConfig cfg =
        SimulatedSwitchConfig.builder(ChipIdentity.pfx160Gen6(1))
            .dieTemperature(51.25)
            .port(0, 16, 5, Attachment.host(0))
            .build();
    try (SimRig rig = SimRig.start(kind, cfg)) {
      assertEquals(51.25, rig.driver.dieTemperatureCelsius(), 1e-9);
    }
  }

  @TestAllTransports
  void ports_report_hosts_links_and_empty_slots(TransportKind kind) throws Exception {
    try (SimRig rig = SimRig.start(kind, reference())) {
      Await.until("host links trained", SETTLE, () -> port(rig.driver, 5).linkUp());
      List<PortStatus> ports = rig.driver.ports();
      assertEquals(9, ports.size());
      PortStatus host = ports.get(5);
      assertTrue(host.upstream());
      assertEquals(OptionalInt.of(0), host.partition());
      assertEquals(5, host.negotiatedGen());
      assertEquals(16, host.negotiatedWidth());
      assertEquals(5, host.maxGen());
      assertEquals(16, host.maxWidth());
      assertTrue(host.ltssm().isL0());
      assertFalse(host.degraded());
      assertEquals(OptionalInt.of(1), ports.get(6).partition());
      assertTrue(ports.get(7).linkUp(), "inter-switch link");
      PortStatus slot = ports.get(0);
      assertFalse(slot.linkUp(), "an unbound GPU slot is held down");
      assertEquals(OptionalInt.empty(), slot.partition());
      assertEquals(0, slot.negotiatedWidth());
    }
  }

  @TestAllTransports
  void bind_trains_the_gpu_link_into_the_host_partition(TransportKind kind) throws Exception {
    try (SimRig rig = SimRig.start(kind, reference())) {
      rig.driver.bind(1, 3, 2);
      Binding b =
          rig.driver.bindings().stream()
              .filter(x -> x.physicalPort() == 2)
              .findFirst()
              .orElseThrow();
      assertEquals(new Binding(2, 1, 3, BindState.BOUND), b);
      Partition p1 = rig.driver.partitions().get(1);
      assertEquals(OptionalInt.of(6), p1.upstreamPort());
      assertEquals(List.of(b), p1.bindings());
      assertTrue(rig.driver.partitions().get(0).bindings().isEmpty());
      Await.until("GPU link up", SETTLE, () -> port(rig.driver, 2).linkUp());
      PortStatus gpu = port(rig.driver, 2);
      assertEquals(OptionalInt.of(1), gpu.partition());
      assertEquals(3, gpu.logicalPort());
      assertEquals(16, gpu.negotiatedWidth());
    }
  }

  @TestAllTransports
  void a_gpu_below_the_slot_trains_at_its_own_limits(TransportKind kind) throws Exception {
    SimulatedSwitchConfig cfg =
        SimulatedSwitchConfig.builder(ChipIdentity.pfx160Gen6(2))
            .partitions(1)
            .port(0, 16, 5, Attachment.gpu(4, 8))
            .port(1, 16, 5, Attachment.host(0))
            .bind(0, 1, 0)
            .build();
    try (SimRig rig = SimRig.start(kind, cfg)) {
      Await.until("GPU link up", SETTLE, () -> port(rig.driver, 0).linkUp());
      PortStatus p = port(rig.driver, 0);
      assertEquals(4, p.negotiatedGen());
      assertEquals(8, p.negotiatedWidth());
      assertTrue(p.degraded());
      assertEquals(8 * 1969, p.bandwidthMBps());
    }
  }

  @TestAllTransports
  void refused_binds_carry_the_firmware_code(TransportKind kind) throws Exception {
    try (SimRig rig = SimRig.start(kind, reference())) {
      rig.driver.bind(0, 1, 0);
      assertEquals(0x1, code(() -> rig.driver.bind(1, 2, 0)), "physical port already bound");
      assertEquals(0x2, code(() -> rig.driver.bind(0, 1, 1)), "logical port taken");
      assertEquals(0x3, code(() -> rig.driver.bind(5, 1, 1)), "no such partition");
      assertEquals(0x4, code(() -> rig.driver.bind(0, 2, 19)), "no such physical port");
      assertEquals(0x8, code(() -> rig.driver.bind(0, 2, 5)), "target is an upstream port");
      assertEquals(0xB, code(() -> rig.driver.unbind(1, 9)), "nothing bound there");
    }
  }

  @TestAllTransports
  void connector_gpios_owned_by_the_switch_are_read_and_driven(TransportKind kind)
      throws Exception {
    SimulatedSwitchConfig cfg =
        SimulatedSwitchConfig.builder(ChipIdentity.pfx160Gen6(5))
            .partitions(1)
            .port(0, 16, 5, Attachment.gpu(5, 16))
            .port(1, 16, 5, Attachment.nothing())
            .port(2, 16, 5, Attachment.host(0))
            .presenceGpio(0x10, 0)
            .presenceGpio(0x11, 1) // PRSNT# of slots 0 and 1
            .outputGpio(0x20, false)
            .outputGpio(0x121, true) // slot power enable, PERST#
            .build();
    try (SimRig rig = SimRig.start(kind, cfg)) {
      assertFalse(rig.driver.readGpio(0x10), "PRSNT# asserted (low): a GPU is in slot 0");
      assertTrue(rig.driver.readGpio(0x11), "PRSNT# high: slot 1 is empty");

      assertFalse(rig.driver.readGpio(0x20));
      rig.driver.writeGpio(0x20, true);
      assertTrue(rig.driver.readGpio(0x20));
      assertTrue(rig.driver.readGpio(0x121));
      rig.driver.writeGpio(0x121, false);
      assertFalse(rig.driver.readGpio(0x121));
      assertTrue(rig.driver.readGpio(0x20), "pins are independent");

      assertEquals(
          FirmwareErrors.ERR_INVALID_PARAM,
          code(() -> rig.driver.writeGpio(0x10, true)),
          "an input");
      assertFalse(rig.driver.readGpio(0x10), "the refused set changed nothing");
      assertEquals(
          FirmwareErrors.ERR_INVALID_PARAM, code(() -> rig.driver.readGpio(0x99)), "no such pin");
      assertEquals(
          FirmwareErrors.ERR_INVALID_PARAM,
          code(() -> rig.driver.writeGpio(0x99, false)),
          "no such pin");

      rig.driver.resetSwitch();
      assertFalse(rig.driver.readGpio(0x20), "outputs start at their boot level after a reset");
      assertTrue(rig.driver.readGpio(0x121));
    }
  }

  private static long code(Runnable call) {
    SwitchException e = assertThrows(SwitchException.class, call::run);
    assertEquals(SwitchException.Kind.DEVICE_ERROR, e.kind(), e.getMessage());
    return e.firmwareCode().orElseThrow();
  }

  @TestAllTransports
  void unbind_releases_the_port_and_drops_its_link(TransportKind kind) throws Exception {
    try (SimRig rig = SimRig.start(kind, reference())) {
      rig.driver.bind(0, 4, 1);
      Await.until("GPU link up", SETTLE, () -> port(rig.driver, 1).linkUp());
      rig.driver.unbind(0, 4);
      assertEquals(BindState.UNBOUND, rig.driver.bindings().get(1).state());
      assertFalse(port(rig.driver, 1).linkUp());
      rig.driver.bind(1, 4, 1); // the port is free for another host
      assertEquals(1, rig.driver.bindings().get(1).partition());
    }
  }

  @TestAllTransports
  void bind_returns_only_after_the_firmware_completes(TransportKind kind) throws Exception {
    SimulatedSwitchConfig cfg =
        SimulatedSwitchConfig.referenceChip(
            3, 3, SimTiming.fast().withBindLatency(Duration.ofMillis(80)));
    try (SimRig rig = SimRig.start(kind, cfg)) {
      long t0 = System.nanoTime();
      rig.driver.bind(0, 1, 0);
      assertTrue(System.nanoTime() - t0 >= 80_000_000L, "bind waited for completion");
      assertTrue(rig.driver.bindings().get(0).bound());
    }
  }

  @TestAllTransports
  void counters_start_at_zero_when_first_read(TransportKind kind) throws Exception {
    try (SimRig rig = SimRig.start(kind, reference())) {
      assertEquals(new PortCounters(5, 0, 0, 0, 0, 0, 0), rig.driver.counters(5));
      assertEquals(new PortCounters(12, 0, 0, 0, 0, 0, 0), rig.driver.counters(12));
    }
  }

  @TestAllTransports
  void firmware_is_downloaded_activated_and_runs_after_reset(TransportKind kind) throws Exception {
    try (SimRig rig = SimRig.start(kind, reference())) {
      byte[] body = new byte[2500];
      new java.util.Random(7).nextBytes(body);
      byte[] image =
          FirmwareImage.build(
              FirmwareType.IMG, Generation.GEN6, FirmwareVersion.parse("9.21 B001"), 1, body);
      List<Long> progress = new ArrayList<>();
      rig.driver.downloadFirmware(image, (sent, total) -> progress.add(sent));
      assertEquals(List.of(1008L, 2016L, 3024L, (long) image.length), progress); // 628 + 2500 bytes
      FirmwarePartitions parts = rig.driver.firmwarePartitions();
      FirmwarePartition img1 = parts.find(FirmwareType.IMG, 1).orElseThrow();
      assertTrue(img1.valid());
      assertFalse(img1.active(), "downloaded without activation");
      assertEquals(0x0921, img1.imageVersion());
      assertEquals(body.length, img1.imageLength());

      rig.driver.activatePartition(FirmwareType.IMG, 1);
      rig.driver.activatePartition(FirmwareType.IMG, 1); // already active: no second toggle
      parts = rig.driver.firmwarePartitions();
      assertTrue(parts.find(FirmwareType.IMG, 1).orElseThrow().active());
      assertTrue(
          parts.find(FirmwareType.IMG, 0).orElseThrow().running(),
          "runs the old image until reset");

      rig.driver.resetSwitch();
      assertEquals("9.21 B001", rig.driver.identity().firmwareVersion().toString());
      assertTrue(rig.driver.firmwarePartitions().find(FirmwareType.IMG, 1).orElseThrow().running());
    }
  }

  @TestAllTransports
  void a_download_sent_block_by_block_lets_other_commands_run_in_between(TransportKind kind)
      throws Exception {
    try (SimRig rig = SimRig.start(kind, reference())) {
      byte[] image = FaultInjectionIT.imageForCopy1("9.22 B001", 4000);
      FirmwareDownload download = rig.driver.beginFirmwareDownload(image);
      int blocks = 0;
      boolean more;
      do {
        more = download.sendNextBlock();
        blocks++;
        // what the switch's owner polls between two blocks
        assertFalse(rig.driver.ports().isEmpty());
        assertEquals("9.20 B04A", rig.driver.identity().firmwareVersion().toString());
      } while (more);
      assertEquals(5, blocks, "628 + 4000 bytes in blocks of 1008");
      assertEquals(image.length, download.bytesSent());
      assertFalse(download.sendNextBlock(), "nothing left to send");
      FirmwarePartition img1 =
          rig.driver.firmwarePartitions().find(FirmwareType.IMG, 1).orElseThrow();
      assertTrue(img1.valid());
      assertEquals(0x0922, img1.imageVersion());
    }
  }

  @TestAllTransports
  void activation_of_an_invalid_copy_and_a_malformed_image_are_refused(TransportKind kind)
      throws Exception {
    try (SimRig rig = SimRig.start(kind, reference())) {
      byte[] junk = new byte[700];
      assertEquals(
          SwitchException.Kind.REFUSED,
          assertThrows(
                  SwitchException.class,
                  () -> rig.driver.downloadFirmware(junk, ProgressListener.NONE))
              .kind());
      rig.sim.faults().powerLossDuringDownload(0);
      byte[] image =
          FirmwareImage.build(
              FirmwareType.CFG,
              Generation.GEN6,
              FirmwareVersion.parse("9.21 B001"),
              1,
              new byte[100]);
      assertThrows(
          SwitchException.class, () -> rig.driver.downloadFirmware(image, ProgressListener.NONE));
      FirmwarePartitions parts = Await.succeeds(SETTLE, rig.driver::firmwarePartitions);
      assertFalse(parts.find(FirmwareType.CFG, 1).orElseThrow().valid());
      assertEquals(
          SwitchException.Kind.REFUSED,
          assertThrows(
                  SwitchException.class, () -> rig.driver.activatePartition(FirmwareType.CFG, 1))
              .kind());
    }
  }

  @TestAllTransports
  void port_reset_drops_and_retrains_the_link(TransportKind kind) throws Exception {
    SimulatedSwitchConfig cfg =
        SimulatedSwitchConfig.referenceChip(
            4,
            3,
            new SimTiming(
                Duration.ofMillis(150),
                Duration.ofMillis(5),
                Duration.ZERO,
                Duration.ofMillis(30),
                Duration.ZERO));
    try (SimRig rig = SimRig.start(kind, cfg)) {
      Await.until("host link up", SETTLE, () -> port(rig.driver, 6).linkUp());
      rig.driver.resetPort(6);
      assertFalse(port(rig.driver, 6).linkUp(), "retraining");
      Await.until("host link back", SETTLE, () -> port(rig.driver, 6).linkUp());
    }
  }

  @TestAllTransports
  void the_event_summary_reports_a_link_down_once(TransportKind kind) throws Exception {
    try (SimRig rig = SimRig.start(kind, reference())) {
      Await.until(
          "host links up",
          SETTLE,
          () -> port(rig.driver, 5).linkUp() && port(rig.driver, 6).linkUp());
      rig.driver.events(); // the host links that trained since boot
      assertEquals(SwitchEvents.NONE, rig.driver.events());
      rig.sim.faults().linkDown(5);
      SwitchEvents events = rig.driver.events();
      assertEquals(java.util.Set.of(5), events.ports().keySet());
      assertTrue(events.ports().get(5).linkChanged());
      assertEquals(SwitchEvents.NONE, rig.driver.events(), "acknowledged on the chip");
    }
  }
}
