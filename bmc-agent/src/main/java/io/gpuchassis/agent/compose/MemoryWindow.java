package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.Gpu;
import java.util.OptionalLong;

/**
 * The memory windows (BARs) a GPU asks of the host it is attached to, which must fit in the host
 * port's hot-plug window: a data-center GPU maps its whole memory through BAR1 (rounded up to a
 * power of two, as a BAR is), besides its 16 MiB register BAR0 and 32 MiB BAR3. Unknown for a GPU
 * that did not report its memory size.
 */
public final class MemoryWindow {

  static final long REGISTERS_MIB = 16;
  static final long BAR3_MIB = 32;

  private MemoryWindow() {}

  /**
   * What a GPU of unknown memory counts against a {@code windowMib} window: all of it (its BAR1 may
   * be as large as anything that still works there), and never less than the registers every GPU
   * maps, so that even an empty window refuses it.
   */
  public static long unknownMib(long windowMib) {
    return Math.max(windowMib, REGISTERS_MIB + BAR3_MIB);
  }

  /** The MiB of 64-bit memory windows {@code gpu} needs, when its memory size is known. */
  public static OptionalLong mibOf(Gpu gpu) {
    if (gpu.memoryGiB() <= 0) {
      return OptionalLong.empty();
    }
    long bar1GiB = Long.highestOneBit(gpu.memoryGiB());
    if (bar1GiB < gpu.memoryGiB()) {
      bar1GiB <<= 1;
    }
    return OptionalLong.of(bar1GiB * 1024 + REGISTERS_MIB + BAR3_MIB);
  }
}
