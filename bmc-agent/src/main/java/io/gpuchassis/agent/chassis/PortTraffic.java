package io.gpuchassis.agent.chassis;

/**
 * The bytes a switch port has moved as its chip's bandwidth counters last read (all TLP kinds,
 * counted since the chip last started or cleared them).
 *
 * @param rxBytes bytes received by the switch through this port (ingress)
 * @param txBytes bytes sent by the switch through this port (egress)
 */
public record PortTraffic(long rxBytes, long txBytes) {}
