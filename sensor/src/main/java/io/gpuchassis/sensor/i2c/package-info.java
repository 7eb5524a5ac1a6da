/**
 * The thin layer between the device drivers and Pi4J: SMBus-style transfers with explicit byte
 * order over a Pi4J {@link com.pi4j.io.i2c.I2C}, the checked exceptions drivers throw, and the one
 * place where a Pi4J context is built (explicitly, never by auto-detection).
 */
package io.gpuchassis.sensor.i2c;
