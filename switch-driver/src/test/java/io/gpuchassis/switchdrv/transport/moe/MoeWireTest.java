package io.gpuchassis.switchdrv.transport.moe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gpuchassis.switchdrv.SwitchException;
import org.junit.jupiter.api.Test;

/**
 * Golden MoE bytes, written out by hand from switchtec-user v4.6-rc3 lib/platform/linux-eth.c:
 * {@code struct eth_header} (u32 signature sent through htonl, u8 version_id, rsvd0, function_type,
 * packet_type, service_inst, service_type, u16 payload_bytes and mrpc_output_bytes/return_code
 * through htons, u16 rsvd3), {@code struct eth_mrpc_body} (htole32 command_id, data) and {@code
 * struct eth_gas_write_body} (htole32 command_id, htole32 offset, htole16 bytes, u16 reserved,
 * data), with the constants ETH_PROT_SIGNATURE 0x6d6c7373, ETH_PACKET_TYPE_OPEN 0xB1 / _CMD 0xB2,
 * ETH_FUNC_TYPE_* and ETH_GAS_READ_CMD_ID 0x1001 / _WRITE_ 0x1002.
 */
class MoeWireTest {

  private static byte[] b(int... v) {
    byte[] out = new byte[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = (byte) v[i];
    }
    return out;
  }

  private static byte[] concat(byte[] a, byte[] c) {
    byte[] out = new byte[a.length + c.length];
    System.arraycopy(a, 0, out, 0, a.length);
    System.arraycopy(c, 0, out, a.length, c.length);
    return out;
  }

  @Test
  void open_request_of_the_event_channel_of_instance_1() {
    // open_eth_chan(ip, port, ETH_CHAN_TYPE_EVENT 2, inst 1): OPEN_REQUEST 1, packet 0xB1
    byte[] golden = b(0x6d, 0x6c, 0x73, 0x73, 1, 0, 1, 0xB1, 1, 2, 0, 0, 0, 0, 0, 0);
    assertArrayEquals(
        golden, MoeHeader.open(MoeHeader.OPEN_REQUEST, 1, MoeHeader.SERVICE_EVENT, 0).encode());
  }

  @Test
  void open_accept_and_reject_as_the_vendor_checks_them() {
    // accepted only when function_type == ETH_FUNC_TYPE_OPEN_ACCEPT (2) and return_code == 0
    byte[] accept = b(0x6d, 0x6c, 0x73, 0x73, 1, 0, 2, 0xB1, 0, 1, 0, 0, 0, 0, 0, 0);
    MoeHeader h = MoeHeader.decode(accept);
    assertEquals(MoeHeader.OPEN_ACCEPT, h.functionType());
    assertEquals(0, h.outputLengthOrCode());
    assertArrayEquals(accept, MoeHeader.open(MoeHeader.OPEN_ACCEPT, 0, 1, 0).encode());
    // reject (3) with return code 1, big-endian in bytes 12-13
    MoeHeader r =
        MoeHeader.decode(b(0x6d, 0x6c, 0x73, 0x73, 1, 0, 3, 0xB1, 1, 1, 0, 0, 0, 1, 0, 0));
    assertEquals(MoeHeader.OPEN_REJECT, r.functionType());
    assertEquals(1, r.outputLengthOrCode());
  }

  @Test
  void mrpc_command_packet() {
    // send_eth_command(fd, ETH_FUNC_TYPE_MRPC_CMD 1, {htole32(0x41), data 11 22 33 44}, 8, 4)
    byte[] golden =
        b(
            0x6d, 0x6c, 0x73, 0x73, 1, 0, 1, 0xB2, 0, 0, 0x00, 0x08, 0x00, 0x04, 0, 0, //
            0x41, 0, 0, 0, 0x11, 0x22, 0x33, 0x44);
    byte[] body = MoeBodies.mrpc(0x41, b(0x11, 0x22, 0x33, 0x44));
    assertArrayEquals(
        golden, MoeHeader.command(MoeHeader.MRPC_COMMAND, body.length, 4).encodeWith(body));
  }

