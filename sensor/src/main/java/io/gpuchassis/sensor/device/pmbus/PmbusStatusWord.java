package io.gpuchassis.sensor.device.pmbus;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * A decoded STATUS_WORD.
 *
 * @param raw the 16-bit register value
 */
public record PmbusStatusWord(int raw) {

  public PmbusStatusWord {
    if (raw < 0 || raw > 0xFFFF) {
      throw new IllegalArgumentException("not a 16-bit status word: " + raw);
    }
  }

  public Set<PmbusStatusFlag> flags() {
    EnumSet<PmbusStatusFlag> set = EnumSet.noneOf(PmbusStatusFlag.class);
    for (PmbusStatusFlag f : PmbusStatusFlag.values()) {
      if ((raw & f.mask()) != 0) {
        set.add(f);
      }
    }
    return Collections.unmodifiableSet(set);
  }

  public boolean has(PmbusStatusFlag flag) {
    return (raw & flag.mask()) != 0;
  }

  /** True when the supply is delivering good output: POWER_GOOD# and OFF both clear. */
  public boolean powerGood() {
    return !has(PmbusStatusFlag.POWER_GOOD_NEGATED) && !has(PmbusStatusFlag.OFF);
  }

  /** True when any bit is set, i.e. there is something to look at. */
  public boolean anyFlag() {
    return raw != 0;
  }

  @Override
  public String toString() {
    return String.format("STATUS_WORD 0x%04X %s", raw, flags());
  }
}
