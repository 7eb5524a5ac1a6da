package io.gpuchassis.agent.board;

/**
 * How GPUs reach a host. The constant names are the board file's spellings, so the file and the
 * code use one.
 */
public enum HostFabric {
  /** Cabled to an upstream port of a switch chip: GPUs are bound into its partition. */
  pcie,
  /** Reached over Ethernet through an ExpEther host engine: GPUs join its group. */
  ethernet
}