  @Test
  void mrpc_response_as_recv_eth_response_reads_it() {
    // header with payload_bytes 8 = result u32 (le32toh) + 4 output bytes
    byte[] golden =
        b(
            0x6d, 0x6c, 0x73, 0x73, 1, 0, 3, 0xB2, 0, 0, 0x00, 0x08, 0, 0, 0, 0, //
            0x06, 0x00, 0x0F, 0x00, 0xAA, 0xBB, 0xCC, 0xDD);
    MoeHeader h = MoeHeader.decode(java.util.Arrays.copyOf(golden, 16));
    assertEquals(MoeHeader.MRPC_RESPONSE, h.functionType());
    assertEquals(8, h.payloadLength());
    MoeBodies.Response r =
        MoeBodies.Response.decode(java.util.Arrays.copyOfRange(golden, 16, golden.length));
    assertEquals(0x000F0006L, r.result());
    assertArrayEquals(b(0xAA, 0xBB, 0xCC, 0xDD), r.output());
    assertArrayEquals(
        golden,
        concat(
            MoeHeader.command(MoeHeader.MRPC_RESPONSE, 8, 0).encode(),
            MoeBodies.response(0x000F0006L, b(0xAA, 0xBB, 0xCC, 0xDD))));
  }

  @Test
  void gas_read_and_write_commands() {
    // eth_gas_read_exec: {0x1001, offset 0x2104, bytes 4, 0}, output length 0
    byte[] read =
        b(
            0x6d, 0x6c, 0x73, 0x73, 1, 0, 2, 0xB2, 0, 0, 0x00, 0x0C, 0, 0, 0, 0, //
            0x01, 0x10, 0, 0, 0x04, 0x21, 0, 0, 0x04, 0, 0, 0);
    byte[] body = MoeBodies.gasRead(0x2104, 4);
    assertArrayEquals(read, MoeHeader.command(MoeHeader.GAS_COMMAND, 12, 0).encodeWith(body));
    // eth_gas_write_exec: {0x1002, offset 0x800, bytes 4, 0, data 04 00 00 00}
    byte[] write =
        b(
            0x6d, 0x6c, 0x73, 0x73, 1, 0, 2, 0xB2, 0, 0, 0x00, 0x10, 0, 0, 0, 0, //
            0x02, 0x10, 0, 0, 0x00, 0x08, 0, 0, 0x04, 0, 0, 0, 0x04, 0, 0, 0);
    byte[] wbody = MoeBodies.gasWrite(0x800, b(4, 0, 0, 0));
    assertArrayEquals(write, MoeHeader.command(MoeHeader.GAS_COMMAND, 16, 0).encodeWith(wbody));
    MoeBodies.GasCommand c = MoeBodies.GasCommand.decode(wbody);
    assertEquals(MoeBodies.GAS_WRITE, c.command());
    assertEquals(0x800, c.offset());
    assertEquals(4, c.length());
    assertArrayEquals(b(4, 0, 0, 0), c.data());
  }

  @Test
  void event_packet_is_a_bare_command_header_with_function_4() {
    // eth_event_wait: packet_type == ETH_PACKET_TYPE_CMD && function_type == ETH_FUNC_TYPE_EVENT
    assertArrayEquals(
        b(0x6d, 0x6c, 0x73, 0x73, 1, 0, 4, 0xB2, 0, 0, 0, 0, 0, 0, 0, 0),
        MoeHeader.command(MoeHeader.EVENT, 0, 0).encode());
  }

  @Test
  void reserved_bytes_are_ignored_because_the_vendor_leaves_them_uninitialised() {
    // send_eth_command mallocs the packet and never sets rsvd0, service_inst/type or rsvd3
    MoeHeader h =
        MoeHeader.decode(
            b(0x6d, 0x6c, 0x73, 0x73, 1, 0xA5, 1, 0xB2, 0x5A, 0xC3, 0, 8, 0, 4, 0xDE, 0xAD));
    assertEquals(MoeHeader.MRPC_COMMAND, h.functionType());
    assertEquals(8, h.payloadLength());
    assertEquals(4, h.outputLengthOrCode());
  }

  @Test
  void bad_signature_or_version_is_a_protocol_error() {
    assertEquals(
        SwitchException.Kind.PROTOCOL,
        assertThrows(
                SwitchException.class,
                () ->
                    MoeHeader.decode(
                        b(0x73, 0x73, 0x6c, 0x6d, 1, 0, 1, 0xB1, 0, 1, 0, 0, 0, 0, 0, 0)))
            .kind());
    assertEquals(
        SwitchException.Kind.PROTOCOL,
        assertThrows(
                SwitchException.class,
                () ->
                    MoeHeader.decode(
                        b(0x6d, 0x6c, 0x73, 0x73, 2, 0, 1, 0xB1, 0, 1, 0, 0, 0, 0, 0, 0)))
            .kind());
  }
}
