package io.gpuchassis.sensor.sim;

import io.gpuchassis.sensor.gpio.GpioLine;
import io.gpuchassis.sensor.gpio.SlotSignal;
import io.gpuchassis.sensor.layout.I2cLocation;
import io.gpuchassis.sensor.layout.SensorLayout;
import io.gpuchassis.sensor.layout.SlotLine;
import io.gpuchassis.sensor.layout.SlotSpec;
import io.gpuchassis.sensor.sim.device.SimPca9555;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;

/**
 * The simulated board's slot signals where the layout wires them: a pin of a simulated PCA9555, or
 * an external line (a processor or switch GPIO) that the agent gets as a {@link GpioLine} by name.
 * Either way the board side (pull-downs on the outputs, a seated card grounding PRSNT#) and the
 * level the physics reads are the same.
 *
 * <p>Thread-safety: safe; expander pins synchronise on their expander, external lines on
 * themselves.
 */
final class SimulatedSensorBoardLines {

  /** One slot signal as the board sees it. */
  interface Line {

    /** The electrical level now: what the agent drives, else what the board pulls the line to. */
    boolean level();

    /**
     * The level the board puts on the line while nothing drives it: a pull resistor, or a card's
     * presence.
     */
    void pull(boolean high);

    /** Driven at {@code high}, as an earlier run of the agent left it (warm start). */
    void leaveDriven(boolean high);
  }

  private final Map<Integer, Map<SlotSignal, Line>> bySlot = new HashMap<>();
  private final Map<String, ExternalLine> external = new LinkedHashMap<>();
  private final Optional<Line> identifyLed;

  SimulatedSensorBoardLines(SensorLayout layout, Map<I2cLocation, SimPca9555> expanders) {
    for (SlotSpec s : layout.slots()) {
      Map<SlotSignal, Line> lines = new EnumMap<>(SlotSignal.class);
      s.lines()
          .lines()
          .forEach(
              (signal, line) -> {
                if (line instanceof SlotLine.OnExpander pin) {
                  lines.put(signal, new ExpanderLine(expanders.get(pin.expander()), pin.pin()));
                } else {
                  String name = ((SlotLine.External) line).name();
                  ExternalLine e = new ExternalLine(name, signal);
                  external.put(name, e);
                  lines.put(signal, e);
                }
              });
      bySlot.put(s.slot(), Collections.unmodifiableMap(lines));
    }
    identifyLed =
        layout
            .identifyLed()
            .map(
                line -> {
                  if (line instanceof SlotLine.OnExpander pin) {
                    return new ExpanderLine(expanders.get(pin.expander()), pin.pin());
                  }
                  String name = ((SlotLine.External) line).name();
                  ExternalLine e = new ExternalLine(name, SlotSignal.ATTENTION_LED);
                  external.put(name, e);
                  return e;
                });
    // a pull-down holds the LED dark until the agent drives it
    identifyLed.ifPresent(line -> line.pull(false));
  }

  /** The chassis identify LED's line; empty when the layout has none. */
  Optional<Line> identifyLed() {
    return identifyLed;
  }

  /** The wired signals of {@code slot}. */
  Map<SlotSignal, Line> of(int slot) {
    return bySlot.getOrDefault(slot, Map.of());
  }

  /** The agent's side of the external line {@code name}. */
  GpioLine external(String name) {
    ExternalLine line = external.get(name);
    if (line == null) {
      throw new NoSuchElementException(
          "the layout has no external line " + name + "; it has " + external.keySet());
    }
    return line;
  }

  /** A slot signal on a pin of a simulated PCA9555. */
  private static final class ExpanderLine implements Line {

    private final SimPca9555 expander;
    private final int pin;

    ExpanderLine(SimPca9555 expander, int pin) {
      this.expander = expander;
      this.pin = pin;
    }

    @Override
    public boolean level() {
      return expander.level(pin);
    }

    @Override
    public void pull(boolean high) {
      expander.setExternalLevel(pin, high);
    }

    @Override
    public void leaveDriven(boolean high) {
      expander.presetOutput(pin, high);
    }
  }

  /**
   * A slot signal on a GPIO outside the I2C devices. PRSNT# is an input: driving it fails as on the
   * real line. An output follows what the agent last drove; until then it sits at the board's pull.
   */
  private static final class ExternalLine implements Line, GpioLine {

    private final String name;
    private final SlotSignal signal;
    private boolean pulledHigh;
    private boolean driven;
    private boolean drivenHigh;

    ExternalLine(String name, SlotSignal signal) {
      this.name = name;
      this.signal = signal;
    }

    @Override
    public synchronized boolean level() {
      return driven ? drivenHigh : pulledHigh;
    }

    @Override
    public synchronized void pull(boolean high) {
      pulledHigh = high;
    }

    @Override
    public synchronized void leaveDriven(boolean high) {
      driven = true;
      drivenHigh = high;
    }

    @Override
    public boolean isHigh() {
      return level();
    }

    @Override
    public synchronized void setHigh(boolean high) {
      if (!signal.output()) {
        throw new IllegalStateException("line " + name + " (" + signal.label() + ") is an input");
      }
      driven = true;
      drivenHigh = high;
    }

    @Override
    public String toString() {
      return "simulated line " + name + " (" + signal.label() + ")";
    }
  }
}
