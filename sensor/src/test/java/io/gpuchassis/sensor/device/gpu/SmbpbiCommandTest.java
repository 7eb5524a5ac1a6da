package io.gpuchassis.sensor.device.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SmbpbiCommandTest {

  // Source: NVIDIA open-gpu-kernel-modules smbpbi.h, NV_MSGBOX_CMD: opcode 7:0, ARG1 15:8, ARG2
  // 23:16,
  // STATUS 28:24, INTR 31; opcode GET_TEMP 0x02, GET_POWER 0x04; STATUS SUCCESS 0x1F, ERR_OPCODE
  // 0x02.

  @Test
  void encodesARequestWithIntrSet() {
    assertEquals(0x80000002, SmbpbiCommand.encode(SmbpbiCommand.OPCODE_GET_TEMP, 0, 0));
    assertEquals(0x80000702, SmbpbiCommand.encode(SmbpbiCommand.OPCODE_GET_TEMP, 7, 0));
    assertEquals(0x80030201, SmbpbiCommand.encode(0x01, 0x02, 0x03));
  }

  @Test
  void decodesTheStatusField() {
    assertEquals(SmbpbiStatus.SUCCESS, SmbpbiCommand.status(0x1F000002));
    assertEquals(SmbpbiStatus.ERR_OPCODE, SmbpbiCommand.status(0x020000FF));
    assertEquals(SmbpbiStatus.NULL, SmbpbiCommand.status(0x80000002));
    assertEquals(SmbpbiStatus.UNKNOWN, SmbpbiCommand.status(0x10000000));
  }

  @Test
  void completionClearsIntrAndSetsStatus() {
    assertEquals(0x1F000004, SmbpbiCommand.complete(0x80000004, SmbpbiStatus.SUCCESS));
  }

  @Test
  void littleEndianDataDword() {
    // GET_EXT_TEMP answers SFXP24.8: 0x00004380 = 17280 / 256 = 67.5 °C; bytes on the wire 80 43 00
    // 00
    assertEquals(0x4380, SmbpbiPostBox.dword(new byte[] {(byte) 0x80, 0x43, 0, 0}));
    assertEquals(67.5, SmbpbiPostBox.dword(new byte[] {(byte) 0x80, 0x43, 0, 0}) / 256.0, 0.0);
    byte[] wire = SmbpbiPostBox.littleEndian(0x0004E200); // 320000 mW
    assertEquals(0x00, wire[0]);
    assertEquals((byte) 0xE2, wire[1]);
    assertEquals(0x04, wire[2]);
  }
}
