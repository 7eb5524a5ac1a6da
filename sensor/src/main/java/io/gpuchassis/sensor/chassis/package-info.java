/**
 * Wiring of a whole chassis: opens the drivers for every device of a {@link io.gpuchassis.sensor.layout.SensorLayout}
 * from a Pi4J context (real or simulated, the code is the same) and turns them into per-bus poll tasks at production
 * intervals.
 */
package io.gpuchassis.sensor.chassis;
