package io.gpuchassis.agent.chassis;

/**
 * A link joining a port of one switch chip to a port of another, with its width and PCIe
 * generation. The chips are cascaded: the {@code a} end is a downstream port of its chip, the
 * {@code b} end the upstream port of {@code transitPartition} on chip {@code switchB}.
 */
public record InterSwitchLink(
    String switchA,
    int portA,
    String switchB,
    int portB,
    int lanes,
    int generation,
    int transitPartition) {}
