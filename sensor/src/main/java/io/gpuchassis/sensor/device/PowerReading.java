package io.gpuchassis.sensor.device;

/**
 * One set of readings from a power monitor.
 *
 * @param busVolts voltage of the monitored rail
 * @param amps current through the shunt (negative if it flows backwards)
 * @param watts power as the monitor computes it
 */
public record PowerReading(double busVolts, double amps, double watts) {}
