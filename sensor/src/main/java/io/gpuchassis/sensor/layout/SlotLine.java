package io.gpuchassis.sensor.layout;

/**
 * Where one slot signal is wired: a pin of a PCA9555 of the layout, or an external line the agent
 * resolves by name (see {@link io.gpuchassis.sensor.gpio.ExternalLineResolver}).
 */
public sealed interface SlotLine permits SlotLine.OnExpander, SlotLine.External {

  static SlotLine expanderPin(I2cLocation expander, int pin) {
    return new OnExpander(expander, pin);
  }

  static SlotLine external(String name) {
    return new External(name);
  }

  /**
   * Pin {@code pin} of the PCA9555 at {@code expander}.
   *
   * @param pin 0-15 (port 0 bit n is pin n, port 1 bit n is pin 8+n)
   */
  record OnExpander(I2cLocation expander, int pin) implements SlotLine {

    public OnExpander {
      if (expander == null) {
        throw new IllegalArgumentException("expander location missing");
      }
      if (pin < 0 || pin > 15) {
        throw new IllegalArgumentException("PCA9555 pin must be 0-15: " + pin);
      }
    }

    @Override
    public String toString() {
      return "pin " + pin + " of " + expander;
    }
  }

  /** A line outside the layout's I2C devices, named as the board description names it. */
  record External(String name) implements SlotLine {

    public External {
      Specs.requireId(name);
    }

    @Override
    public String toString() {
      return "line " + name;
    }
  }
}
