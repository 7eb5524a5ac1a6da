package io.gpuchassis.switchdrv.sim;

/**
 * A binding present at boot (the switch configuration's static binding).
 *
 * @param partition partition ID
 * @param logicalPort logical DSP (1..47)
 * @param physicalPort physical port bound there
 */
public record InitialBinding(int partition, int logicalPort, int physicalPort) {}
