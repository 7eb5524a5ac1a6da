package io.gpuchassis.agent.chassis;

/**
 * An upstream switch port cabled to a host server, and the partition of its chip whose upstream
 * port it is.
 */
public record HostPort(
    String id, String switchId, int port, int lanes, int pcieGeneration, int partition) {}
