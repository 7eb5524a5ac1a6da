/**
 * Per-slot control signals (presence, power enable, PERST#, attention LED) behind a small {@link
 * io.gpuchassis.sensor.gpio.GpioLine} seam, so the slot logic does not care whether a signal sits on an I2C expander
 * pin or a SoC GPIO.
 */
package io.gpuchassis.sensor.gpio;
