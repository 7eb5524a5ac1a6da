/**
 * I2C (TWI) transport: Switchtec's TWI GAS-access frames with tags and SMBus PEC (reference §1.3),
 * spoken through Pi4J's {@code com.pi4j.io.i2c.I2C} interface.
 */
package io.gpuchassis.switchdrv.transport.i2c;
