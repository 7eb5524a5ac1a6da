package io.gpuchassis.switchdrv.command;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.switchdrv.FirmwarePartition;
import io.gpuchassis.switchdrv.FirmwarePartitions;
import io.gpuchassis.switchdrv.FirmwareType;
import io.gpuchassis.switchdrv.FirmwareVersion;
import io.gpuchassis.switchdrv.Generation;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * PART_INFO golden bytes per generation, laid out by hand from switchtec-user v4.6-rc3: lib/fw.c
 * struct switchtec_flash_info_gen4/gen5/gen6 (the all-partition table, records struct
 * switchtec_flash_part_info_gen4 from byte 64), struct switchtec_fw_metadata_gen4/5/6 (the
 * per-partition metadata), inc/switchtec/mrpc.h MRPC_PART_INFO_GET_* (sub-commands) and
 * lib/switchtec_priv.h enum switchtec_fw_image_part_id_gen4/5/6 (partition IDs).
 */
class PartInfoGoldenTest {

  private static void u32(byte[] b, int off, long v) {
    for (int i = 0; i < 4; i++) {
      b[off + i] = (byte) (v >>> (8 * i));
    }
  }

  private static void u16(byte[] b, int off, int v) {
    b[off] = (byte) v;
    b[off + 1] = (byte) (v >>> 8);
  }

  /** One switchtec_flash_part_info_gen4 record at record index {@code i}. */
  private static void record(
      byte[] b, int i, long crc, long len, int ver, boolean valid, boolean active, boolean using) {
    int o = 64 + 32 * i;
    u32(b, o, crc); // image_crc
    u32(b, o + 4, len); // image_len
    u16(b, o + 8, ver); // image_version
    b[o + 10] = (byte) (valid ? 1 : 0);
    b[o + 11] = (byte) (active ? 1 : 0);
    u32(b, o + 12, 0x100000L * i); // part_start
    u32(b, o + 16, 0x100000L * i + 0xFFFF); // part_end
    u32(b, o + 20, 0); // part_offset
    u32(b, o + 24, 0x4000); // part_size_dw
    b[o + 28] = 0; // read_only
    b[o + 29] = (byte) (using ? 1 : 0); // is_using
  }

  private static byte[] header(int size, int fw, int deviceId) {
    byte[] b = new byte[size];
    u32(b, 0, fw); // firmware_version
    u32(b, 4, 16L << 20); // flash_size
    u16(b, 8, deviceId); // device_id
    return b;
  }

  @Test
  void gen4_table_is_672_bytes_sub_0_and_img0_is_record_8() {
    assertEquals(672, PartInfo.answerLength(Generation.GEN4)); // 64 + (11 + 8) * 32
    assertArrayEquals(new byte[] {0}, new PartInfo(Generation.GEN4).payload());
    byte[] b = header(672, 0x04700012, 0x4000);
    record(b, 8, 0x11223344L, 1000, 0x0470, true, true, true); // img0
    record(b, 9, 0x55667788L, 900, 0x0460, true, false, false); // img1
    record(b, 6, 0xAAL, 10, 0, true, true, true); // cfg0, no version in the table
    FirmwarePartitions t = new PartInfo(Generation.GEN4).decode(b);
    assertEquals(FirmwareVersion.parse("4.70 B012"), t.firmwareVersion());
    assertEquals(16L << 20, t.flashSize());
    assertEquals(11, t.partitions().size());
    FirmwarePartition img0 = t.find(FirmwareType.IMG, 0).orElseThrow();
    assertEquals(0x11223344L, img0.imageCrc());
    assertEquals(1000, img0.imageLength());
    assertEquals(0x0470, img0.imageVersion());
    assertTrue(img0.active() && img0.running() && img0.valid());
    assertEquals(0x800000L, img0.start());
    assertEquals(0x10000, img0.sizeBytes());
    assertFalse(t.find(FirmwareType.IMG, 1).orElseThrow().running());
    assertEquals(8, PartInfo.partitionId(Generation.GEN4, FirmwareType.IMG, 0));
    assertEquals(0xA, PartInfo.partitionId(Generation.GEN4, FirmwareType.NVLOG, 0));
    assertEquals(-1, PartInfo.partitionId(Generation.GEN4, FirmwareType.CERT, 0));
  }

