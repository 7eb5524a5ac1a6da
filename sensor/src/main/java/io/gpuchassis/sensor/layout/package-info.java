/**
 * Where the chassis's sensor devices sit: bus, address and mux channel of every sensor, supply, fan
 * controller and GPU sideband, and where each slot signal is wired (an expander pin or an external
 * line named for the caller to resolve). Optional parts (fan controller, a slot's GPU sideband, any
 * slot signal) are {@code Optional} or absent from a map, never placeholders. The same description
 * wires the real drivers ({@link io.gpuchassis.sensor.chassis}) and places the simulated devices
 * ({@link io.gpuchassis.sensor.sim}).
 */
package io.gpuchassis.sensor.layout;
