/**
 * Simulated I2C devices as register maps: values persist and can be read any number of times, in
 * the byte order of the real part, with PMBus pages, NAK injection and frozen ("stuck") values;
 * measuring parts can add seeded {@link io.gpuchassis.sensor.sim.device.MeasurementNoise} to each
 * conversion, which a frozen part no longer makes. Each class models the registers the drivers in
 * {@link io.gpuchassis.sensor.device} use, plus the physical inputs ({@code set...}) the chassis
 * physics drives.
 */
package io.gpuchassis.sensor.sim.device;
