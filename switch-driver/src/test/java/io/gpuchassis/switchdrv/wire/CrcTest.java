package io.gpuchassis.switchdrv.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CrcTest {

  @Test
  void crc8_smbus_check_value() {
    // CRC catalogue: CRC-8/SMBUS check("123456789") = 0xF4
    assertEquals(0xF4, Crc8.of("123456789".getBytes(StandardCharsets.US_ASCII)));
  }

  @Test
  void crc8_matches_the_uart_examples_of_the_reference() {
    // reference §1.4: read 5 bytes 00 58 00 00 00 at 0x3 -> 0x37 (offset big-endian, then data)
    assertEquals(
        0x37, Crc8.update(Crc8.updateBigEndian32(0, 0x3), new byte[] {0, 0x58, 0, 0, 0}, 0, 5));
    // read 4 zero bytes at 0x135C00 -> 0xB6
    assertEquals(0xB6, Crc8.update(Crc8.updateBigEndian32(0, 0x135C00), new byte[4], 0, 4));
  }

  @Test
  void crc32_bzip2_check_value() {
    // reference §1.7: CRC-32/BZIP2 check("123456789") = 0xFC891918
    assertEquals(0xFC891918L, Crc32.of("123456789".getBytes(StandardCharsets.US_ASCII)));
  }

  @Test
  void le_reader_throws_protocol_on_truncation() {
    LeReader r = new LeReader(new byte[] {1, 2, 3}, "x");
    assertEquals(0x0201, r.u16());
    io.gpuchassis.switchdrv.SwitchException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            io.gpuchassis.switchdrv.SwitchException.class, r::u32);
    assertEquals(io.gpuchassis.switchdrv.SwitchException.Kind.PROTOCOL, e.kind());
  }
}
