/**
 * Per-slot control signals (presence, power enable, PERST#, attention LED) behind a small {@link
 * io.gpuchassis.sensor.gpio.GpioLine} seam, so the slot logic does not care whether a signal sits
 * on an I2C expander pin or on an external line (a processor GPIO, a connector GPIO of a PCIe
 * switch) that the caller resolves through an {@link
 * io.gpuchassis.sensor.gpio.ExternalLineResolver}. {@link io.gpuchassis.sensor.gpio.SlotSignal}
 * fixes each signal's polarity.
 */
package io.gpuchassis.sensor.gpio;
