package io.gpuchassis.switchdrv.command;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.switchdrv.PortBandwidth;
import io.gpuchassis.switchdrv.SwitchException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * PMON sub 1 golden bytes, laid out by hand from switchtec-user v4.6-rc3: the request is struct
 * pmon_bw_get (inc/switchtec/pmon.h: u8 sub_cmd_id, u8 count, {u8 id, u8 clear} ports[]) cut to
 * offsetof(ports) + 2 × count as lib/pmon.c switchtec_bwcntr_many sends it; each answer record is
 * struct switchtec_bwcntr_res (inc/switchtec/switchtec.h: u64 time_us, then egress and ingress,
 * each u64 posted, comp, nonposted), 56 bytes, little-endian.
 */
class BandwidthCountersTest {

  /** 8 little-endian bytes of {@code v}, written out without the codec. */
  private static int[] le64(long v) {
    int[] out = new int[8];
    for (int i = 0; i < 8; i++) {
      out[i] = (int) (v >>> (8 * i)) & 0xFF;
    }
    return out;
  }

  private static byte[] record(long... fields) {
    byte[] out = new byte[fields.length * 8];
    for (int f = 0; f < fields.length; f++) {
      int[] b = le64(fields[f]);
      for (int i = 0; i < 8; i++) {
        out[f * 8 + i] = (byte) b[i];
      }
    }
    return out;
  }

  @Test
  void request_is_sub_1_count_then_port_and_clear_pairs() {
    assertArrayEquals(
        new byte[] {1, 3, 0, 0, 5, 0, 12, 0},
        new BandwidthCounters(List.of(0, 5, 12), false).payload());
    assertArrayEquals(new byte[] {1, 1, 7, 1}, new BandwidthCounters(List.of(7), true).payload());
    assertEquals(3 * 56, new BandwidthCounters(List.of(0, 5, 12), false).outputLength());
  }

  @Test
  void one_command_asks_for_at_most_18_ports_whose_results_fill_1_kib() {
    assertEquals(18, BandwidthCounters.MAX_PORTS);
    List<Integer> eighteen = java.util.stream.IntStream.range(0, 18).boxed().toList();
    assertEquals(1008, new BandwidthCounters(eighteen, false).outputLength());
    List<Integer> nineteen = java.util.stream.IntStream.range(0, 19).boxed().toList();
    assertThrows(IllegalArgumentException.class, () -> new BandwidthCounters(nineteen, false));
    assertThrows(IllegalArgumentException.class, () -> new BandwidthCounters(List.of(), false));
  }

  @Test
  void reading_with_clear_is_never_repeated() {
    assertTrue(new BandwidthCounters(List.of(0), false).retrySafe());
    assertFalse(new BandwidthCounters(List.of(0), true).retrySafe());
  }

  @Test
  void answer_decodes_time_then_egress_then_ingress_posted_completion_non_posted() {
    byte[] first = record(0x0102030405060708L, 11, 12, 13, 21, 22, 23);
    // high halves set, so a decoder reading u32s would fail
    byte[] second =
        record(
            1_000_000L,
            0x1_0000_0001L,
            0x2_0000_0000L,
            0x80_0000_0000L,
            0x7FFF_FFFF_FFFF_FFFFL,
            0,
            0xFFFF_FFFFL);
    byte[] answer = new byte[112];
    System.arraycopy(first, 0, answer, 0, 56);
    System.arraycopy(second, 0, answer, 56, 56);
    List<PortBandwidth> r = new BandwidthCounters(List.of(4, 9), false).decode(answer);
    assertEquals(
        new PortBandwidth(
            4,
            0x0102030405060708L,
            new PortBandwidth.Direction(11, 12, 13),
            new PortBandwidth.Direction(21, 22, 23)),
        r.get(0));
    assertEquals(
        new PortBandwidth(
            9,
            1_000_000L,
            new PortBandwidth.Direction(0x1_0000_0001L, 0x2_0000_0000L, 0x80_0000_0000L),
            new PortBandwidth.Direction(0x7FFF_FFFF_FFFF_FFFFL, 0, 0xFFFF_FFFFL)),
        r.get(1));
    assertEquals(36, r.get(0).egress().total());
  }

  @Test
  void short_answer_is_a_protocol_error() {
    SwitchException e =
        assertThrows(
            SwitchException.class,
            () -> new BandwidthCounters(List.of(4, 9), false).decode(new byte[56]));
    assertEquals(SwitchException.Kind.PROTOCOL, e.kind());
  }
}
