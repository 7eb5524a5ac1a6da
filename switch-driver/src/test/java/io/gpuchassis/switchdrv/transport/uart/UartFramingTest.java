package io.gpuchassis.switchdrv.transport.uart;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.switchdrv.SwitchException;
import org.junit.jupiter.api.Test;

/** Golden lines and answers; every value is an example quoted in the reference §1.4. */
class UartFramingTest {

  @Test
  void read_command_line() {
    // reference §1.4: "gasrd -c -s 0x3 5"
    assertEquals("gasrd -c -s 0x3 5\r", UartFraming.readCommand(0x3, 5));
  }

  @Test
  void write_command_sends_highest_address_first_with_crc() {
    // reference §1.4: "gaswr -c -s 0x5 0xaabbccddeeff 0x84": 0xff is at 0x5, 0xaa at 0xA
    byte[] ascending = {
      (byte) 0xff, (byte) 0xee, (byte) 0xdd, (byte) 0xcc, (byte) 0xbb, (byte) 0xaa
    };
    assertEquals("gaswr -c -s 0x5 0xaabbccddeeff 0x84\r", UartFraming.writeCommand(0x5, ascending));
    // reference §1.4: 32-bit value 8 at 0x135C10 is "0x00000008", CRC 0xbc
    assertEquals(
        "gaswr -c -s 0x135c10 0x00000008 0xbc\r",
        UartFraming.writeCommand(0x135C10, new byte[] {8, 0, 0, 0}));
  }

  @Test
  void parses_a_read_answer() {
    // reference §1.4 read case 1, verbatim apart from line endings
    String text = "gas_reg_read <0x3> [5 Byte]\r\n00 58 00 00 00\r\nCRC: 0x37\r\n0x00000000:1204>";
    assertArrayEquals(new byte[] {0, 0x58, 0, 0, 0}, UartFraming.parseReadReply(text, 0x3, 5));
  }

  @Test
  void parses_a_read_answer_with_a_pff_line() {
    // reference §1.4 read case 2
    String text =
        "gas_reg_read <0x135c00> [4 Byte]\r\n[PFF] cs addr: 0x0300,not hit\r\n00 00 00 00\r\n"
            + "CRC: 0xb6\r\n0x00000000:0d93>";
    assertArrayEquals(new byte[4], UartFraming.parseReadReply(text, 0x135C00, 4));
  }

  @Test
  void out_of_range_read_is_all_ones() {
    // reference §1.4 read case 3: the library fills 0xFF
    String text =
        "gas_reg_read <0x5135c00> [4 Byte]\r\nNo access beyond the Total GAS Section\r\n0x00000000:0d93>";
    assertArrayEquals(new byte[] {-1, -1, -1, -1}, UartFraming.parseReadReply(text, 0x5135C00, 4));
  }

  @Test
  void read_answer_with_a_wrong_crc_is_a_protocol_error() {
    String text = "gas_reg_read <0x3> [5 Byte]\r\n00 58 00 00 01\r\nCRC: 0x37\r\n0x00000000:1204>";
    assertEquals(
        SwitchException.Kind.PROTOCOL,
        assertThrows(SwitchException.class, () -> UartFraming.parseReadReply(text, 3, 5)).kind());
  }

  @Test
  void read_answer_for_another_offset_is_a_protocol_error() {
    String text = "gas_reg_read <0x4> [5 Byte]\r\n00 58 00 00 00\r\nCRC: 0x37\r\n0x00000000:1204>";
    assertThrows(SwitchException.class, () -> UartFraming.parseReadReply(text, 3, 5));
  }

  @Test
  void write_answers() {
    byte[] ascending = {
      (byte) 0xff, (byte) 0xee, (byte) 0xdd, (byte) 0xcc, (byte) 0xbb, (byte) 0xaa
    };
    // reference §1.4 write case 1: success
    UartFraming.parseWriteReply(
        "gas_reg_write() success\r\nCRC: [0x84/0x84]\r\n0x00000000:1212>", 5, ascending);
    // write case 3: CRC error, calculated 0x84, expected (sent) 0x0b
    assertEquals(
        SwitchException.Kind.PROTOCOL,
        assertThrows(
                SwitchException.class,
                () ->
                    UartFraming.parseWriteReply(
                        "gas_reg_write() CRC Error\r\nCRC: [0x84/0x0b]\r\n0x00000000:0000>",
                        5,
                        ascending))
            .kind());
    // write case 4: out of range, firmware code 0x63006, CRC 0xe9 for 4 zero bytes at 0x5135c00
    SwitchException e =
        assertThrows(
            SwitchException.class,
            () ->
                UartFraming.parseWriteReply(
                    "Error with gas_reg_write(): 0x63006, Offset:0x5135c00\r\nCRC:[0xe9/0xe9]\r\n0x00000000:084d>",
                    0x5135C00,
                    new byte[4]));
    assertEquals(SwitchException.Kind.DEVICE_ERROR, e.kind());
    assertEquals(0x63006, e.firmwareCode().getAsLong());
    assertEquals(0xE9, UartFraming.writeCrc(0x5135C00, new byte[4]));
  }

  @Test
  void console_side_answers_are_byte_exact() {
    assertEquals(
        "gas_reg_read <0x3> [5 Byte]\r\n00 58 00 00 00\r\nCRC: 0x37\r\n",
        UartFraming.readReply(3, new byte[] {0, 0x58, 0, 0, 0}));
    assertEquals(
        "gas_reg_write() success\r\nCRC: [0x84/0x84]\r\n", UartFraming.writeReply(0x84, 0x84));
    assertEquals("0x00000000:1204>", UartFraming.prompt(0x1204));
  }

  @Test
  void prompt_detection() {
    assertTrue(UartFraming.endsWithPrompt("CRC: 0x37\r\n0x00000000:1204>"));
    assertFalse(UartFraming.endsWithPrompt("CRC: 0x37\r\n0x00000000:12"));
    assertFalse(UartFraming.endsWithPrompt("gas_reg_read <0x3>"));
  }
}