  @Test
  void gen5_table_is_736_bytes_sub_4_with_riot_records() {
    assertEquals(736, PartInfo.answerLength(Generation.GEN5));
    assertArrayEquals(new byte[] {4}, new PartInfo(Generation.GEN5).payload());
    byte[] b = header(736, 0x06300A7, 0x5184);
    record(b, 4, 0x1L, 5, 0x0630, true, true, true); // riot0
    record(b, 10, 0x2L, 6, 0x0630, true, true, true); // img0
    record(b, 12, 0xFFFFFFFFL, 0, 0, true, true, true); // nvlog
    FirmwarePartitions t = new PartInfo(Generation.GEN5).decode(b);
    assertEquals(13, t.partitions().size());
    assertEquals(0x1L, t.find(FirmwareType.RIOT, 0).orElseThrow().imageCrc());
    assertEquals(0x2L, t.find(FirmwareType.IMG, 0).orElseThrow().imageCrc());
    assertEquals(0xA, PartInfo.partitionId(Generation.GEN5, FirmwareType.IMG, 0));
    assertEquals(0xC, PartInfo.partitionId(Generation.GEN5, FirmwareType.NVLOG, 0));
  }

  @Test
  void gen6_table_is_800_bytes_sub_8_with_cert_and_dbg_after_nvlog() {
    assertEquals(800, PartInfo.answerLength(Generation.GEN6)); // 64 + (15 + 8) * 32
    assertArrayEquals(new byte[] {8}, new PartInfo(Generation.GEN6).payload());
    byte[] b = header(800, 0x0920004A, 0x6260);
    record(b, 8, 0x3L, 7, 0x0920, true, true, true); // img0
    record(b, 10, 0xFFFFFFFFL, 0, 0, true, true, true); // nvlog
    record(b, 11, 0x4L, 8, 0x0920, true, true, false); // cert0
    record(b, 12, 0x5L, 9, 0x0920, true, false, false); // cert1
    record(b, 13, 0xFFFFFFFFL, 0, 0, false, true, false); // dbg0
    record(b, 14, 0xFFFFFFFFL, 0, 0, false, false, false); // dbg1
    FirmwarePartitions t = new PartInfo(Generation.GEN6).decode(b);
    assertEquals(15, t.partitions().size());
    assertEquals(0x3L, t.find(FirmwareType.IMG, 0).orElseThrow().imageCrc());
    assertEquals(0x4L, t.find(FirmwareType.CERT, 0).orElseThrow().imageCrc());
    assertEquals(0x5L, t.find(FirmwareType.CERT, 1).orElseThrow().imageCrc());
    assertFalse(t.find(FirmwareType.DBG, 0).orElseThrow().valid());
    assertEquals(0xB, PartInfo.partitionId(Generation.GEN6, FirmwareType.CERT, 0));
    assertEquals(0xE, PartInfo.partitionId(Generation.GEN6, FirmwareType.DBG, 1));
  }

  private static FirmwarePartition rec(FirmwareType t, int copy, boolean running) {
    return new FirmwarePartition(t, copy, 0, 0, 0, true, running, running, false, 0, 4);
  }

  @Test
  void encoder_sets_the_running_flags_at_the_vendor_offsets() {
    // gen4/gen6: running_bl2_flag @12, running_cfg_flag @13, running_img_flag @14,
    // running_key_flag @15; gen5: running_riot_flag @12, then bl2 @13, cfg @14, img @15, key @16
    for (Generation g : new Generation[] {Generation.GEN4, Generation.GEN5, Generation.GEN6}) {
      List<FirmwarePartition> parts = new ArrayList<>();
      for (Object[] slot : PartInfo.layout(g)) {
        FirmwareType t = (FirmwareType) slot[0];
        int copy = (Integer) slot[1];
        // copy 1 of IMG and CFG runs, copy 0 of the rest
        boolean runs = (t == FirmwareType.IMG || t == FirmwareType.CFG) ? copy == 1 : copy == 0;
        parts.add(rec(t, copy, runs));
      }
      byte[] out =
          PartInfo.encodeAnswer(g, FirmwareVersion.parse("9.20 B04A"), 1 << 24, 0x6260, parts);
      assertEquals(PartInfo.answerLength(g), out.length, g.toString());
      int base = g == Generation.GEN5 ? 13 : 12;
      assertEquals(0, out[base], g + " bl2");
      assertEquals(1, out[base + 1], g + " cfg");
      assertEquals(1, out[base + 2], g + " img");
      assertEquals(0, out[base + 3], g + " key");
      // is_using of img1 (record byte 29)
      int img1 = PartInfo.partitionId(g, FirmwareType.IMG, 1);
      assertEquals(1, out[64 + 32 * img1 + 29], g + " img1 is_using");
    }
  }

