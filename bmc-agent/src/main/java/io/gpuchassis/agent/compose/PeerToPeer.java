package io.gpuchassis.agent.compose;

/** What a composition asks of the paths between its GPUs. */
public enum PeerToPeer {
  /** Every GPU behind one switch chip, so that peer-to-peer traffic never leaves the chip. */
  SAME_SWITCH,
  /** Any GPUs the host can reach; the closest are still preferred. */
  ANY
}
