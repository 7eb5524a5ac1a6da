package io.gpuchassis.switchdrv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.switchdrv.mrpc.MailboxMrpcEngine;
import io.gpuchassis.switchdrv.mrpc.MrpcRequest;
import io.gpuchassis.switchdrv.mrpc.MrpcResult;
import io.gpuchassis.switchdrv.sim.Attachment;
import io.gpuchassis.switchdrv.sim.ChipIdentity;
import io.gpuchassis.switchdrv.sim.SimulatedSwitchConfig;
import io.gpuchassis.switchdrv.transport.InMemorySwitchTransport;
import io.gpuchassis.switchdrv.wire.Deadline;
import io.gpuchassis.switchdrv.wire.LeWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A simulated Gen3 chip (PFX 96xG3, 0x8536) as switchtec-user sees it and as our driver reads it:
 * no TWI ping (so the tool takes it for Gen3, lib/switchtec.c switchtec_get_device_info), the Gen3
 * system-info and flash-info registers (inc/switchtec/registers.h struct sys_info_regs, struct
 * flash_info_regs; lib/platform/gasops.c gasop_flash_part) and the image footers in flash (lib/fw.c
 * struct switchtec_fw_footer_gen3).
 */
class Gen3ChipIT {

  private static SimulatedSwitchConfig gen3() {
    return SimulatedSwitchConfig.builder(
            new ChipIdentity(
                0x11F8, 0x8536, 77, FirmwareVersion.parse("1.09 B063"), "PFX 96xG3", 0))
        .partitions(1)
        .port(0, 16, 3, Attachment.host(0))
        .port(8, 16, 3, Attachment.gpu(3, 16))
        .bind(0, 1, 8)
        .build();
  }

  private static MrpcResult mrpc(SimRig rig, int id, byte[] payload, int outLen) {
    return new MailboxMrpcEngine(
            new InMemorySwitchTransport(rig.sim.gas(), "raw"), Duration.ofMillis(1))
        .execute(
            new MrpcRequest(id | 0x1F << 18, payload, outLen, true, true),
            Deadline.in(Duration.ofSeconds(2)));
  }

  private static int u32(byte[] b, int off) {
    return LeWriter.getI32(b, off);
  }

  @Test
  void answers_no_ping_and_no_part_info() throws Exception {
    try (SimRig rig = SimRig.start(TransportKind.IN_MEMORY, gen3())) {
      assertEquals(0x64005L, mrpc(rig, 0x100, new byte[4], 8).returnValue());
      assertEquals(0x64005L, mrpc(rig, 0x2B, new byte[] {0}, 672).returnValue());
    }
  }

  @Test
  void driver_identifies_gen3_by_the_vendor_fallback() throws Exception {
    try (SimRig rig = SimRig.start(TransportKind.IN_MEMORY, gen3())) {
      SwitchIdentity id = rig.driver.identity();
      assertEquals(Generation.GEN3, id.generation());
      assertEquals(BootPhase.MAIN_FIRMWARE, id.bootPhase());
      assertEquals(0xFF, id.revision());
      assertEquals("PFX", id.variant());
      assertEquals(96, id.lanes());
      assertEquals(0x11F8, id.vendorId());
      assertEquals("PFX 96xG3", id.productId());
      assertEquals("1.09 B063", id.firmwareVersion().toString());
      Await.until(
          "links",
          Duration.ofSeconds(2),
          () -> rig.driver.ports().stream().allMatch(PortStatus::linkUp));
      assertTrue(rig.driver.ports().get(1).ltssm().isL0());
    }
  }

  @Test
  void registers_and_flash_follow_the_gen3_layout() throws Exception {
    try (SimRig rig = SimRig.start(TransportKind.IN_MEMORY, gen3())) {
      byte[] si = rig.sim.gas().readGas(0x2000, 0x130);
      assertEquals(0x04, si[0x20]); // cfg_running: CFG0
      assertEquals(0x03, si[0x22]); // img_running: IMG0
      assertEquals("PFX 96xG3", new String(si, 0x110, 9, StandardCharsets.US_ASCII));
      byte[] fi = rig.sim.gas().readGas(0x2200, 0x60);
      int activeImg = u32(fi, 0x04);
      assertEquals(FirmwareVersion.parse("1.09 B063").word(), u32(fi, 0x08));
      assertEquals(u32(fi, 0x48), activeImg); // img0 is the active one
      int img0Len = u32(fi, 0x4C);
      assertEquals(16 << 20, u32(fi, 0x34)); // flash_length

      // the footer at the end of img0, read with RD_FLASH {addr, len} as switchtec_fw_read does
      long footerAt = (activeImg & 0xFFFFFFFFL) + img0Len - 28;
      MrpcResult r = mrpc(rig, 0x1F, new LeWriter().u32(footerAt).u32(28).toBytes(), 28);
      assertTrue(r.succeeded());
      assertEquals("PMC", new String(r.output(), 0, 3, StandardCharsets.US_ASCII));
      assertEquals(FirmwareVersion.parse("1.09 B063").word(), u32(r.output(), 12));

      FirmwarePartitions parts = rig.driver.firmwarePartitions();
      FirmwarePartition img0 = parts.find(FirmwareType.IMG, 0).orElseThrow();
      assertTrue(img0.active() && img0.running());
      assertEquals("1.09 B063", img0.version().orElseThrow().toString());
      FirmwarePartition img1 = parts.find(FirmwareType.IMG, 1).orElseThrow();
      assertFalse(img1.active() || img1.running());
      assertEquals("1.08 B063", img1.version().orElseThrow().toString());
      assertTrue(parts.find(FirmwareType.CFG, 0).orElseThrow().running());
    }
  }
}
