package io.gpuchassis.agent.chassis;

/** A chassis fan. */
public record Fan(String id, int maxRpm) {}
