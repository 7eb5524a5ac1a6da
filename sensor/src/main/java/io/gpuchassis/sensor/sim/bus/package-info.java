/**
 * Simulated I2C below Pi4J: a Pi4J {@link com.pi4j.io.i2c.I2CProvider} whose buses route transfers to in-process
 * targets (register-map devices, muxes), so the real drivers run unmodified against simulated hardware. Transfers
 * fail the way linuxfs transfers fail: with a Pi4J exception when an address does not acknowledge.
 */
package io.gpuchassis.sensor.sim.bus;
