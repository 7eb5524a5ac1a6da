/**
 * Simulated I2C below Pi4J: a Pi4J {@link com.pi4j.io.i2c.I2CProvider} whose buses route transfers
 * to in-process targets (register-map devices, muxes), so the real drivers run unmodified against
 * simulated hardware. Transactions are kept apart as on the wire: a write, a read on its own, and a
 * combined write-then-read (Pi4J's {@code readRegister}); an SMBus command target ({@link
 * io.gpuchassis.sensor.sim.bus.TargetKind#SMBUS_COMMAND}) answers a read only within the combined
 * one. Transfers fail the way linuxfs transfers fail: with a Pi4J exception when an address does
 * not acknowledge, and creating a device on a bus whose adapter is missing throws.
 */
package io.gpuchassis.sensor.sim.bus;
