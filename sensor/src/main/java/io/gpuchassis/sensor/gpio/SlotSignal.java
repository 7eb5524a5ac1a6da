package io.gpuchassis.sensor.gpio;

/**
 * The four per-slot signals the agent knows, with their polarity. Polarity is fixed by the PCIe CEM
 * names and by how the reference boards wire the outputs, not configurable: PRSNT# and PERST# are
 * active low, power enable and the attention LED active high.
 */
public enum SlotSignal {
  /** PRSNT#: input, low while a card is seated (the card grounds the pulled-up pin). */
  PRESENT_N("PRSNT#", true, false),
  /** PWR_EN: output to the slot's hot-swap controller or eFuse, high = slot power on. */
  POWER_ENABLE("PWR_EN", false, true),
  /** PERST#: output, low = the card is held in reset. */
  PERST_N("PERST#", true, true),
  /** ATTN_LED: output, high = lit. */
  ATTENTION_LED("ATTN_LED", false, true);

  private final String label;
  private final boolean activeLow;
  private final boolean output;

  SlotSignal(String label, boolean activeLow, boolean output) {
    this.label = label;
    this.activeLow = activeLow;
    this.output = output;
  }

  /** The signal's schematic name. */
  public String label() {
    return label;
  }

  public boolean activeLow() {
    return activeLow;
  }

  /** True for the signals the agent drives; PRSNT# is the only input. */
  public boolean output() {
    return output;
  }

  /**
   * Whether an electrical level means the signal is asserted (card present, power on, in reset, LED
   * lit).
   */
  public boolean asserted(boolean high) {
    return high != activeLow;
  }

  /** The electrical level that asserts ({@code true}) or deasserts the signal. */
  public boolean level(boolean asserted) {
    return asserted != activeLow;
  }
}
