package io.gpuchassis.switchdrv.transport.i2c;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.switchdrv.SwitchException;
import org.junit.jupiter.api.Test;

/**
 * Golden TWI frames for a slave at 0x59 (write address byte 0xB2, read 0xB3). Layouts from the
 * reference §1.3; each PEC is CRC-8/SMBus worked out with {@link #pecBitwise}, an independent
 * bit-by-bit implementation, over the bytes named in the comment.
 */
class TwiFramesTest {

  private static final int ADDR = 0x59;

  static int pecBitwise(int... bytes) {
    int c = 0;
    for (int b : bytes) {
      c ^= b & 0xFF;
      for (int i = 0; i < 8; i++) {
        c = (c & 0x80) != 0 ? ((c << 1) ^ 0x07) & 0xFF : (c << 1) & 0xFF;
      }
    }
    return c;
  }

  private static byte[] b(int... v) {
    byte[] out = new byte[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = (byte) v[i];
    }
    return out;
  }

  @Test
  void gas_write_of_the_command_register() {
    // EA, cnt = 1 + 4 + 4, tag 1, offset 0x00000800 big-endian, data 04 00 00 00 (DIETEMP word, GAS
    // order)
    // PEC over B2 EA 09 01 00 00 08 00 04 00 00 00 = 0xB2
    assertEquals(
        0xB2, pecBitwise(0xB2, 0xEA, 0x09, 0x01, 0x00, 0x00, 0x08, 0x00, 0x04, 0x00, 0x00, 0x00));
    assertArrayEquals(
        b(0xEA, 0x09, 0x01, 0x00, 0x00, 0x08, 0x00, 0x04, 0x00, 0x00, 0x00, 0xB2),
        TwiFrames.gasWrite(ADDR, 1, 0x800, b(4, 0, 0, 0)));
  }

  @Test
  void gas_read_request_and_answer() {
    // E9, cnt 5, offset 0x00000804 big-endian, n = 8 (status + return value)
    byte[] req = b(0xE9, 0x05, 0x00, 0x00, 0x08, 0x04, 0x08);
    assertArrayEquals(req, TwiFrames.gasReadRequest(0x804, 8));
    assertEquals(11, TwiFrames.gasReadResponseLength(8));
    // answer: cnt 9, data 02 00.. (status DONE, ret 0), TWI status 00, PEC over
    // B2 E9 05 00 00 08 04 08 B3 09 02 00 00 00 00 00 00 00 00 = 0x71
    assertEquals(
        0x71,
        pecBitwise(
            0xB2, 0xE9, 0x05, 0x00, 0x00, 0x08, 0x04, 0x08, 0xB3, 0x09, 0x02, 0, 0, 0, 0, 0, 0, 0,
            0x00));
    byte[] answer = b(0x09, 0x02, 0, 0, 0, 0, 0, 0, 0, 0x00, 0x71);
    assertArrayEquals(answer, TwiFrames.encodeGasRead(ADDR, req, b(2, 0, 0, 0, 0, 0, 0, 0), 0));
    TwiFrames.ReadAnswer a = TwiFrames.decodeGasRead(ADDR, req, answer, 8);
    assertArrayEquals(b(2, 0, 0, 0, 0, 0, 0, 0), a.data());
    assertEquals(0, a.status());
  }

  @Test
  void get_cap_and_write_status_answers() {
    // GET_CAP answer 80 (enhanced mode), PEC over B2 E0 B3 80 = 0x83
    assertEquals(0x83, pecBitwise(0xB2, 0xE0, 0xB3, 0x80));
    assertArrayEquals(b(0x80, 0x83), TwiFrames.encodeCap(ADDR, 0x80));
    assertEquals(0x80, TwiFrames.decodeCap(ADDR, b(0x80, 0x83)));
    // GET_WRITE_STATUS answer tag 1 status 0, PEC over B2 E2 B3 01 00 = 0x0F
    assertEquals(0x0F, pecBitwise(0xB2, 0xE2, 0xB3, 0x01, 0x00));
    assertArrayEquals(b(0x01, 0x00, 0x0F), TwiFrames.encodeWriteStatus(ADDR, 1, 0));
    assertEquals(
        new TwiFrames.WriteStatus(1, 0), TwiFrames.decodeWriteStatus(ADDR, b(0x01, 0x00, 0x0F)));
  }

  @Test
  void a_flipped_bit_fails_the_pec() {
    byte[] req = TwiFrames.gasReadRequest(0x804, 8);
    byte[] answer = b(0x09, 0x02, 0, 0, 0, 0, 0, 0, 0, 0x00, 0x71);
    answer[3] ^= 0x10;
    assertEquals(
        SwitchException.Kind.PROTOCOL,
        assertThrows(SwitchException.class, () -> TwiFrames.decodeGasRead(ADDR, req, answer, 8))
            .kind());
  }

  @Test
  void slave_parses_a_gas_write_and_checks_its_pec() {
    byte[] frame = TwiFrames.gasWrite(ADDR, 7, 0x10, b(1, 2, 3));
    TwiFrames.ParsedWrite w = TwiFrames.parseGasWrite(ADDR, frame);
    assertEquals(7, w.tag());
    assertEquals(0x10, w.offset());
    assertArrayEquals(b(1, 2, 3), w.data());
    assertTrue(w.pecOk());
    frame[frame.length - 1] ^= 1;
    assertEquals(false, TwiFrames.parseGasWrite(ADDR, frame).pecOk());
  }
}
