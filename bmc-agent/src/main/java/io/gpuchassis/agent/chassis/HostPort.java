package io.gpuchassis.agent.chassis;

/** An upstream switch port cabled to a host server. */
public record HostPort(String id, String switchId, int port, int lanes, int pcieGeneration) {}
