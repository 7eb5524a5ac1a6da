package io.gpuchassis.agent.chassis;

/** A power supply unit. */
public record PowerSupply(String id, String model, int ratedWatts) {}
