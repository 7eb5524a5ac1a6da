/**
 * Wiring of a whole chassis: opens the drivers for every device of a {@link
 * io.gpuchassis.sensor.layout.SensorLayout} from a Pi4J context (real or simulated, the code is the
 * same) and the external slot lines through the caller's resolver, records which devices could not
 * be opened or set up and why ({@link io.gpuchassis.sensor.chassis.DeviceStatus}), and turns the
 * drivers into poll tasks per bus (plus one poller for the external lines) at production intervals.
 */
package io.gpuchassis.sensor.chassis;
