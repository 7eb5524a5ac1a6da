package io.gpuchassis.switchdrv.transport.tcp;

import io.gpuchassis.switchdrv.wire.LeReader;
import io.gpuchassis.switchdrv.wire.LeWriter;

/**
 * Bodies of the SMWP profile-M messages (reference §9.3), both directions. All multi-byte body
 * fields are little-endian.
 */
public final class SmwpMessages {

  private SmwpMessages() {}

  /** GAS_READ body: {chip u8, rsvd u8, len u16, offset u32}. */
  public static byte[] gasRead(int chip, int offset, int length) {
    return new LeWriter().u8(chip).u8(0).u16(length).u32(offset).toBytes();
  }

  /** GAS_WRITE body: {chip u8, rsvd u8, len u16, offset u32, data}. */
  public static byte[] gasWrite(int chip, int offset, byte[] data) {
    return new LeWriter().u8(chip).u8(0).u16(data.length).u32(offset).bytes(data).toBytes();
  }

  /** MRPC body: {chip u8, rsvd u8, out_len u16, cmd u32, payload}. */
  public static byte[] mrpc(int chip, int outputLength, int commandWord, byte[] payload) {
    return new LeWriter()
        .u8(chip)
        .u8(0)
        .u16(outputLength)
        .u32(commandWord)
        .bytes(payload)
        .toBytes();
  }

  /** MRPC reply body: {mrpc_status u32, ret_value u32, output[out_len]}. */
  public static byte[] mrpcReply(int status, long returnValue, byte[] output) {
    return new LeWriter().u32(status).u32(returnValue).bytes(output).toBytes();
  }

  /** HELLO reply body: {proto_ver u8, gen u8, device_id u16, twi_addr u8, chip_count u8}. */
  public static byte[] helloReply(int gen, int deviceId, int twiAddress, int chipCount) {
    return new LeWriter()
        .u8(SmwpFrame.VERSION)
        .u8(gen)
        .u16(deviceId)
        .u8(twiAddress)
        .u8(chipCount)
        .toBytes();
  }

  /** ERROR body: {seq_of_request u16 BE, smwp_error u8, detail ASCII}. */
  public static byte[] error(int seq, int code, String detail) {
    byte[] d = detail.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    byte[] out = new byte[3 + d.length];
    out[0] = (byte) (seq >>> 8);
    out[1] = (byte) seq;
    out[2] = (byte) code;
    System.arraycopy(d, 0, out, 3, d.length);
    return out;
  }

  /**
   * A decoded request header common to GAS_READ, GAS_WRITE and MRPC: chip, length field,
   * offset/command.
   */
  public record Request(int chip, int length, int word, byte[] data) {

    public static Request decode(byte[] body) {
      LeReader r = new LeReader(body, "SMWP request");
      int chip = r.u8();
      r.u8();
      int len = r.u16();
      int word = r.i32();
      return new Request(chip, len, word, r.bytes(r.remaining()));
    }
  }
}
