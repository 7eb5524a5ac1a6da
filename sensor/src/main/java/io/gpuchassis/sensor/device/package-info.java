/**
 * Drivers for the chassis's I2C devices, each a small class over a {@link
 * io.gpuchassis.sensor.i2c.SmbusDevice}: the register layout and the decoding of one part class.
 * Drivers are stateless apart from caches of configuration they wrote themselves; a failed transfer
 * is a {@link io.gpuchassis.sensor.i2c.DeviceException}, never a value.
 */
package io.gpuchassis.sensor.device;
