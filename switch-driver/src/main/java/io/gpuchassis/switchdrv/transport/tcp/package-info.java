/**
 * SMWP ("switch management wire protocol", reference §9) over TCP, profile M: GAS reads and writes
 * and whole MRPCs in CRC-checked frames. For the simulator and remote debugging.
 */
package io.gpuchassis.switchdrv.transport.tcp;
