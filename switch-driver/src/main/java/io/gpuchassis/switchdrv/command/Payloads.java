package io.gpuchassis.switchdrv.command;

import io.gpuchassis.switchdrv.SwitchException;

/** Small checks shared by the decoders. */
final class Payloads {

  static final byte[] NONE = new byte[0];

  private Payloads() {}

  static void requireLength(byte[] output, int min, String what) {
    if (output == null || output.length < min) {
      throw new SwitchException(
          SwitchException.Kind.PROTOCOL,
          what + ": answer of " + (output == null ? 0 : output.length) + " bytes, expected " + min);
    }
  }

  static void requireRange(int value, int min, int max, String what) {
    if (value < min || value > max) {
      throw new IllegalArgumentException(what + " out of range: " + value);
    }
  }
}
