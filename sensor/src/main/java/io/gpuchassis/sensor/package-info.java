/**
 * Chassis sensors and GPIO lines through Pi4J, GPU sideband, thresholds and register-level
 * simulated devices.
 */
package io.gpuchassis.sensor;
