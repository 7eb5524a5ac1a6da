package io.gpuchassis.switchdrv.sim;

/** A switch-owned GPIO of a simulated chip, read and set with VGPIO (reference §2.9). */
public sealed interface GpioPin {

  /** The firmware's logical pin ID (0..65535). */
  int logicalPin();

  /**
   * A slot's PRSNT# input: reads 0 (asserted) while an endpoint (a GPU) is cabled to the port, 1
   * otherwise and while the card is pulled out (a surprise-down fault on the port). Inputs refuse
   * set-value.
   *
   * @param logicalPin logical pin ID
   * @param physicalPort the slot's physical port
   */
  record Presence(int logicalPin, int physicalPort) implements GpioPin {
    public Presence {
      requirePin(logicalPin);
    }
  }

  /**
   * A settable output (power enable, PERST#): reads back what was last set; starts at {@code
   * initialHigh} after every boot.
   *
   * @param logicalPin logical pin ID
   * @param initialHigh level after boot
   */
  record Output(int logicalPin, boolean initialHigh) implements GpioPin {
    public Output {
      requirePin(logicalPin);
    }
  }

  private static void requirePin(int logicalPin) {
    if (logicalPin < 0 || logicalPin > 0xFFFF) {
      throw new IllegalArgumentException("logical GPIO pin out of range: " + logicalPin);
    }
  }
}
