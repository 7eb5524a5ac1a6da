package io.gpuchassis.agent.chassis;

/**
 * A switch port's link as last observed: whether it is up (in L0), training, and its negotiated and maximum PCIe
 * generation and width. The LTSSM state name is kept for operators.
 */
public record PortLink(
    int port,
    boolean up,
    boolean training,
    int generation,
    int width,
    int maxGeneration,
    int maxWidth,
    String ltssm,
    PortErrorCounters counters) {
}
