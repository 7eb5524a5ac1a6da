package io.gpuchassis.switchdrv.command;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.switchdrv.Generation;
import io.gpuchassis.switchdrv.LtssmState;
import io.gpuchassis.switchdrv.wire.LeWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The LTSSM bytes of a LNKSTAT record, golden bytes from switchtec-user v4.6-rc3 lib/switchtec.c:
 * the Gen6 record struct in switchtec_status_gen6 ({@code phys_port_id, par_id, log_port_id,
 * stk_id, cfg_lnk_width, neg_lnk_width, usp_flag, linkup_linkrate, ltssm_major, ltssm_minor,
 * lane_reversal, first_act_lane}, all u8) decodes {@code s->ltssm = ports[i].ltssm_minor} (commit
 * fd712b2), and switchtec_status_gen345 decodes {@code le16toh(LTSSM)} at bytes 8-9.
 */
class LinkStatusLtssmTest {

  private static byte[] gen6Answer(int... record) {
    byte[] out = new byte[Generation.GEN6.lnkstatPorts() * LinkStatusRecord.SIZE];
    java.util.Arrays.fill(out, (byte) 0xFF);
    for (int i = 0; i < record.length; i++) {
      out[i] = (byte) record[i];
    }
    return out;
  }

  @Test
  void gen6_state_is_the_second_of_the_four_trailing_bytes() {
    // byte 8 ltssm_major = 0x00 (what v4.4 decoded: "Detect (QUIET)"), byte 9 ltssm_minor = 0x11
    List<LinkStatusRecord> recs =
        new LinkStatus(Generation.GEN6)
            .decode(gen6Answer(3, 0, 0, 0x03, 16, 16, 0, 0x86, 0x00, 0x11, 0x01, 0x00));
    LtssmState s = recs.get(0).ltssm(Generation.GEN6);
    assertTrue(s.isL0());
    assertEquals(0x11, s.code());
    assertEquals("L0 (ACTIVE)", s.description());
    assertEquals("L0", s.name());
    assertEquals(1, recs.get(0).laneReversal());
    assertEquals(6, recs.get(0).rate());
  }

  @Test
  void gen6_code_in_the_first_byte_is_not_taken_for_the_state() {
    // the pre-fix layout: 0x11 in ltssm_major, 0 in ltssm_minor reads "Detect (QUIET)" like v4.5
    LtssmState s =
        new LinkStatus(Generation.GEN6)
            .decode(gen6Answer(3, 0, 0, 0x03, 16, 16, 0, 0x86, 0x11, 0x00, 0, 0))
            .get(0)
            .ltssm(Generation.GEN6);
    assertFalse(s.isL0());
    assertEquals("Detect (QUIET)", s.description());
    assertEquals("Detect", s.name());
  }

  @Test
  void gen6_encoder_puts_the_code_second_and_its_class_first() {
    LtssmState l0 = LtssmState.ofGen6Code(0x11);
    LinkStatusRecord r =
        new LinkStatusRecord(3, 0, 0, 0x03, 16, 16, false, true, 6, l0.major(), l0.minor(), 0, 0);
    LeWriter w = new LeWriter();
    r.write(w, Generation.GEN6);
    assertArrayEquals(
        CommandCodecTest.b(3, 0, 0, 0x03, 16, 16, 0, 0x86, 0x03, 0x11, 0, 0), w.toBytes());
  }

  @Test
  void gen6_names_follow_the_vendor_table() {
    // inc/switchtec/switchtec.h switchtec_ltssm_str_gen6
    assertEquals("Recovery (LOCK)", LtssmState.ofGen6Code(0x0D).description());
    assertEquals("Recovery", LtssmState.ofGen6Code(0x0D).name());
    assertEquals("Configuration", LtssmState.ofGen6Code(0x07).name());
    assertEquals("Detect", LtssmState.ofGen6Code(0x05).name());
    assertEquals("Polling", LtssmState.ofGen6Code(0x02).name());
    assertEquals("Disabled", LtssmState.ofGen6Code(0x19).name());
    assertEquals("Hot Reset", LtssmState.ofGen6Code(0x1E).name());
    assertEquals("Recovery (EQ3)", LtssmState.ofGen6Code(0x23).description());
    assertEquals("L1", LtssmState.ofGen6Code(0x14).name());
    assertEquals("UNKNOWN", new LtssmState(0xFF, 0x40, true).description());
  }

  @Test
  void gen3_to_gen5_word_is_unchanged() {
    // bytes 8-9 = 03 01: le16 0x0103 "L0 (L0)"; 04 01: 0x0104 "Recovery (RCVR_LOCK)"
    byte[] out = new byte[Generation.GEN4.lnkstatPorts() * LinkStatusRecord.SIZE];
    java.util.Arrays.fill(out, (byte) 0xFF);
    System.arraycopy(
        CommandCodecTest.b(1, 0, 1, 0x01, 8, 8, 0, 0x84, 0x03, 0x01, 0, 0), 0, out, 0, 12);
    System.arraycopy(
        CommandCodecTest.b(2, 0, 2, 0x02, 8, 0, 0, 0x04, 0x04, 0x01, 0, 0), 0, out, 12, 12);
    for (Generation g : new Generation[] {Generation.GEN3, Generation.GEN4, Generation.GEN5}) {
      byte[] answer = java.util.Arrays.copyOf(out, g.lnkstatPorts() * LinkStatusRecord.SIZE);
      if (answer.length > out.length) {
        java.util.Arrays.fill(answer, out.length, answer.length, (byte) 0xFF);
      }
      List<LinkStatusRecord> recs = new LinkStatus(g).decode(answer);
      LtssmState up = recs.get(0).ltssm(g);
      assertTrue(up.isL0());
      assertEquals(0x0103, up.code());
      assertEquals("L0", up.name());
      LtssmState rec = recs.get(1).ltssm(g);
      assertFalse(rec.isL0());
      assertEquals(0x0104, rec.code());
      assertEquals("Recovery", rec.name());
    }
  }
}
