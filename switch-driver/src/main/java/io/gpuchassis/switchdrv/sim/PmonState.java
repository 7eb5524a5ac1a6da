package io.gpuchassis.switchdrv.sim;

import io.gpuchassis.switchdrv.command.PmonCounterSetup;
import java.util.HashMap;
import java.util.Map;

/**
 * PMON event counters: 64 per stack, each with its setup and a baseline taken at setup or
 * read-and-clear. A counter's value is the sum of its ports' events of its types minus the
 * baseline.
 */
final class PmonState {

  private static final PmonCounterSetup UNUSED = new PmonCounterSetup(0, 0, false, 0);

  private final Map<Integer, PmonCounterSetup[]> setups = new HashMap<>();
  private final Map<Integer, long[]> baselines = new HashMap<>();

  private PmonCounterSetup[] setups(int stack) {
    return setups.computeIfAbsent(
        stack,
        s -> {
          PmonCounterSetup[] a = new PmonCounterSetup[64];
          java.util.Arrays.fill(a, UNUSED);
          return a;
        });
  }

  private long[] baselines(int stack) {
    return baselines.computeIfAbsent(stack, s -> new long[64]);
  }

  void setup(ChipState chip, int stack, int counter, PmonCounterSetup s, long now) {
    setups(stack)[counter] = s;
    baselines(stack)[counter] = total(chip, stack, s, now);
  }

  PmonCounterSetup setupOf(int stack, int counter) {
    return setups(stack)[counter];
  }

  long read(ChipState chip, int stack, int counter, boolean clear, long now) {
    PmonCounterSetup s = setups(stack)[counter];
    long total = total(chip, stack, s, now);
    long value = total - baselines(stack)[counter];
    if (clear) {
      baselines(stack)[counter] = total;
    }
    return value;
  }

  private static long total(ChipState chip, int stack, PmonCounterSetup s, long now) {
    long sum = 0;
    for (int i = 0; i < 8; i++) {
      if ((s.portMask() & (1 << i)) != 0) {
        SimPort p = chip.ports.get(stack * 8 + i);
        if (p != null) {
          sum += p.count(chip, s.typeMask(), now);
        }
      }
    }
    return sum;
  }
}
