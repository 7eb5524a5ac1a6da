package io.gpuchassis.switchdrv;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.switchdrv.command.FirmwareImage;
import io.gpuchassis.switchdrv.command.PartInfo;
import io.gpuchassis.switchdrv.mrpc.MailboxMrpcEngine;
import io.gpuchassis.switchdrv.mrpc.MrpcRequest;
import io.gpuchassis.switchdrv.mrpc.MrpcResult;
import io.gpuchassis.switchdrv.sim.Attachment;
import io.gpuchassis.switchdrv.sim.ChipIdentity;
import io.gpuchassis.switchdrv.sim.SimulatedSwitchConfig;
import io.gpuchassis.switchdrv.transport.InMemorySwitchTransport;
import io.gpuchassis.switchdrv.wire.Deadline;
import io.gpuchassis.switchdrv.wire.LeWriter;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What switchtec-user's {@code info}, {@code fw-info} and {@code fw-read} ask of the simulated
 * flash, MRPC by MRPC (lib/fw.c switchtec_fw_part_info, switchtec_fw_info_metadata_gen4/5/6,
 * switchtec_fw_read, switchtec_fw_img_get): the all-partition table with running flags, each valid
 * partition's metadata, and the image read back byte for byte.
 */
class FirmwareReadBackIT {

  private static SimulatedSwitchConfig chip(int deviceId, String firmware) {
    return SimulatedSwitchConfig.builder(
            new ChipIdentity(0x11F8, deviceId, 77, FirmwareVersion.parse(firmware), "test", 1))
        .partitions(1)
        .port(0, 16, 4, Attachment.host(0))
        .build();
  }

  private static MrpcResult mrpc(SimRig rig, int id, byte[] payload, int outLen) {
    MailboxMrpcEngine engine =
        new MailboxMrpcEngine(
            new InMemorySwitchTransport(rig.sim.gas(), "raw"), Duration.ofMillis(1));
    int word = id | (rig.sim.generation() == Generation.GEN6 ? 0 : 0x1F << 18);
    return engine.execute(
        new MrpcRequest(word, payload, outLen, true, true), Deadline.in(Duration.ofSeconds(2)));
  }

  @ParameterizedTest(name = "[{0}]")
  @CsvSource({
    "GEN4, 4000, 4.40 B123, 0, 1, 14",
    "GEN5, 5184, 6.30 B0A7, 4, 5, 15",
    "GEN6, 6260, 9.20 B04A, 8, 9, 14"
  })
  void table_metadata_and_flash_read_back(
      Generation gen, String deviceHex, String firmware, int allSub, int metaSub, int imgFlag)
      throws Exception {
    try (SimRig rig =
        SimRig.start(TransportKind.IN_MEMORY, chip(Integer.parseInt(deviceHex, 16), firmware))) {
      // the table: the vendor's length, running_img_flag = the running copy (0)
      MrpcResult all = mrpc(rig, 0x2B, new byte[] {(byte) allSub}, PartInfo.answerLength(gen));
      assertTrue(all.succeeded());
      assertEquals(0, all.output()[imgFlag]);
      int img0 = PartInfo.partitionId(gen, FirmwareType.IMG, 0);
      assertEquals(1, all.output()[64 + 32 * img0 + 29], "img0 is_using");
      if (gen == Generation.GEN6) {
        // cert0 holds an image; dbg0 (no debug token) is neither valid nor in use
        assertEquals(1, all.output()[64 + 32 * 0xB + 10], "cert0 valid");
        assertEquals(0, all.output()[64 + 32 * 0xD + 10], "dbg0 valid");
        assertEquals(0, all.output()[64 + 32 * 0xD + 29], "dbg0 is_using");
      }

      // metadata of IMG0: the image's own 628 bytes, "MSCC" "_MD ", version at 36
      MrpcResult meta = mrpc(rig, 0x2B, new byte[] {(byte) metaSub, (byte) img0}, 628);
      assertTrue(meta.succeeded());
      assertEquals("MSCC_MD ", new String(meta.output(), 0, 8, StandardCharsets.US_ASCII), "magic");
      assertEquals(FirmwareVersion.parse(firmware).word(), LeWriter.getI32(meta.output(), 36));
      int nvlog = PartInfo.partitionId(gen, FirmwareType.NVLOG, 0);
      assertEquals(
          0x64006L, mrpc(rig, 0x2B, new byte[] {(byte) metaSub, (byte) nvlog}, 628).returnValue());

      // the driver completes the IMG records with the metadata's full version
      FirmwarePartitions parts = rig.driver.firmwarePartitions();
      assertEquals(
          FirmwareVersion.parse(firmware),
          parts.find(FirmwareType.IMG, 0).orElseThrow().version().orElseThrow());
      assertTrue(parts.find(FirmwareType.IMG, 1).orElseThrow().version().isPresent());

      // a downloaded image reads back byte for byte
      byte[] body = new byte[3000];
      for (int i = 0; i < body.length; i++) {
        body[i] = (byte) (i * 7);
      }
      FirmwareVersion next = FirmwareVersion.parse(firmware.replace("B", "B1"));
      byte[] file = FirmwareImage.build(FirmwareType.IMG, gen, next, 1, body);
      rig.driver.downloadFirmware(file, ProgressListener.NONE);
      FirmwarePartition img1 = rig.driver.firmwarePartitions().find(FirmwareType.IMG, 1).get();
      assertEquals(next, img1.version().orElseThrow());
      if (gen == Generation.GEN6) {
        assertArrayEquals(file, imageGet(rig, 4, 1));
      } else {
        // RD_FLASH {addr, length} at part_start + header_len, as switchtec_fw_body_read_fd
        byte[] read = readFlash(rig, img1.start() + FirmwareImage.METADATA_LENGTH, body.length);
        assertArrayEquals(body, read);
      }
    }
  }

  private static byte[] readFlash(SimRig rig, long addr, int len) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    while (len > 0) {
      int chunk = Math.min(len, 1016);
      MrpcResult r = mrpc(rig, 0x1F, new LeWriter().u32(addr).u32(chunk).toBytes(), chunk);
      assertTrue(r.succeeded());
      out.write(r.output(), 0, chunk);
      addr += chunk;
      len -= chunk;
    }
    return out.toByteArray();
  }

  // FW_IMG_GET 0x14F {0, fw_type, fw_slot, from_start}; answer data at byte 16
  private static byte[] imageGet(SimRig rig, int type, int slot) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int total = -1;
    boolean first = true;
    while (total < 0 || out.size() < total) {
      MrpcResult r =
          mrpc(rig, 0x14F, new byte[] {0, (byte) type, (byte) slot, (byte) (first ? 0 : 1)}, 1024);
      assertTrue(r.succeeded());
      byte[] o = r.output();
      assertEquals(type, o[1]);
      assertEquals(slot, o[2]);
      total = LeWriter.getI32(o, 4);
      assertEquals(out.size(), LeWriter.getI32(o, 8), "offset");
      int chunk = LeWriter.getI32(o, 12);
      assertFalse(chunk <= 0 && out.size() < total, "no progress");
      out.write(o, 16, chunk);
      first = false;
    }
    return Arrays.copyOf(out.toByteArray(), total);
  }
}
