package io.gpuchassis.switchdrv.sim;

import io.gpuchassis.switchdrv.Generation;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The firmware's application log in RAM: 32-byte entries as switchtec-user's {@code struct
 * log_a_data} holds them (data[0..1] time stamp high/low in ticks, data[2] = severity << 28 |
 * module << 16 | entry number, data[3..7] parameters; lib/switchtec.c write_parsed_log). The
 * simulated firmware logs its boot and every link state change it records; the oldest entries go
 * when the ring is full.
 */
final class FirmwareLog {

  static final int CAPACITY = 1024;
  static final int MODULE_BOOT = 1;
  static final int MODULE_LINK = 2;
  static final int SEVERITY_HIGH = 2;
  static final int SEVERITY_MEDIUM = 3;

  private final ArrayDeque<int[]> entries = new ArrayDeque<>();
  private final long bootNanos;
  private final Generation generation;

  FirmwareLog(long bootNanos, Generation generation) {
    this.bootNanos = bootNanos;
    this.generation = generation;
  }

  void add(long now, int module, int severity, int entry, int... params) {
    // time stamp ticks: the vendor's parser multiplies by 1000/100 on Gen3, by 833/100 after
    long ns = Math.max(0, now - bootNanos);
    long ticks = generation == Generation.GEN3 ? ns / 10 : ns * 100 / 833;
    int[] e = new int[8];
    e[0] = (int) (ticks >>> 32);
    e[1] = (int) ticks;
    e[2] = severity << 28 | (module & 0xFFF) << 16 | (entry & 0xFFFF);
    System.arraycopy(params, 0, e, 3, Math.min(5, params.length));
    if (entries.size() == CAPACITY) {
      entries.removeFirst();
    }
    entries.addLast(e);
  }

  List<int[]> entries() {
    return new ArrayList<>(entries);
  }
}
