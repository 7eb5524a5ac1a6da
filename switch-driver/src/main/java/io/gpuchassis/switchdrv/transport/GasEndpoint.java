package io.gpuchassis.switchdrv.transport;

/**
 * The switch side of GAS access: something that holds a GAS and answers reads and writes of it
 * directly (the simulator's register file). {@link InMemorySwitchTransport} calls it without any
 * framing. Implementations must be thread-safe.
 */
public interface GasEndpoint {

  /** Reads GAS bytes; out-of-range bytes read as 0xFF, like the hardware. */
  byte[] readGas(int offset, int length);

  /** Writes GAS bytes; returns false when the offset is outside the GAS (the write is dropped). */
  boolean writeGas(int offset, byte[] data);

  /** GAS size in bytes: accesses at or beyond it are "out of range". */
  int size();
}