  /** A metadata block laid out per struct switchtec_fw_metadata_gen4/5/6. */
  private static byte[] metadata(int type, int version, long imageCrc) {
    byte[] m = new byte[628];
    System.arraycopy("MSCC_MD ".getBytes(StandardCharsets.US_ASCII), 0, m, 0, 8);
    u32(m, 8, 1); // hdr_version
    u32(m, 12, 0); // secure_version
    u32(m, 16, 0x400); // header_len
    u32(m, 20, 628); // metadata_len
    u32(m, 24, 0x1234); // image_len
    u32(m, 28, type); // type
    u32(m, 36, version); // version
    u32(m, 0x54, imageCrc); // image_crc
    u32(m, 612, 3); // xml_version
    u32(m, 0x270, 0xCAFEF00DL); // header_crc
    return m;
  }

  @Test
  void metadata_sub_commands_are_1_5_9_with_the_partition_id() {
    assertArrayEquals(
        new byte[] {1, 8},
        new PartMetadata(
                Generation.GEN4, PartInfo.partitionId(Generation.GEN4, FirmwareType.IMG, 0))
            .payload());
    assertArrayEquals(
        new byte[] {5, 0xA},
        new PartMetadata(
                Generation.GEN5, PartInfo.partitionId(Generation.GEN5, FirmwareType.IMG, 0))
            .payload());
    assertArrayEquals(
        new byte[] {9, 0xC},
        new PartMetadata(
                Generation.GEN6, PartInfo.partitionId(Generation.GEN6, FirmwareType.CERT, 1))
            .payload());
    assertEquals(628, new PartMetadata(Generation.GEN6, 8).outputLength());
  }

  @Test
  void metadata_decodes_version_lengths_type_and_crcs_per_generation() {
    // gen4 type 4 = IMG; gen5 type 5 = IMG (RIOT inserted at 2); gen6 type 6 = CERT
    Object[][] cases = {
      {Generation.GEN4, 4, FirmwareType.IMG},
      {Generation.GEN5, 5, FirmwareType.IMG},
      {Generation.GEN5, 2, FirmwareType.RIOT},
      {Generation.GEN6, 6, FirmwareType.CERT},
      {Generation.GEN6, 7, FirmwareType.DBG}
    };
    for (Object[] c : cases) {
      Generation g = (Generation) c[0];
      FirmwareImage m =
          new PartMetadata(g, 0).decode(metadata((Integer) c[1], 0x0920004A, 0x89ABCDEFL)).get();
      assertEquals(c[2], m.type(), g + " type " + c[1]);
      assertEquals("9.20 B04A", m.version().toString());
      assertEquals(0x400, m.headerLength());
      assertEquals(0x1234, m.imageLength());
      assertEquals(0x89ABCDEFL, m.imageCrc());
      assertEquals(0xCAFEF00DL, m.headerCrc());
      assertEquals(3, m.xmlVersion());
    }
  }

  @Test
  void erased_partition_metadata_is_empty() {
    byte[] erased = new byte[628];
    java.util.Arrays.fill(erased, (byte) 0xFF);
    assertEquals(Optional.empty(), new PartMetadata(Generation.GEN6, 13).decode(erased));
  }

  @Test
  void metadata_version_completes_a_record_without_one() {
    FirmwarePartition noVersion = rec(FirmwareType.CFG, 0, true);
    FirmwarePartition filled = noVersion.withMetadataVersion(FirmwareVersion.parse("9.20 B04A"));
    assertEquals(0x0920, filled.imageVersion());
    assertEquals(Optional.of(FirmwareVersion.parse("9.20 B04A")), filled.version());
    FirmwarePartition kept =
        new FirmwarePartition(FirmwareType.IMG, 0, 0, 0, 0x0910, true, true, true, false, 0, 4)
            .withMetadataVersion(FirmwareVersion.parse("9.20 B04A"));
    assertEquals(0x0910, kept.imageVersion());
  }
}
