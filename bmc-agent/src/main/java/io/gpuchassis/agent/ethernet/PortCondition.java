package io.gpuchassis.agent.ethernet;

/**
 * What can be wrong with a data-path port, each with the property its threshold messages name: a
 * Redfish Port or PortMetrics property where DMTF has one, else the counters' own names.
 */
public enum PortCondition {
  /** Carrier came and went too often within the window (Port's count of link transitions). */
  LINK_FLAP("LinkTransitionIndicator"),
  /** The link runs slower than the port can. */
  SPEED_LOW("CurrentSpeedGbps"),
  /** A storm of received PFC pause frames: the peer keeps this port from sending. */
  RX_PAUSE_STORM("RXPFCFrames"),
  /** A storm of sent PFC pause frames: this port's receiver keeps the peer from sending. */
  TX_PAUSE_STORM("TXPFCFrames"),
  /** RoCE packets lost: out of sequence at the responder, sequence-error NAKs at the requester. */
  PACKET_LOSS("out_of_sequence+packet_seq_err"),
  /** Symbol errors the link's forward error correction could not correct: frames lost on it. */
  FEC_UNCORRECTABLE("rx_pcs_symbol_err_phy");

  private final String property;

  PortCondition(String property) {
    this.property = property;
  }

  public String property() {
    return property;
  }
}
