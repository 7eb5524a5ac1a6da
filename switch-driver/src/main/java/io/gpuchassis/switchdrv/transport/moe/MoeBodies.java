package io.gpuchassis.switchdrv.transport.moe;

import io.gpuchassis.switchdrv.wire.LeReader;
import io.gpuchassis.switchdrv.wire.LeWriter;

/**
 * Bodies of MoE command packets, both directions (switchtec-user lib/platform/linux-eth.c). All
 * body fields are little-endian, unlike the header.
 */
public final class MoeBodies {

  public static final int GAS_READ = 0x1001;
  public static final int GAS_WRITE = 0x1002;

  /** The vendor library reads at most this many GAS bytes per request ({@code ETH_MAX_READ}). */
  public static final int MAX_GAS_READ = 512;

  /** GAS write data per request: one whole mailbox region. */
  public static final int MAX_GAS_WRITE = MoeHeader.MAX_PAYLOAD - 12;

  /** Result codes of this simulator's GAS responses (a chip's own codes are not published). */
  public static final long GAS_OK = 0;

  public static final long GAS_OUT_OF_RANGE = 1;
  public static final long GAS_BAD_REQUEST = 2;

  private MoeBodies() {}

  /** MRPC command body ({@code struct eth_mrpc_body}): command word u32, payload. */
  public static byte[] mrpc(int commandWord, byte[] payload) {
    return new LeWriter().u32(Integer.toUnsignedLong(commandWord)).bytes(payload).toBytes();
  }

  /** GAS read body: {cmd 0x1001 u32, offset u32, bytes u16, rsvd u16}. */
  public static byte[] gasRead(int offset, int length) {
    return new LeWriter()
        .u32(GAS_READ)
        .u32(Integer.toUnsignedLong(offset))
        .u16(length)
        .u16(0)
        .toBytes();
  }

  /**
   * GAS write body ({@code struct eth_gas_write_body}): {cmd 0x1002, offset, bytes, rsvd, data}.
   */
  public static byte[] gasWrite(int offset, byte[] data) {
    return new LeWriter()
        .u32(GAS_WRITE)
        .u32(Integer.toUnsignedLong(offset))
        .u16(data.length)
        .u16(0)
        .bytes(data)
        .toBytes();
  }

  /** Response body of MRPC and GAS commands: result u32, then output or read data. */
  public static byte[] response(long result, byte[] output) {
    return new LeWriter().u32(result).bytes(output).toBytes();
  }

  /** A decoded response body. */
  public record Response(long result, byte[] output) {

    public static Response decode(byte[] body) {
      LeReader r = new LeReader(body, "MoE response");
      long result = r.u32();
      return new Response(result, r.bytes(r.remaining()));
    }
  }

  /** A decoded GAS command body; {@code data} is empty for reads. */
  public record GasCommand(int command, int offset, int length, byte[] data) {

    public static GasCommand decode(byte[] body) {
      LeReader r = new LeReader(body, "MoE GAS command");
      int command = r.i32();
      int offset = r.i32();
      int length = r.u16();
      r.u16();
      return new GasCommand(command, offset, length, r.bytes(r.remaining()));
    }
  }
}
