package io.gpuchassis.switchdrv.transport.tcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gpuchassis.switchdrv.SwitchException;
import java.io.ByteArrayInputStream;
import org.junit.jupiter.api.Test;

/**
 * Golden SMWP frames (reference §9.2-9.3): "SM", version 1, kind, seq u16 BE, length u16 BE, body
 * (little-endian fields), CRC-8/SMBus over everything before it. CRCs worked out with the
 * bit-by-bit CRC in TwiFramesTest's style (python one-liner equivalent), stated per frame.
 */
class SmwpFrameTest {

  private static byte[] b(int... v) {
    byte[] out = new byte[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = (byte) v[i];
    }
    return out;
  }

  @Test
  void gas_read_request() {
    // kind 03 seq 1, body {chip 0, rsvd 0, len 8 LE, offset 0x804 LE}; CRC over the 16 bytes = 0x3F
    byte[] golden =
        b(
            0x53, 0x4D, 0x01, 0x03, 0x00, 0x01, 0x00, 0x08, 0x00, 0x00, 0x08, 0x00, 0x04, 0x08,
            0x00, 0x00, 0x3F);
    assertArrayEquals(
        golden, new SmwpFrame(SmwpFrame.GAS_READ, 1, SmwpMessages.gasRead(0, 0x804, 8)).encode());
    SmwpFrame f = SmwpFrame.decode(golden);
    assertEquals(SmwpFrame.GAS_READ, f.kind());
    assertEquals(1, f.seq());
  }

  @Test
  void mrpc_request_and_reply() {
    // kind 05 seq 2, body {chip 0, rsvd 0, out_len 16, cmd 0x00000004, payload 04 00 00 00}; CRC =
    // 0xB0
    byte[] golden =
        b(
            0x53, 0x4D, 0x01, 0x05, 0x00, 0x02, 0x00, 0x0C, 0, 0, 0x10, 0, 4, 0, 0, 0, 4, 0, 0, 0,
            0xB0);
    assertArrayEquals(
        golden,
        new SmwpFrame(SmwpFrame.MRPC, 2, SmwpMessages.mrpc(0, 16, 4, b(4, 0, 0, 0))).encode());
    // reply kind 85: status 2, ret 0, four sensors 4476 4501 4527 4552 (1/100 degC); CRC = 0x72
    byte[] reply =
        b(
            0x53, 0x4D, 0x01, 0x85, 0x00, 0x02, 0x00, 0x18, 2, 0, 0, 0, 0, 0, 0, 0, 0x7C, 0x11, 0,
            0, 0x95, 0x11, 0, 0, 0xAF, 0x11, 0, 0, 0xC8, 0x11, 0, 0, 0x72);
    byte[] out = b(0x7C, 0x11, 0, 0, 0x95, 0x11, 0, 0, 0xAF, 0x11, 0, 0, 0xC8, 0x11, 0, 0);
    assertArrayEquals(reply, new SmwpFrame(0x85, 2, SmwpMessages.mrpcReply(2, 0, out)).encode());
  }

  @Test
  void defects_are_protocol_errors() throws Exception {
    byte[] good = new SmwpFrame(SmwpFrame.HELLO, 9, b('M')).encode();
    byte[] badCrc = good.clone();
    badCrc[badCrc.length - 1] ^= 1;
    assertEquals(
        SwitchException.Kind.PROTOCOL,
        assertThrows(SwitchException.class, () -> SmwpFrame.decode(badCrc)).kind());
    byte[] badMagic = good.clone();
    badMagic[0] = 'X';
    assertThrows(SwitchException.class, () -> SmwpFrame.read(new ByteArrayInputStream(badMagic)));
    byte[] tooLong = good.clone();
    tooLong[6] = 0x20; // 8192 > 4096
    assertThrows(SwitchException.class, () -> SmwpFrame.decode(tooLong));
    assertEquals(9, SmwpFrame.read(new ByteArrayInputStream(good)).seq());
  }
}
