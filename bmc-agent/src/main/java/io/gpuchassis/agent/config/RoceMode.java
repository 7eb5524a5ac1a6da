package io.gpuchassis.agent.config;

import java.util.Locale;

/**
 * How a RoCE port keeps its traffic from being dropped, as NVIDIA's switch profiles name the modes:
 * lossless is PFC on the RoCE priority with ECN marking beside it; lossy is ECN marking alone (no
 * PFC, the NIC's congestion control and go-back-N recover what is dropped).
 *
 * <p>Onyx and Cumulus also have a semi-lossless mode (the port honours pause frames it receives but
 * sends none). Linux's {@code dcb pfc} (IEEE 802.1Qaz, {@code struct ieee_pfc}) has one enable bit
 * per priority for both directions, so a host port cannot be set that way; the agent does not offer
 * it.
 */
public enum RoceMode {
  LOSSLESS("Lossless", "lossless"),
  LOSSY("Lossy", "lossy");

  private final String redfish;
  private final String config;

  RoceMode(String redfish, String config) {
    this.redfish = redfish;
    this.config = config;
  }

  /** The name in Redfish ({@code Oem.GpuChassisAgent.RoCE.Mode}). */
  public String redfish() {
    return redfish;
  }

  /** The name in the configuration file ({@code dataPorts.roce.mode}). */
  public String config() {
    return config;
  }

  /**
   * @throws IllegalArgumentException naming the modes there are
   */
  public static RoceMode parse(String text) {
    String wanted = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
    for (RoceMode m : values()) {
      if (m.config.equals(wanted)) {
        return m;
      }
    }
    throw new IllegalArgumentException(
        "'"
            + text
            + "' is not a RoCE mode; use lossless (PFC on the RoCE priority and ECN) or lossy"
            + " (ECN only)");
  }
}
