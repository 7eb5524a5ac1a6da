package io.gpuchassis.switchdrv.transport.moe;

import io.gpuchassis.switchdrv.SwitchException;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/**
 * The 16-byte header of every MoE (Switchtec management over Ethernet) packet, as switchtec-user's
 * {@code struct eth_header} (lib/platform/linux-eth.c): signature u32 BE {@code 0x6d6c7373},
 * version u8 = 1, rsvd u8, function type u8, packet type u8, service instance u8, service type u8,
 * payload length u16 BE, MRPC output length or return code u16 BE, rsvd u16.
 *
 * @param functionType open request/accept/reject/close, or MRPC/GAS command/response/event
 * @param packetType {@link #PACKET_OPEN} or {@link #PACKET_COMMAND}
 * @param serviceInstance the chip instance (0 or 1) an open request names
 * @param serviceType {@link #SERVICE_COMMAND} or {@link #SERVICE_EVENT} in an open request
 * @param payloadLength bytes of body that follow the header
 * @param outputLengthOrCode MRPC output length in a request, return code in an open answer
 */
public record MoeHeader(
    int functionType,
    int packetType,
    int serviceInstance,
    int serviceType,
    int payloadLength,
    int outputLengthOrCode) {

  public static final int SIZE = 16;
  public static final int DEFAULT_PORT = 54545;
  public static final int SIGNATURE = 0x6d6c7373;
  public static final int VERSION = 1;

  public static final int PACKET_OPEN = 0xB1;
  public static final int PACKET_COMMAND = 0xB2;

  public static final int OPEN_REQUEST = 1;
  public static final int OPEN_ACCEPT = 2;
  public static final int OPEN_REJECT = 3;
  public static final int OPEN_CLOSE = 4;

  public static final int MRPC_COMMAND = 1;
  public static final int GAS_COMMAND = 2;
  public static final int MRPC_RESPONSE = 3;
  public static final int EVENT = 4;
  public static final int GAS_RESPONSE = 5;

  public static final int SERVICE_COMMAND = 1;
  public static final int SERVICE_EVENT = 2;

  /**
   * Largest body accepted: a GAS write of a whole 1024-byte mailbox region (12-byte GAS command
   * header plus data); an MRPC body is at most 4 + 1024 (MRPC_MAX_DATA_LEN).
   */
  public static final int MAX_PAYLOAD = 12 + 1024;

  public MoeHeader {
    if (payloadLength < 0 || payloadLength > 0xFFFF || outputLengthOrCode < 0) {
      throw new IllegalArgumentException("MoE length field out of range");
    }
  }

  /** An open-channel packet (request, accept, reject or close) without a body. */
  public static MoeHeader open(int function, int instance, int service, int returnCode) {
    return new MoeHeader(function, PACKET_OPEN, instance, service, 0, returnCode);
  }

  /** A command-channel packet header for a body of {@code payloadLength} bytes. */
  public static MoeHeader command(int function, int payloadLength, int outputLength) {
    return new MoeHeader(function, PACKET_COMMAND, 0, 0, payloadLength, outputLength);
  }

  public boolean is(int packet, int function) {
    return packetType == packet && functionType == function;
  }

  public byte[] encode() {
    byte[] b = new byte[SIZE];
    b[0] = (byte) (SIGNATURE >>> 24);
    b[1] = (byte) (SIGNATURE >>> 16);
    b[2] = (byte) (SIGNATURE >>> 8);
    b[3] = (byte) SIGNATURE;
    b[4] = VERSION;
    b[6] = (byte) functionType;
    b[7] = (byte) packetType;
    b[8] = (byte) serviceInstance;
    b[9] = (byte) serviceType;
    b[10] = (byte) (payloadLength >>> 8);
    b[11] = (byte) payloadLength;
    b[12] = (byte) (outputLengthOrCode >>> 8);
    b[13] = (byte) outputLengthOrCode;
    return b;
  }

  /** Header followed by its body, in one array so that it goes out in one write. */
  public byte[] encodeWith(byte[] body) {
    if (body.length != payloadLength) {
      throw new IllegalArgumentException("body length differs from the header's payload length");
    }
    byte[] out = new byte[SIZE + body.length];
    System.arraycopy(encode(), 0, out, 0, SIZE);
    System.arraycopy(body, 0, out, SIZE, body.length);
    return out;
  }

  /**
   * Decodes 16 header bytes. The reserved bytes are ignored: the vendor's library leaves them (and,
   * in an open request, the length fields) uninitialised. Throws PROTOCOL on a bad signature or
   * version.
   */
  public static MoeHeader decode(byte[] b) {
    if (b.length != SIZE) {
      throw protocol("header of " + b.length + " bytes, expected 16");
    }
    int sig = (b[0] & 0xFF) << 24 | (b[1] & 0xFF) << 16 | (b[2] & 0xFF) << 8 | (b[3] & 0xFF);
    if (sig != SIGNATURE) {
      throw protocol(String.format("bad signature 0x%08x", sig));
    }
    if ((b[4] & 0xFF) != VERSION) {
      throw protocol("unsupported version " + (b[4] & 0xFF));
    }
    return new MoeHeader(
        b[6] & 0xFF,
        b[7] & 0xFF,
        b[8] & 0xFF,
        b[9] & 0xFF,
        (b[10] & 0xFF) << 8 | (b[11] & 0xFF),
        (b[12] & 0xFF) << 8 | (b[13] & 0xFF));
  }

  /** Reads and decodes one header. IO on end of stream, PROTOCOL on a bad header. */
  public static MoeHeader read(InputStream in) throws IOException {
    return decode(readFully(in, SIZE));
  }

  /** Reads exactly {@code n} bytes or throws {@link EOFException}. */
  public static byte[] readFully(InputStream in, int n) throws IOException {
    byte[] b = new byte[n];
    int off = 0;
    while (off < n) {
      int r = in.read(b, off, n - off);
      if (r < 0) {
        throw new EOFException("connection closed");
      }
      off += r;
    }
    return b;
  }

  static SwitchException protocol(String m) {
    return new SwitchException(SwitchException.Kind.PROTOCOL, "MoE: " + m);
  }
}
