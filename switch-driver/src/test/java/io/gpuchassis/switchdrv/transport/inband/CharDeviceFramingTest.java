package io.gpuchassis.switchdrv.transport.inband;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gpuchassis.switchdrv.SwitchException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Golden bytes of the switchtec char device's file protocol, written out from switchtec-user
 * lib/platform/linux.c: {@code submit_cmd} writes {@code htole32(cmd)} then the payload in one
 * write(); {@code read_resp} reads {@code sizeof(uint32_t) + resp_len} bytes, the first four the
 * little-endian return value. GAS payloads follow inc/switchtec/gas_mrpc.h {@code struct
 * gas_mrpc_read {u32 gas_offset; u32 len;}}.
 */
class CharDeviceFramingTest {

  @Test
  void a_command_is_the_le_command_word_then_the_payload() {
    // ECHO 0x41 with the u32 0x11223344 (reference §2.2)
    byte[] golden = {0x41, 0, 0, 0, 0x44, 0x33, 0x22, 0x11};
    assertArrayEquals(golden, CharDeviceFraming.command(0x41, new byte[] {0x44, 0x33, 0x22, 0x11}));
    // a PAX ID in bits 22:18 travels in the same word: (3 << 18) | 0x1C
    assertArrayEquals(
        new byte[] {0x1C, 0, 0x0C, 0}, CharDeviceFraming.command((3 << 18) | 0x1C, new byte[0]));
  }

  @Test
  void a_payload_over_1024_bytes_is_refused_before_any_write() {
    assertThrows(
        IllegalArgumentException.class, () -> CharDeviceFraming.command(0x41, new byte[1025]));
    assertEquals(1028, CharDeviceFraming.MAX_WRITE);
  }

  @Test
  void a_successful_answer_is_a_zero_return_value_then_the_output() {
    byte[] read = {0, 0, 0, 0, (byte) 0xBB, (byte) 0xCC, (byte) 0xDD, (byte) 0xEE};
    CharDeviceFraming.Response r = CharDeviceFraming.response(read, 4);
    assertEquals(0, r.returnValue());
    assertArrayEquals(new byte[] {(byte) 0xBB, (byte) 0xCC, (byte) 0xDD, (byte) 0xEE}, r.output());
  }

  @Test
  void a_firmware_error_is_the_return_value_and_no_output() {
    // ERR_INVALID_CMD 0x64005 (inc/switchtec/errors.h) as the kernel copies stuser->return_code
    byte[] read = {0x05, 0x40, 0x06, 0x00, 1, 2, 3, 4};
    CharDeviceFraming.Response r = CharDeviceFraming.response(read, 4);
    assertEquals(0x64005, r.returnValue());
    assertEquals(0, r.output().length);
    // unsigned: a code with bit 31 set stays positive
    byte[] high = {0x01, 0x00, (byte) 0xFF, (byte) 0xFF};
    assertEquals(0xFFFF0001L, CharDeviceFraming.response(high, 0).returnValue());
  }

  @Test
  void a_short_read_is_a_protocol_failure_as_the_vendor_turns_it_into_eio() {
    SwitchException e =
        assertThrows(
            SwitchException.class, () -> CharDeviceFraming.response(new byte[] {0, 0, 0, 0}, 4));
    assertEquals(SwitchException.Kind.PROTOCOL, e.kind());
  }

  @Test
  void device_node_messages_carry_op_and_signed_value_little_endian() {
    byte[] ebade = DeviceNodeProtocol.encode(DeviceNodeProtocol.WRITE, -Errno.EBADE, new byte[0]);
    assertArrayEquals(
        new byte[] {1, 0, 0, 0, (byte) 0xCC, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF}, ebade);
    DeviceNodeProtocol.Message m =
        DeviceNodeProtocol.decode(
            DeviceNodeProtocol.encode(DeviceNodeProtocol.READ, 8, new byte[] {9, 8}));
    assertEquals(DeviceNodeProtocol.READ, m.op());
    assertEquals(8, m.value());
    assertArrayEquals(new byte[] {9, 8}, m.data());
    assertEquals(
        Path.of("/run/sim/switchtec0.sysfs"),
        DeviceNodeProtocol.sysfsDir(Path.of("/run/sim/switchtec0")));
  }
}
