package io.gpuchassis.sensor.layout;

import io.gpuchassis.sensor.gpio.SlotSignal;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * Where a slot's signals are wired, each one optional: a board may leave PERST# to its PCIe switch,
 * or have no attention LED. Immutable.
 */
public record SlotLines(Map<SlotSignal, SlotLine> lines) {

  public SlotLines {
    EnumMap<SlotSignal, SlotLine> copy = new EnumMap<>(SlotSignal.class);
    lines.forEach(
        (signal, line) -> {
          if (signal == null || line == null) {
            throw new IllegalArgumentException("slot line map has a null entry");
          }
          copy.put(signal, line);
        });
    lines = Collections.unmodifiableMap(copy);
  }

  /** No signal wired. */
  public static SlotLines none() {
    return new SlotLines(Map.of());
  }

  /**
   * The reference wiring: PRSNT#, PWR_EN, PERST# and ATTN_LED on four consecutive pins of one
   * PCA9555, starting at {@code firstPin} (0-12).
   */
  public static SlotLines consecutive(I2cLocation expander, int firstPin) {
    if (firstPin < 0 || firstPin > 12) {
      throw new IllegalArgumentException("four consecutive pins must start at 0-12: " + firstPin);
    }
    Map<SlotSignal, SlotLine> lines = new EnumMap<>(SlotSignal.class);
    for (SlotSignal s : SlotSignal.values()) {
      lines.put(s, SlotLine.expanderPin(expander, firstPin + s.ordinal()));
    }
    return new SlotLines(lines);
  }

  public Optional<SlotLine> line(SlotSignal signal) {
    return Optional.ofNullable(lines.get(signal));
  }

  /** These lines with {@code signal} wired to {@code line}. */
  public SlotLines with(SlotSignal signal, SlotLine line) {
    Map<SlotSignal, SlotLine> next = new EnumMap<>(SlotSignal.class);
    next.putAll(lines);
    next.put(signal, line);
    return new SlotLines(next);
  }

  /** These lines without {@code signal}. */
  public SlotLines without(SlotSignal signal) {
    Map<SlotSignal, SlotLine> next = new EnumMap<>(SlotSignal.class);
    next.putAll(lines);
    next.remove(signal);
    return new SlotLines(next);
  }
}
